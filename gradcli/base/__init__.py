"""The bottom layer, standard library only: what every other layer may import.

    runstate      the run state: what a script can set (grad mode, default dtype, seeds, ...), per run and thread
    errors        the one error type (GradcliError, with a source position), warnings, torch's autograd messages
    dtypes        torch's dtypes and type promotion (result_type)
    grad_mode     no_grad / enable_grad / set_grad_enabled
    anomaly       torch.autograd's anomaly detection (where a node's forward ran)
    return_types  torch.return_types' named tuples (max(dim), sort, topk, linalg's)
    subclassable  library classes a script may subclass, and what it may touch on them
"""
