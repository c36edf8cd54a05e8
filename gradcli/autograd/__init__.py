"""The autograd engine, knowing gradients by duck typing (no numpy, no Tensor): the graph's nodes and the one
traversal of backward. torch.autograd's Python-level library (Function, functional, gradcheck) is torchlib/autograd/,
its front doors backward and grad core/backward.py.

    graph   Node (a grad_fn), AccumulateGrad, the edges between them
    engine  run_backward: the only traversal; observers listen to each node it runs
"""
