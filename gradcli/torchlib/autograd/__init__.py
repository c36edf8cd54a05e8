"""torch.autograd's Python-level library: Function (function), jacobian and hessian (functional), gradcheck and
gradgradcheck (gradcheck). The engine they run on is gradcli/autograd/ (the same concept a layer below: nodes and
the traversal); backward and grad themselves are core/backward.py.
"""
