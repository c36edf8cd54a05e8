"""Regenerate cases.json: each snippet of the torch subset run under real torch 2.13, its stdout, warnings and
the exception it ends with (class and message). tests/autograd/test_autograd.py and friends replay the snippets in
gradcli and compare. Run with a Python that has torch:

    /work/torchenv/bin/python tests/golden/autograd/make_golden.py [GROUP ...]
"""

import contextlib
import io
import json
import pathlib
import runpy
import tempfile
import warnings

HERE = pathlib.Path(__file__).resolve().parent

X = "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
M = "m = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\n"

CASES = {
    # ---------------------------------------------------------------- leaves and requires_grad
    "leaf_facts": X + "a = torch.tensor([1., 2., 3.])\nprint(x.is_leaf, x.requires_grad, x.grad_fn, x.grad)\n"
                      "y = a * x\nprint(y.is_leaf, y.requires_grad, y.grad_fn, y.grad_fn.next_functions)\n"
                      "z = a * 2\nprint(z.is_leaf, z.requires_grad, z.grad_fn)\n"
                      "with torch.no_grad():\n    w = x * 2\n    with torch.enable_grad():\n        e = x * 2\n"
                      "print(w.requires_grad, w.is_leaf, e.requires_grad, e.grad_fn)\n"
                      "d = x.detach()\nprint(d.requires_grad, d.is_leaf, d.grad_fn)\n",
    "requires_grad_int_ctor": "t = torch.tensor([1, 2], requires_grad=True)\n",
    "requires_grad_int_ones": "t = torch.ones(2, dtype=torch.int64, requires_grad=True)\n",
    "requires_grad_int_method": "t = torch.tensor([1, 2]).requires_grad_()\n",
    "requires_grad_int_set": "t = torch.tensor([1, 2])\nt.requires_grad = True\n",
    "requires_grad_nonleaf_false": X + "y = x * 1\ny.requires_grad = False\n",
    "requires_grad_nonleaf_false_": X + "y = x * 1\ny.requires_grad_(False)\n",
    "requires_grad_nonleaf_true": X + "y = x * 1\ny.requires_grad = True\n",
    "requires_grad_nonleaf_true_": X + "y = x * 1\nprint(y.requires_grad_())\n",
    "requires_grad_method": "a = torch.ones(2)\nprint(a.requires_grad_(), a.requires_grad, a.is_leaf)\n"
                            "a.requires_grad_(False)\nprint(a.requires_grad)\n",
    # ---------------------------------------------------------------- .grad
    "grad_accumulates_same_object": X + "(x * 2).sum().backward()\ng = x.grad\n(x * 3).sum().backward()\n"
                                        "print(x.grad, x.grad is g, g)\nx.grad = None\nprint(x.grad)\n"
                                        "(x * x).sum().backward()\nprint(x.grad)\nx.grad.zero_()\nprint(x.grad)\n",
    "grad_assign": X + "x.grad = torch.ones(3)\nprint(x.grad)\n(x * 2).sum().backward()\nprint(x.grad)\n",
    "grad_assign_shape": "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = torch.ones(3)\n",
    "grad_assign_dtype": "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = torch.ones(2, dtype=torch.float64)\n",
    "grad_assign_int": "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = torch.ones(2, dtype=torch.int64)\n",
    "grad_assign_list": "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = [1., 2.]\n",
    "grad_assign_self": "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad = x\n",
    "grad_none_method": "x = torch.tensor([1., 2.], requires_grad=True)\nx.grad.zero_()\n",
    "cross_without_dim_warns_once": "a = torch.randn(2, 3, requires_grad=True)\nb = torch.cross(a, a + 1)\n"
                                    "c = torch.cross(b, a)\nprint(c.grad_fn, c.shape)\n",
    "var_std_without_degrees_of_freedom_warn": "print(torch.ones(1).var(), torch.empty(0).std())\n"
                                               "print(torch.ones(3, 2).var(dim=1, correction=2))\n"
                                               "print(torch.ones(3, 2).var(dim=0, correction=1))\n"
                                               "print(torch.var_mean(torch.ones(2, 3), dim=1, correction=3))\n"
                                               "print(torch.std_mean(torch.ones(1)))\n",
    "nonleaf_grad_warns": X + "y = x * 2\ny.sum().backward()\nprint(y.grad)\nprint(x.grad)\n",
    "retain_grad": X + "y = x * 2\ny.retain_grad()\nprint(y.retains_grad, x.retains_grad)\n(y * y).sum().backward()\n"
                       "print(y.grad, x.grad)\n",
    "retain_grad_root": X + "z = (x * x).sum()\nz.retain_grad()\nz.backward()\nprint(z.grad, x.grad)\n",
    "retain_grad_leaf_noop": X + "x.retain_grad()\nprint(x.retains_grad)\n",
    "retain_grad_no_grad": "a = torch.ones(2)\na.retain_grad()\n",
    "retain_grad_then_inplace": X + "y = x * 2\ny.retain_grad()\ny.add_(1)\n(y * y).sum().backward()\n"
                                    "print(y.grad, x.grad)\n",
    "grad_fn_after_backward": X + "y = x.sum()\ny.backward()\nprint(y.grad_fn, y.grad_fn.name())\n",
    "mixed_dtype_grads": "a = torch.tensor([1., 2.], requires_grad=True)\n"
                         "b = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\n"
                         "(a + b).sum().backward()\nprint(a.grad, b.grad)\n",
    "gradient_other_dtype": X + "(x * 2).backward(torch.tensor([1, 1, 1]))\nprint(x.grad)\n"
                                "(x * 2).backward(torch.ones(3, dtype=torch.float64))\nprint(x.grad)\n",
    "gradient_zero_dim": X + "x.sum().backward(torch.tensor(2.))\nprint(x.grad)\n",
    "backward_one_element": "x = torch.tensor([3.], requires_grad=True)\n(x * 2).backward()\nprint(x.grad)\n",
    # ---------------------------------------------------------------- next_functions and nodes
    "next_functions_same_accumulator": X + "y = x * x\nf = y.grad_fn.next_functions\n"
                                           "print(f, f[0][0] is f[1][0])\nacc = f[0][0]\n"
                                           "print(acc.next_functions, acc.variable is x, acc.name())\n"
                                           "print((x * 3).grad_fn.next_functions[0][0] is acc)\n"
                                           "print(y.sum().grad_fn.name())\n",
    "next_functions_constants": X + "print((x + 2).grad_fn.next_functions, (2 - x).grad_fn.next_functions)\n"
                                    "print((x ** 2).grad_fn.next_functions, (2 ** x).grad_fn.next_functions)\n"
                                    "print(torch.where(x > 2, x, 0.).grad_fn.next_functions)\n",
    # ---------------------------------------------------------------- backward and autograd.grad
    "backward_twice": X + "y = (x * x).sum()\ny.backward()\ny.backward()\n",
    "backward_twice_retain": X + "y = (x * x).sum()\ny.backward(retain_graph=True)\ny.backward()\nprint(x.grad)\n"
                                 "y.backward()\n",
    "grad_twice": X + "z = (x * x).sum()\nprint(torch.autograd.grad(z, x))\ntorch.autograd.grad(z, x)\n",
    "second_backward_ok": "x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\n"
                          "for y in [x.sum(), x.mean(), (x + 2).sum(), (x + x).sum(), (x - 2).sum(), (2 - x).sum(), "
                          "(-x).sum(), x.view(2, 2).sum(), x.reshape(4).sum(), x[0], x[1:3].sum(), "
                          "x.unsqueeze(0).sum(), x.expand(2, 4).sum(), x.clone().sum(), torch.cat([x, x]).sum(), "
                          "x.sum() + 1]:\n    y.backward()\n    y.backward()\nprint(x.grad)\n",
    "second_backward_mul_scalar": "x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\ny = (x * 2).sum()\n"
                                  "y.backward()\ny.backward()\n",
    "second_backward_sum_times": "x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\ny = x.sum() * 2\n"
                                 "y.backward()\ny.backward()\n",
    "second_backward_exp": "x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\ny = x.exp().sum()\n"
                           "y.backward()\ny.backward()\n",
    "implicit_nonscalar": X + "(x * 2).backward()\n",
    "implicit_nonscalar_grad": X + "torch.autograd.grad(x * 2, x)\n",
    "no_grad_fn": "torch.tensor([1., 2.]).sum().backward()\n",
    "no_grad_fn_no_grad": X + "with torch.no_grad():\n    y = x.sum()\ny.backward()\n",
    "no_grad_fn_detached": X + "x.detach().sum().backward()\n",
    "grad_output_not_requiring": X + "torch.autograd.grad(torch.tensor(3.), x)\n",
    "gradient_wrong_shape": X + "(x * 2).backward(torch.ones(2))\n",
    "gradient_wrong_shape_2": X + "(x * 2).backward(torch.ones(1, 3))\n",
    "gradient_wrong_shape_0d": X + "x.sum().backward(torch.ones(3))\n",
    "gradient_list": X + "(x * 2).backward([1., 1., 1.])\n",
    "grad_unused": "x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.tensor([1., 2.], requires_grad=True)\n"
                   "z = (x * 2).sum()\ntorch.autograd.grad(z, [x, y])\n",
    "grad_allow_unused": "x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.tensor([1., 2.], requires_grad=True)\n"
                         "z = (x * 2).sum()\nprint(torch.autograd.grad(z, [x, y], allow_unused=True))\n",
    "grad_materialize": "x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.tensor([1., 2.], requires_grad=True)\n"
                        "print(torch.autograd.grad((x * 2).sum(), [x, y], materialize_grads=True))\n",
    "grad_materialize_disallowed": "x = torch.tensor([1., 2.], requires_grad=True)\n"
                                   "torch.autograd.grad((x * 2).sum(), [x], materialize_grads=True, allow_unused=False)\n",
    "grad_input_no_grad": "x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.tensor([1., 2.])\n"
                          "torch.autograd.grad((x * 2).sum(), [y])\n",
    "grad_empty_inputs": X + "torch.autograd.grad((x * 2).sum(), [])\n",
    "grad_leaves_grad_alone": X + "y = (x * x).sum()\nprint(torch.autograd.grad(y, x), x.grad)\n",
    "grad_wrt_nonleaf": X + "y = x * 2\nz = (y * y).sum()\nprint(torch.autograd.grad(z, [y, x]))\n",
    "grad_wrt_self": X + "print(torch.autograd.grad(x, x, torch.ones(3)))\n",
    "grad_outputs_list": X + "print(torch.autograd.grad([(x * 2).sum(), (x * x).sum()], x))\n"
                             "print(torch.autograd.grad(x * 2, x, torch.tensor([1., 0., 2.])))\n",
    "grad_outputs_type": X + "torch.autograd.grad(x * 2, x, [1., 1., 1.])\n",
    "backward_several_outputs": X + "torch.autograd.backward([(x * 2).sum(), (x * 3).sum()])\nprint(x.grad)\n",
    "backward_inputs": X + "w = torch.tensor([1., 1., 1.], requires_grad=True)\n"
                           "(x * w).sum().backward(inputs=[x])\nprint(x.grad, w.grad)\n"
                           "(x * w).sum().backward(inputs=w)\nprint(x.grad, w.grad)\n",
    "backward_inputs_nonleaf": X + "y = x * 2\n(y * y).sum().backward(inputs=[y])\nprint(y.grad, x.grad)\n",
    "backward_inputs_empty": X + "(x * x).sum().backward(inputs=[])\n",
    "backward_inputs_no_grad": X + "(x * x).sum().backward(inputs=[torch.ones(3)])\n",
    # ---------------------------------------------------------------- higher order
    "create_graph_grad": "x = torch.tensor([1., 2.], requires_grad=True)\n"
                         "g, = torch.autograd.grad((x ** 3).sum(), x, create_graph=True)\nprint(g)\n"
                         "h, = torch.autograd.grad(g.sum(), x)\nprint(h)\n",
    "create_graph_third": "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x ** 4).sum()\n"
                          "g, = torch.autograd.grad(y, x, create_graph=True)\n"
                          "h, = torch.autograd.grad(g.sum(), x, create_graph=True)\n"
                          "k, = torch.autograd.grad(h.sum(), x)\nprint(g, h, k)\n",
    "create_graph_xx": "x = torch.tensor([1., 2.], requires_grad=True)\n"
                       "g, = torch.autograd.grad((x * x).sum(), x, create_graph=True)\nprint(g)\n",
    "create_graph_linear": "x = torch.tensor([1., 2.], requires_grad=True)\n"
                           "g, = torch.autograd.grad((x * 2).sum(), x, create_graph=True)\nprint(g, g.requires_grad)\n"
                           "torch.autograd.grad(g.sum(), x)\n",
    "create_graph_backward": "x = torch.tensor([1., 2.], requires_grad=True)\n"
                             "(x ** 3).sum().backward(create_graph=True)\ng = x.grad\nprint(g, g.grad_fn.next_functions)\n"
                             "(x ** 3).sum().backward(create_graph=True)\nprint(x.grad, x.grad is g, x.grad.grad_fn.next_functions)\n"
                             "(x ** 3).sum().backward()\nprint(x.grad)\n",
    "create_graph_backward_second": "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
                                    "(x ** 3).sum().backward(create_graph=True)\ng = x.grad\nx.grad = None\n"
                                    "g.sum().backward()\nprint(x.grad)\n",
    "create_graph_names": X + "for y in [(x * x).sum(), x.log().sum(), x.sum(), x.mean(), x.tanh().sum(), "
                              "x.sigmoid().sum(), x.exp().sum(), x.sin().sum(), (x @ x), x.relu().sum(), "
                              "(x / (x + 1)).sum(), x.view(3, 1).sum(), x[1:].sum(), torch.cat([x, x]).sum(), "
                              "x.unsqueeze(0).expand(2, 3).sum(), x.t().sum(), x.unbind()[1] * 1, x[[0, 0]].sum(), "
                              "torch.stack([x, x]).sum(), x.split(2)[1].sum()]:\n"
                              "    g, = torch.autograd.grad(y, x, create_graph=True)\n"
                              "    print(g, g.grad_fn.next_functions if g.grad_fn is not None else None)\n",
    # ---------------------------------------------------------------- grad mode
    "grad_mode_plain_call": X + "torch.set_grad_enabled(False)\nprint((x * 2).requires_grad, torch.is_grad_enabled())\n"
                                "torch.set_grad_enabled(True)\nprint((x * 2).requires_grad, torch.is_grad_enabled())\n",
    "grad_mode_with": X + "with torch.set_grad_enabled(False):\n    print((x * 2).requires_grad)\n"
                          "print((x * 2).requires_grad)\nwith torch.no_grad():\n    print(torch.is_grad_enabled())\n"
                          "    x.add_(1)\nprint(x, x._version, x.is_leaf)\n",
    # ---------------------------------------------------------------- data and detach
    "data_and_detach": X + "d = x.data\nprint(d.requires_grad, d.is_leaf)\nd.add_(1)\nprint(x, x._version, d._version)\n"
                           "e = x.detach()\ne.add_(1)\nprint(x, x._version, e._version)\n",
    "detach_inplace": X + "y = x * 2\nprint(y.detach_(), y.is_leaf, y.requires_grad, y.grad_fn)\n"
                          "print(x.detach_(), x.requires_grad)\n",
    "detach_inplace_view": X + "(x * 2)[0:2].detach_()\n",
    "data_assign": X + "x.data = torch.ones(3)\nprint(x, x._version)\n",
    "detach_version_check": X + "y = x * x\nx.detach().mul_(2)\ny.sum().backward()\n",
}

INPLACE = {
    "inplace_history": X + "y = x * 2\nprint(y.grad_fn, y._version)\n"
                           + "".join("y.%s\nprint(y.grad_fn, y.grad_fn.next_functions, y._version, y.is_leaf)\n" % op
                                     for op in ("add_(1)", "mul_(2)", "sub_(1)", "div_(2)", "pow_(2)", "exp_()",
                                                "clamp_(min=0)", "relu_()", "zero_()", "fill_(1.)", "neg_()",
                                                "copy_(torch.ones(3))", "sigmoid_()", "tanh_()", "sqrt_()", "abs_()")),
    "inplace_augmented": X + "z = x * 2\nz += 1\nprint(z.grad_fn.next_functions)\nz *= 3\nprint(z.grad_fn)\n"
                             "z -= x\nprint(z.grad_fn.next_functions)\nz /= 2\nprint(z.grad_fn, z._version)\n",
    "inplace_grads": X + "y = x * 2\ny.add_(1)\ny.mul_(3)\ny.sum().backward()\nprint(x.grad, y)\n",
    "inplace_grads_original_self": X + "w = torch.tensor([1., 1., 2.], requires_grad=True)\n"
                                       "y = x * 2\ny.mul_(w)\ny.add_(1)\ny.sum().backward()\nprint(x.grad, w.grad)\n"
                                       "y = x * 2\ny.pow_(2)\ny.add_(1)\ny.pow_(2)\ny.sum().backward()\nprint(x.grad)\n"
                                       "y = x * 2\ny.div_(w)\ny.add_(1)\ny.sum().backward()\nprint(x.grad, w.grad)\n"
                                       "y = x - 2\ny.abs_()\ny.add_(1)\ny.sum().backward()\nprint(x.grad)\n"
                                       "y = x * 2\ny.clamp_(min=3)\ny.add_(1)\ny.sum().backward()\nprint(x.grad)\n",
    "inplace_leaf": X + "x.add_(1)\n",
    "inplace_leaf_iadd": X + "x += 1\n",
    "inplace_leaf_zero": X + "x.zero_()\n",
    "inplace_view_of_leaf_setitem": "x = torch.tensor([1., 2.], requires_grad=True)\nx[0] = 5.\n",
    "inplace_view_of_leaf_method": "x = torch.tensor([1., 2.], requires_grad=True)\nx[0].add_(1)\n",
    "inplace_view_of_leaf_view": "x = torch.tensor([1., 2.], requires_grad=True)\nx.view(2).add_(1)\n",
    "inplace_leaf_index_put": "x = torch.tensor([1., 2.], requires_grad=True)\nx[[0]] = 5.\n",
    "inplace_leaf_no_grad": X + "v = x[0:2]\nwith torch.no_grad():\n    x.mul_(2)\n    x[0] = 7.\n"
                                "print(x, x._version, x.is_leaf, x.grad_fn, v._version)\n",
    "version_counter": "t = torch.ones(3)\nt.add_(1)\nt.mul_(2)\nt[0] = 1\nprint(t._version)\n"
                       "u = torch.ones(3)\nu += 1\nprint(u._version)\nv = u[1:]\nv.mul_(2)\nprint(u._version, v._version, u)\n",
    "version_error_input": X + "y = x * 2\nz = y * y\ny.add_(1)\nz.sum().backward()\n",
    "version_error_output": X + "y = x.exp()\ny.add_(1)\ny.sum().backward()\n",
    "version_error_twice_2d": "x = torch.ones(2, 3, requires_grad=True)\ny = x.exp()\ny.mul_(2)\ny.mul_(2)\ny.sum().backward()\n",
    "version_error_setitem": "a = torch.tensor([1., 2., 3.], requires_grad=True)\nb = a * 1\nc = b ** 2\nb[0] = 0.\n"
                             "c.sum().backward()\n",
    "version_error_leaf": X + "y = x * x\nwith torch.no_grad():\n    x.add_(1)\ny.sum().backward()\n",
    "version_error_plain": "w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\na = torch.ones(2, 2)\n"
                           "out = w @ a\na.add_(1)\nout.sum().backward()\n",
    "version_error_double": "x = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)\ny = x * 1\n"
                            "z = y * y\ny.mul_(2)\nz.sum().backward()\n",
    "version_error_relu_": X + "y = x - 2\ny.relu_()\ny.add_(1)\ny.sum().backward()\n",
    "version_error_exp_exp": X + "y = x * 1\ny.exp_()\ny.exp_()\ny.sum().backward()\n",
    "version_error_mul_self": X + "y = x * 1\ny.mul_(y)\ny.sum().backward()\n",
    "version_error_zero": X + "y = x * 1\ny.mul_(2)\nz = y * y\ny.zero_()\nz.sum().backward()\n",
    "version_error_copy": X + "y = x * 1\ny.fill_(2.)\nz = y * y\ny.copy_(torch.ones(3))\nz.sum().backward()\n",
    "version_error_clamp": X + "y = x * 1\ny.clamp_(min=0)\nz = y * y\ny.add_(1)\nz.sum().backward()\n",
    "version_error_view": X + "y = x * 1\nv = y[0:2]\nz = v * v\nv.add_(1)\nz.sum().backward()\n",
    "version_error_base_via_view": X + "y = x * 1\nv = y[0:2]\nz = y * y\nv.add_(1)\nz.sum().backward()\n",
    "version_error_view_via_base": X + "y = x * 1\nv = y[0:2]\nz = v * v\ny.add_(1)\nz.sum().backward()\n",
    "inplace_fine": X + "y = x * 2\nz = y + 1\ny.add_(1)\nz.sum().backward()\nprint(x.grad)\n"
                        "y = x * 1\nz = y.exp()\ny.mul_(2)\n(z * y).sum().backward()\nprint(x.grad)\n"
                        "y = x.pow(2)\ny.add_(1)\ny.sum().backward()\nprint(x.grad)\n",
    "inplace_int_to_float": "i = torch.tensor([1, 2])\ni.exp_()\n",
    "inplace_plain_becomes_nonleaf": X + "a = torch.zeros(3)\na.add_(x)\nprint(a.grad_fn, a.grad_fn.next_functions, a.is_leaf)\n"
                                         "(a * 2).sum().backward()\nprint(x.grad)\n",
    "inplace_nograd_keeps_history": X + "y = x * 2\nwith torch.no_grad():\n    y.add_(1)\nprint(y, y._version)\n"
                                        "y.sum().backward()\nprint(x.grad)\n",
    # ---------------------------------------------------------------- in place through views
    "setitem_history": X + "z2 = x * 2\nz2[0] = 5.\nprint(z2.grad_fn, z2.grad_fn.next_functions, z2)\n"
                           "z3 = x * 2\nz3[0] = x[1]\nprint(z3.grad_fn.next_functions)\n"
                           "(z2 + z3).sum().backward()\nprint(x.grad)\n",
    "setitem_augmented": X + "w = x * 1\nw[0] += 1\nprint(w.grad_fn, w.grad_fn.next_functions, w._version)\n"
                             "w.sum().backward()\nprint(x.grad)\n",
    "setitem_full_slice": X + "y = x * 1\ny[:] = torch.ones(3)\nprint(y.grad_fn, y.grad_fn.next_functions)\n",
    "setitem_advanced": X + "w = x * 1\nw[[0]] = 5.\nprint(w.grad_fn, w.grad_fn.next_functions)\n"
                            "u = x * 1\nu[u > 1] = 0.\nprint(u, u.grad_fn)\n(w + u).sum().backward()\nprint(x.grad)\n",
    "restride_inplace": X + "y = x * 1\n" + "".join(
        "print(y.%s.grad_fn, y.grad_fn.next_functions, y._version, y.shape)\n" % op for op in (
            "unsqueeze_(0)", "squeeze_()", "unsqueeze_(1)", "t_()", "squeeze_(1)", "transpose_(0, 1)",
            "squeeze_((0,))")) + "(y * y).sum().backward()\nprint(x.grad)\n"
        "z = x * 1\nz.unsqueeze_(0)\nw = z * z\nz.add_(1)\nw.sum().backward()\n",
    "restride_inplace_leaf": X + "x.unsqueeze_(0)\n",
    "restride_inplace_view": X + "y = x * 1\nv = y[1:]\nv.unsqueeze_(1)\nv.mul_(3)\n"
                                 "print(v.shape, v.grad_fn, y.grad_fn, y)\ny.sum().backward()\nprint(x.grad)\n",
    "setitem_mixed_indices": 'm = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\nw = m * 1\nw[0, [0, 1]] = 5.\nprint(w, w.grad_fn, w.grad_fn.next_functions)\nw2 = m * 1\nw2[:, [0, 2]] = torch.tensor([7., 8.])\nprint(w2, w2.grad_fn, w2.grad_fn.next_functions)\nw3 = m * 1\nw3[w3 > 2] = m[0, 0] * 10\nprint(w3, w3.grad_fn, w3.grad_fn.next_functions)\n(w + w2 + w3).sum().backward()\nprint(m.grad)\nw4 = m * 1\nw4[1][[0, 2]] = 0.\nprint(w4, w4.grad_fn)\nw5 = torch.zeros(2, 3)\nw5[[0, 1], [1, 2]] = m[1, :2]\nprint(w5, w5.grad_fn, w5.grad_fn.next_functions)\nw5.sum().backward()\nprint(m.grad)\n',
    "setitem_shape_error": M + "y = m * 1\ny[0] = torch.ones(2)\n",
    "setitem_broadcast": M + "y = m * 1\ny[0] = torch.tensor([7.])\ny[1, 1:] = torch.tensor([8., 9.])\nprint(y)\n"
                             "y.sum().backward()\nprint(m.grad)\n",
    "setitem_tensor_requires_grad": X + "a = torch.zeros(3)\na[1] = x[0] * 3\nprint(a, a.grad_fn.next_functions)\n"
                                        "a.sum().backward()\nprint(x.grad)\n",
    "view_inplace_history": X + "w = x * 1\nv = w[0:2]\nv.add_(1)\nprint(v.grad_fn, v.grad_fn.next_functions)\n"
                                "print(w.grad_fn, w.grad_fn.next_functions, v.grad_fn.next_functions[0][0] is w.grad_fn)\n"
                                "w.sum().backward()\nprint(x.grad)\n",
    "view_renewed_after_base_change": X + "w = x * 1\nv = w[0:2]\nw.mul_(2)\nprint(v.grad_fn, v.grad_fn.next_functions)\n"
                                          "(v * v).sum().backward()\nprint(x.grad)\n",
    "view_of_view_inplace": X + "w = x * 1\nv = w[0:2]\nvv = v[1]\nvv.mul_(5)\nprint(vv.grad_fn, v.grad_fn, w.grad_fn)\n"
                                "w.sum().backward()\nprint(x.grad, w)\n",
    "view_inplace_plain_base": X + "a = torch.zeros(3)\nv = a[0:2]\nv.add_(x[1:])\n"
                                   "print(a.grad_fn, a.grad_fn.next_functions, v.grad_fn)\n(a * a).sum().backward()\n"
                                   "print(x.grad, a)\n",
    "view_inplace_transposed": M + "y = m * 1\nt = y.t()\nt[0].mul_(10)\nprint(y)\ny.sum().backward()\nprint(m.grad)\n",
    "multi_output_inplace_split": M + "y = m * 1\ny.split(1)[0].add_(1)\n",
    "multi_output_inplace_unbind": M + "y = m * 1\ny.unbind()[1].add_(1)\n",
    "multi_output_inplace_iter": M + "y = m * 1\nfor r in y:\n    r.add_(1)\n",
    "multi_output_inplace_no_grad": "a = torch.ones(2, 2)\nb = a.split(1)[0]\nb.add_(1)\nprint(a)\n",
    "overlap_error_expand": X + "(x * 1).expand(2, 3).add_(1)\n",
    "overlap_error_plain": "torch.ones(3).expand(2, 3).add_(1)\n",
    "expand_row_setitem": "e = torch.ones(3).expand(2, 3)\ne[0] = 2.\nprint(e)\n",
    "no_grad_view_error_leaf": X + "with torch.no_grad():\n    v = x[0:2]\nv.add_(1)\n",
    "no_grad_view_error_nonleaf": X + "y = x * 1\nwith torch.no_grad():\n    v = y[0:2]\nv.add_(1)\n",
    "no_grad_view_plain_base": "a = torch.ones(3)\nwith torch.no_grad():\n    v = a[0:2]\nv.add_(1)\nprint(a)\n",
    "mixed_views_inplace": 'x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)\ny = x * 2\ny[:, 0] = y[:, 1] * 3\nprint(y, y.grad_fn)\ny.t()[1].mul_(2)\nprint(y)\nz = y.view(6)\nz[2:4] += torch.tensor([10., 20.])\nprint(y, z.grad_fn, y.grad_fn)\n(y * y).sum().backward()\nprint(x.grad)\na = torch.ones(2, 3)\nb = a.unsqueeze(0)\nb.mul_(x)\nprint(a, a.grad_fn, b.grad_fn)\na.sum().backward()\nprint(x.grad)\nx.grad = None\nw = x.clone()\ns = w.split(1)\nprint(s[0].grad_fn.next_functions)\nq = torch.stack(list(w.unbind(1)), 1)\nprint(q.grad_fn)\nq.exp().sum().backward()\nprint(x.grad)\ng, = torch.autograd.grad(x.sin().sum(), x, create_graph=True)\nprint(g.grad_fn)\nh, = torch.autograd.grad(g.sum(), x)\nprint(h)\nx2 = torch.tensor([1., 2.], requires_grad=True)\ny2 = x2 ** 2\ny2.backward(torch.ones(2), create_graph=True)\nprint(x2.grad, x2.grad.grad_fn)\nx2.grad.sum().backward()\nprint(x2.grad)\ne = x[0]\ne2 = e.detach()\ne2.add_(100)\nprint(x, x._version, e._version)\nwith torch.no_grad():\n    x[1, 1] = -1.\nprint(x, x._version, x.grad_fn)\nprint(x.is_leaf, x.requires_grad)\nm = torch.zeros(3)\nm[1:] = torch.tensor([1., 2.], requires_grad=True)\nprint(m, m.requires_grad, m.grad_fn)\n',
    "mixed_views_inplace_2": 'x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x * 1\nv = y.unsqueeze(0).expand(2, 3)\nprint(v.grad_fn)\ny2 = x * 1\ny2.unsqueeze(0).add_(1)\nprint(y2.grad_fn, y2)\ny3 = (x * 1).view(3, 1)\nt = torch.ones(3)\nt.requires_grad_()\nu = t[1:]\nprint(u.requires_grad, u.is_leaf, u.grad_fn)\nwith torch.no_grad():\n    u.mul_(5)\nprint(t, t._version, u._version, u.grad_fn)\n(u * u).sum().backward()\nprint(t.grad)\nfor r in torch.ones(2, 2, requires_grad=True):\n    print(r.grad_fn, r._version)\nk = torch.ones(2, 2, requires_grad=True) * 1\nk[0][1] = 5.\nprint(k, k.grad_fn, k.grad_fn.next_functions)\nk.sum().backward()\n',
}

VIEWS = {
    "view_names": M + "".join("print(%s.grad_fn, %s.grad_fn.next_functions, %s.shape)\n" % (e, e, e) for e in (
        "m.reshape(3, 2)", "m.reshape(-1)", "m.view(3, 2)", "m.view(-1)", "m.flatten()", "m.view_as(m)", "m.t()",
        "m.T", "m.transpose(0, 1)", "m.permute(1, 0)", "m.unsqueeze(0)", "m[None]", "m.squeeze()",
        "m.unsqueeze(0).squeeze()", "m.unsqueeze(0).squeeze(0)", "m.unsqueeze(0).squeeze((0,))", "m.expand_as(m)",
        "m[0:1].expand(4, 3)", "m.sum(dim=0).expand(2, 3)", "m[0]", "m[:, 1]", "m[..., 0]", "m[0, 1]",
        "m.select(0, 1)", "m[1:3]", "m[0:1]", "m[:]", "m.narrow(0, 0, 1)", "m[[0, 1]]", "m[m > 2]",
        "torch.cat([m, m])", "torch.cat([m, m], dim=1)", "torch.stack([m, m])", "m.clone()", "m.t().contiguous()",
        "m[:, 0:2]", "m[0:1, 0:2]", "m[..., ::2]", "m[None, 0]", "m[0, None]", "m[:, None]", "m[::2, 1]",
        "m[0, [0, 1]]", "m[[0, 1], 0:2]", "m[torch.tensor(1)]", "m[True]", "m[:, :]", "m[...]",
        "m[:, [True, False, True]]", "m.double()")),
    "reshape_names": M + "y = m * 1\n" + "".join("print(%s.grad_fn, %s.grad_fn.next_functions)\n" % (e, e) for e in (
        "y.t()[0:2].reshape(-1)", "y[:, 0:2].reshape(4)", "y[:, ::2].reshape(2, 2)", "y.t().reshape(6)",
        "y.t().flatten()", "y.t().reshape(3, 1, 2)", "y[:, 1:].reshape(4)", "y[0:1].reshape(3)")),
    "same_object": M + "print(m.contiguous() is m, m.float() is m, m.to(torch.float32) is m, m.flatten(1, 1) is m)\n"
                       "v = torch.ones(3, requires_grad=True)\nprint(v.flatten() is v, v.flatten().grad_fn)\n"
                       "s = torch.tensor(2., requires_grad=True)\nprint(s.flatten().grad_fn, s.squeeze(0).grad_fn)\n",
    "multi_output": M + "s = m.split(1)\nprint(s, s[0].grad_fn is s[1].grad_fn)\n"
                        "print((s[1] * 2).grad_fn.next_functions)\n"
                        "c = m.chunk(3, dim=1)\nprint(c)\nu = m.unbind(1)\nprint(u)\n"
                        "w = m.split([1, 2], dim=1)\nprint(w)\n"
                        "(s[1] * 3).sum().backward()\nprint(m.grad)\n"
                        "m.grad = None\n(c[0] * 2 + c[2]).sum().backward()\nprint(m.grad)\n"
                        "m.grad = None\n(u[0] + u[2] * 2).sum().backward()\nprint(m.grad)\n"
                        "print(torch.ones(5).chunk(3))\n",
    "iteration": M + "total = 0\nfor r in m:\n    print(r)\n    total = total + r.sum() * 2\n"
                     "total.backward()\nprint(m.grad)\nprint(m.tolist(), m[1, 2].item(), torch.tensor([[3.5]]).item())\n",
    "view_grads": M + "y = (m.t()[1:] * torch.tensor([[1.], [2.]])).sum() + m[:, None, 1].sum() * 3 + m[[0, 0, 1], 2].sum()"
                      " + m.reshape(3, 2)[2, 1] + m.expand(2, 2, 3).sum() + torch.stack([m, m * 2], 1)[1, 1].sum()\n"
                      "y.backward()\nprint(m.grad)\n"
                      "x = torch.tensor([1., 2., 3.], requires_grad=True)\nx[[0, 0, 1]].sum().backward()\nprint(x.grad)\n"
                      "x.grad = None\nx[x > 1].sum().backward()\nprint(x.grad)\n"
                      "x.grad = None\ntorch.cat([x, x[:2] * 2, x.unsqueeze(0)[0]]).sum().backward()\nprint(x.grad)\n",
    "index_values": M + "print(m[1:10], m[-1], m[:, -1], m[..., 1:], m[None, :, None].shape, m[1, [2, 0]])\n"
                        "print(m[m > 3], m[[1, 0]], m[:, [True, False, True]])\n",
    "index_mixed_advanced": "x = torch.arange(60.).reshape(3, 4, 5).requires_grad_()\n"
                            "for r in [x[0, None, [0, 0]], x[None, [0, 0]], x[:, None, [0, 1]], x[[0, 1], None], "
                            "x[0, :, [1, 2]], x[None, 0, [1, 2]], x[1, ..., [4, 0]], x[:, [True, False, True, True]], "
                            "x[x[..., 0] > 20], x[torch.tensor([[0, 1], [2, 0]])], x[[0, 2], 1:3, 4]]:\n"
                            "    print(r.shape, r.grad_fn, r.grad_fn.next_functions)\n"
                            "    r.sum().backward()\nprint(x.grad.sum(), x.grad[0])\n",
    "index_error_1d": "t = torch.tensor([1., 2., 3.])\nt[5]\n",
    "index_error_negative": "t = torch.tensor([1., 2., 3.])\nt[-4]\n",
    "index_error_second_dim": "torch.ones(2, 3)[0, 3]\n",
    "index_error_slice_int": "torch.ones(2, 3)[:, 5]\n",
    "index_error_list": "torch.tensor([1., 2., 3.])[[0, 5]]\n",
    "index_error_list_second": "torch.ones(2, 3)[:, [0, 3]]\n",
    "index_error_too_many": "torch.tensor([1., 2., 3.])[0, 0]\n",
    "index_error_zero_dim": "torch.tensor(5.)[0]\n",
    "index_error_float": "torch.ones(2, 3)[1.5]\n",
    "index_error_float_tensor": "torch.ones(2, 3)[torch.tensor([0.])]\n",
    "index_error_mask": "torch.ones(2, 3)[torch.tensor([True, False, True])]\n",
    "index_error_step": "torch.ones(3)[::-1]\n",
    "index_error_select": "torch.ones(2, 3).select(0, 5)\n",
    "view_error_contiguity": "torch.ones(2, 3).t().view(6)\n",
    "view_error_strided": "torch.ones(2, 3)[:, ::2].view(4)\n",
    "view_error_size": "torch.ones(2, 3).view(4)\n",
    "view_error_two_inferred": "torch.ones(2, 3).view(-1, -1)\n",
    "expand_error": "torch.ones(2, 3).expand(3, 3)\n",
    "expand_error_fewer": "torch.ones(2, 3).expand(3)\n",
    "expand_error_leading": "torch.ones(2, 3).expand(-1, 2, 3)\n",
    "cat_error_size": "torch.cat([torch.ones(2, 3), torch.ones(2, 2)])\n",
    "cat_error_zero_dim": "torch.cat([torch.tensor(1.), torch.tensor(2.)])\n",
    "cat_error_ndim": "torch.cat([torch.ones(2, 3), torch.ones(3)])\n",
    "cat_error_dim": "torch.cat([torch.ones(2, 3), torch.ones(2, 3)], dim=2)\n",
    "cat_error_empty": "torch.cat([])\n",
    "cat_dtypes": "print(torch.cat([torch.ones(1, 3), torch.ones(1, 3, dtype=torch.int64)]).dtype, "
                  "torch.stack([torch.ones(2), torch.ones(2, dtype=torch.float64)]).dtype)\n",
    "stack_error_size": "torch.stack([torch.ones(2, 3), torch.ones(2, 2)])\n",
    "stack_error_empty": "torch.stack([])\n",
    "split_error": "torch.ones(2, 3).split([1, 1], dim=1)\n",
    "permute_error_count": "torch.ones(2, 3).permute(0)\n",
    "permute_error_dup": "torch.ones(2, 3).permute(0, 0)\n",
    "t_error": "torch.ones(2, 3, 4).t()\n",
    "unsqueeze_error": "torch.ones(2, 3).unsqueeze(3)\n",
    "dim_error_transpose": "torch.ones(2, 3).transpose(0, 2)\n",
    "item_error": "torch.tensor([1., 2.]).item()\n",
    "item_error_empty": "torch.tensor([]).item()\n",
    "float_error": "float(torch.tensor([1., 2.]))\n",
    "bool_error": "bool(torch.tensor([1., 2.]))\n",
    "iter_error_zero_dim": "for v in torch.tensor(1.):\n    print(v)\n",
    "len_error_zero_dim": "len(torch.tensor(1.))\n",
    "transpose_T_warning": "x = torch.ones(2, 3, 4, requires_grad=True)\nprint(x.T.shape, x.T.grad_fn, x.mT.shape)\n",
}

# grad_fn-names.md "Second .backward()": each of these saved tensors, so a second backward fails
for _expr in ("(2 * x).sum()", "(x / 2).sum()", "(2 / x).sum()", "(x * x).sum()", "(x ** 2).sum()", "x.log().sum()",
              "x.relu().sum()", "x.abs().sum()", "x.sigmoid().sum()", "x.tanh().sum()", "x.sqrt().sum()", "x.max()",
              "x.norm()", "x.softmax(0)[0]", "x @ x", "x.clamp(0, 1).sum()", "x.prod()"):
    CASES["second_backward_fails " + _expr] = (
        "x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\ny = %s\ny.backward()\nprint(x.grad)\ny.backward()\n"
        % _expr)
CASES["second_backward_ok_more"] = ("x = torch.tensor([1., 2., 3., 4.], requires_grad=True)\n"
                                    "for y in [x.cumsum(0).sum(), x.sum(0), x.t().sum(), x[1:3].sum()]:\n"
                                    "    y.backward()\n    y.backward()\nprint(x.grad)\n")

# ---------------------------------------------------------------- hooks and results: what user code receives
HOOKS = {
    "hook_sees_fresh_gradient": X + "def hook(g):\n    print(g, g.is_contiguous(), g.stride())\n    g.mul_(2)\n"
                                    "x.register_hook(hook)\n(x * 3).sum().backward()\nprint(x.grad)\n",
    "hook_after_mean_writes": X + "def hook(g):\n    print(g.is_contiguous(), g.stride())\n    g[0] = 5\n"
                                  "x.register_hook(hook)\n(x * 2).mean().backward()\nprint(x.grad)\n",
    "hook_after_scalar_chain": X + "def hook(g):\n    print(g, g.is_contiguous())\n    g.add_(1)\n    return None\n"
                                   "x.register_hook(hook)\n(((x * 2) + 1) * 3).mean().backward()\nprint(x.grad)\n",
    "hook_on_expanded_gradient": X + "y = x * 2\ndef hook(g):\n    print(g, g.is_contiguous(), g.stride())\n"
                                     "y.register_hook(hook)\ny.sum().backward()\nprint(x.grad)\n",
    "hook_mutates_expanded_gradient": X + "y = x * 2\ndef hook(g):\n    g.mul_(2)\n"
                                          "y.register_hook(hook)\ny.sum().backward()\nprint(x.grad)\n",
    "hook_keeps_gradient": X + "kept = []\ndef hook(g):\n    kept.append(g)\n"
                               "x.register_hook(hook)\n(x * x).sum().backward()\nx.grad.add_(100)\nprint(kept[0], x.grad)\n",
    "hook_returns_new": X + "def hook(g):\n    return g * 10\nx.register_hook(hook)\n(x * x).sum().backward()\n"
                            "print(x.grad)\n",
    "hook_returns_wrong_shape": X + "def hook(g):\n    return g.sum()\nx.register_hook(hook)\n"
                                    "(x * x).sum().backward()\nprint(x.grad)\n",
    "hook_returns_wrong_dtype": X + "def hook(g):\n    return g.double()\nx.register_hook(hook)\n"
                                    "(x * x).sum().backward()\nprint(x.grad, x.grad.dtype)\n",
    "retained_gradient_writable": X + "y = x * 2\ny.retain_grad()\nz = (y * 3).mean()\nz.backward()\n"
                                      "print(y.grad, y.grad.is_contiguous(), y.grad.stride())\ny.grad[0] = 7\n"
                                      "print(y.grad, x.grad)\n",
    "grad_result_writable": X + "g, = torch.autograd.grad((x * 2).mean(), x)\nprint(g.is_contiguous(), g.stride())\n"
                                "g[1] = 9\nprint(g)\n",
    "grad_result_of_sum": X + "g, = torch.autograd.grad(x.sum(), x)\nprint(g, g.is_contiguous(), g.stride())\n",
    "leaf_grad_is_own_memory": X + "g = torch.ones(3)\nx.backward(g)\nx.grad.mul_(5)\nprint(g, x.grad)\n"
                                   "y = x * 1\ny.backward(g)\nprint(g, x.grad)\n",
    "two_leaves_share_nothing": X + "w = torch.tensor([4., 5., 6.], requires_grad=True)\n(x + w).sum().backward()\n"
                                    "x.grad.add_(1)\nprint(x.grad, w.grad)\n",
    "hook_on_broadcast_input": "b = torch.tensor([1., 2.], requires_grad=True)\n"
                               "def hook(g):\n    print(g, g.is_contiguous(), g.stride())\n    g.mul_(3)\n"
                               "b.register_hook(hook)\n(torch.ones(3, 2) * b).sum().backward()\nprint(b.grad)\n",
}


GROUPS = {"autograd": CASES, "inplace": INPLACE, "views": VIEWS, "hooks": HOOKS}


def run_case(code):
    """stdout, warnings and the final exception of one snippet under torch."""
    out = io.StringIO()
    error = None
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("import torch\n" + code)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out):
            try:
                runpy.run_path(f.name)
            except Exception as exc:  # the case is about the exception
                error = "%s: %s" % (type(exc).__name__, exc)
    pathlib.Path(f.name).unlink()
    messages = []
    for w in caught:
        text = "%s: %s" % (w.category.__name__, w.message)
        if text not in messages:
            messages.append(text)
    return {"code": code, "stdout": out.getvalue(), "warnings": messages, "error": error}


def main(groups=None):
    import torch
    assert torch.__version__.startswith("2.13"), torch.__version__
    for group, cases in GROUPS.items():
        if groups and group not in groups:
            continue
        result = {name: run_case(code) for name, code in cases.items()}
        path = HERE / ("%s.json" % group)
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        print("%s: %d cases, %d errors" % (path.name, len(result), sum(1 for r in result.values() if r["error"])))


if __name__ == "__main__":
    import sys
    main(sys.argv[1:])  # the names of groups to record (all by default)
