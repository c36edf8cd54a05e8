"""numpy enters here: the Tensor and what every op needs beside the table (ops/) and the kernels (kernels/).

    tensor    Tensor: a numpy array with torch's autograd state
    backward  torch.autograd's front doors, backward and grad: normalise the arguments, call the engine
    printing  a port of torch's _tensor_str (print options, summarising)
    rng       torch's CPU random stream (MT19937), bit for bit
    limits    resource limits: defaults, options, the budget every builder of a value charges
    numerics  numpy as torch behaves while gradcli computes (inf and nan silently)
"""
