"""Drawing `gradcli plot`'s curves: in the terminal with plotext (braille lines, axes and a legend, fitted to the
terminal's width), or into an SVG or PNG file with matplotlib, an optional extra. Both are imported only here,
when a plot is drawn."""

import os
import shutil
import sys

from .common import Failed


_MARKERS = ("braille", "dot", "+", "x", "*")


def draw(curves):
    """The curves as text: colours on a terminal (unless NO_COLOR), plain characters when piped."""
    import plotext as plt
    width, lines = shutil.get_terminal_size((100, 30))
    plain = not sys.stdout.isatty() or bool(os.environ.get("NO_COLOR"))
    plt.clear_figure()
    for i, (label, values) in enumerate(curves.series):
        # without colour, each curve has a marker of its own
        marker = _MARKERS[i % len(_MARKERS)] if plain else "braille"
        plt.plot(curves.x.tolist(), values.tolist(), label=label, marker=marker)
    plt.plotsize(max(40, min(width, 160)), max(12, min(lines - 2, width // 3, 30)))
    plt.title(curves.expression)
    plt.xlabel(curves.name)
    text = plt.build()
    if plain:
        text = plt.uncolorize(text)
    sys.stdout.write(text.rstrip() + "\n")


def write_image(curves, path):
    """The curves into `path` (.svg or .png) with matplotlib; a clear message naming the extra without it."""
    try:
        import matplotlib
    except ImportError:
        raise Failed("writing %s needs matplotlib, an optional extra: pip install 'gradcli[plot]'" % path) from None
    matplotlib.use("Agg")  # files only: no window, no display needed
    from matplotlib import pyplot
    figure, axes = pyplot.subplots(figsize=(7, 4.5))
    for label, values in curves.series:
        axes.plot(curves.x, values, label=label)
    axes.set_title(curves.expression)
    axes.set_xlabel(curves.name)
    axes.axhline(0, color="0.8", linewidth=0.8)
    axes.legend()
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as exc:
        raise Failed("cannot write %s: %s" % (path, exc.strerror or exc)) from None
    finally:
        pyplot.close(figure)
