"""Understanding a backward pass, from the engine's observer (one step list, several views).

    steps          the chain rule as the engine applies it, one step per node (eval/run --explain)
    text           explanations written out: plain text, compact text, JSON
    bound          an op-table formula with one node's values bound, as a learner reads it
    diagnosis      why a .grad is None; what a backward added to a .grad
    graph_view     the backward graph as plain data (the CLI's tree, --graph)
    graph_formats  the graph for other programs: DOT, JSON
    layout         the graph laid out: layers, boxes and edges routed around them (the SVG and the page share it)
    graph_svg      the graph drawn as SVG by gradcli itself (--svg; the --html page draws the same)
"""
