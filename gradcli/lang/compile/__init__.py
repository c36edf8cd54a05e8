"""Compiling the parse tree to closures `run(frame)`, once; then running them.

    interpreter  the front door: parse, compile, run a program with its per-run context
    compiler     statements: blocks, assignments, imports, control flow
    expressions  expressions and assignment targets (calls, displays and definitions in their own files)
    calls, displays, definitions, classes, handling, exceptions, strings   one construct family each
    runtime      frames, script functions, the per-run context
    provenance   the compiler that also records where each value came from (for --explain)
"""
