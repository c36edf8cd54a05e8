"""The op table's rows, one file a family (see ops/__init__ for which family is where): each row one torch overload,
its grad_fn name, numpy forward and derivative formulas.
"""
