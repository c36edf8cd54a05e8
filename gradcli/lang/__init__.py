"""The script language: PyTorch-compatible Python, compiled to closures and run behind an allow-list.

    syntax/   text -> tree with positions (the grammar, the LALR driver; the only importer of lark)
    compile/  tree -> closures, and the runtime they run with (frames, script functions and classes)
    sandbox/  what a script can reach: the allow-list and its one gate for names, the guards on Python's values,
              the numpy wrapper, the standard-library modules, torch's argument names and refusals
"""
