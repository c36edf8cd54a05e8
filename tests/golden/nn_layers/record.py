"""Record torch's behaviour on the torch.nn layers issue 27's learner code reaches for and gradcli lacked (the
recurrent cells, binary_cross_entropy_with_logits' weights, Upsample and F.interpolate) into cases.json (torch
environment; the runner is tests/golden/legacy/record.py's):

    /work/torchenv/bin/python tests/golden/nn_layers/record.py

A sibling of nn_modules/ recorded on another machine: this one's CPU capability (AVX512) is in the record.
Each case is a short script in the subset gradcli runs: torch's stdout (reprs, values on torch's RNG stream,
grad_fn names, gradients), the exception it ends with (`Kind: message`) and its warnings.
tests/torchlib/test_nn_modules.py runs the same scripts through gradcli and compares.
"""

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "legacy"))
from record import record  # noqa: E402  (legacy's runner and file layout)

NN = "import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
# the backward graph as torch prints it: each node's name, its inputs' nodes indented under it
TREE = ("def tree(fn, depth=0):\n    if fn is None:\n        return\n    print('  ' * depth + fn.name())\n"
        "    for n, _ in fn.next_functions:\n        tree(n, depth + 1)\n")
CASES = {
    # ------------------------------------------------------------ nn.RNNCell, LSTMCell, GRUCell; torch.*_cell
    "cell_init": NN + (
        "for cell in (nn.RNNCell(4, 3), nn.RNNCell(4, 3, bias=False, nonlinearity='relu'), nn.LSTMCell(4, 3, "
        "bias=False), nn.GRUCell(2, 5), nn.LSTMCell(3, 2, dtype=torch.float64)):\n"
        "    print(cell, [(n, tuple(p.shape), p.dtype) for n, p in cell.named_parameters()])\n"
        "    print(cell.input_size, cell.hidden_size, cell.bias, cell.bias_ih is None)\n"
        "print(nn.RNNCell(4, 3).weight_ih, nn.GRUCell(2, 2).bias_hh)\nprint(nn.LSTMCell(2, 1).state_dict())\n"
        "print(type(nn.GRUCell(1, 1)), isinstance(nn.LSTMCell(1, 1), nn.Module), nn.RNNCell(1, 1).nonlinearity)"),
    "rnn_cell_forward_backward": NN + TREE + (
        "cell = nn.RNNCell(4, 3)\nx = torch.randn(5, 2, 4, requires_grad=True)\nh = None\n"
        "for t in range(5):\n    h = cell(x[t], h)\nprint(h)\ntree(h.grad_fn)\nh.pow(2).sum().backward()\n"
        "print(x.grad[0], cell.weight_ih.grad, cell.weight_hh.grad, cell.bias_hh.grad)\n"
        "relu = nn.RNNCell(4, 3, bias=False, nonlinearity='relu')\ny = relu(x[0, 0])\nprint(y)\ntree(y.grad_fn)\n"
        "print(relu(x[1, 1], y), relu(x[0]).shape)"),
    "gru_cell_forward_backward": NN + TREE + (
        "cell = nn.GRUCell(4, 3)\nx = torch.randn(3, 2, 4)\nh = torch.randn(2, 3, requires_grad=True)\nh0 = h\n"
        "for t in range(3):\n    h = cell(x[t], h)\nprint(h)\ntree(cell(x[0]).grad_fn)\nh.sum().backward()\n"
        "print(h0.grad, cell.weight_ih.grad, cell.bias_ih.grad)\nprint(cell(x[0, 1]), cell(x[0, 1], h0[0].detach()))\n"
        "g = nn.GRUCell(4, 3, bias=False).double()\nprint(g(x[0].double()))"),
    "lstm_cell_forward_backward": NN + TREE + (
        "cell = nn.LSTMCell(4, 3)\nx = torch.randn(3, 2, 4, requires_grad=True)\nstate = None\n"
        "for t in range(3):\n    state = cell(x[t], state)\nh, c = state\nprint(h, c)\ntree(h.grad_fn)\n"
        "(h.sum() + c.pow(2).sum()).backward()\nprint(x.grad[1], cell.weight_hh.grad, cell.bias_ih.grad)\n"
        "h1, c1 = cell(x[0, 0], (h[0].detach(), c[0].detach()))\nprint(h1, c1)\n"
        "print(nn.LSTMCell(4, 3, bias=False)(x[0])[1].grad_fn.name())"),
    "cell_functions": NN + (
        "x, h = torch.randn(2, 4), torch.randn(2, 3)\nw_ih, w_hh, b_ih, b_hh = torch.randn(3, 4), torch.randn(3, 3), "
        "torch.randn(3), torch.randn(3)\nprint(torch.rnn_tanh_cell(x, h, w_ih, w_hh, b_ih, b_hh))\n"
        "print(torch.rnn_relu_cell(x, h, w_ih, w_hh))\nprint(torch.rnn_tanh_cell(x, h, w_ih, w_hh, None, b_hh))\n"
        "print(torch.gru_cell(x, h.repeat(1, 1), w_ih.repeat(3, 1), w_hh.repeat(3, 1), b_ih.repeat(3), "
        "b_hh.repeat(3)))\nprint(torch.lstm_cell(x, (h, h), w_ih.repeat(4, 1), w_hh.repeat(4, 1)))\n"
        "print(torch.lstm_cell(x, [h, h], w_ih.repeat(4, 1), w_hh.repeat(4, 1), b_ih.repeat(4), b_hh.repeat(4)))\n"
        "print(torch.rnn_tanh_cell(torch.zeros(0, 4), torch.zeros(0, 3), w_ih, w_hh))"),
    "cell_input_size": NN + "nn.RNNCell(4, 3)(torch.randn(2, 5))",
    "cell_batch_size": NN + "nn.GRUCell(4, 3)(torch.randn(2, 4), torch.randn(3, 3))",
    "cell_hidden_size": NN + "nn.RNNCell(4, 3)(torch.randn(2, 4), torch.randn(2, 2))",
    "cell_unbatched_hidden": NN + "nn.RNNCell(4, 3)(torch.randn(4), torch.randn(2, 3))",
    "cell_batched_flat_hidden": NN + "nn.GRUCell(4, 3)(torch.randn(2, 4), torch.randn(3))",
    "cell_input_dims": NN + "nn.GRUCell(4, 3)(torch.randn(3, 2, 4))",
    "cell_hidden_dims": NN + "nn.RNNCell(4, 3)(torch.randn(2, 4), torch.randn(1, 2, 3))",
    "lstm_cell_hidden1_size": NN + "nn.LSTMCell(4, 3)(torch.randn(2, 4), (torch.randn(2, 3), torch.randn(2, 2)))",
    "lstm_cell_hx_dims": NN + "nn.LSTMCell(4, 3)(torch.randn(2, 4), (torch.randn(2, 3), torch.randn(1, 2, 3)))",
    "lstm_cell_one_hidden": NN + (
        "torch.lstm_cell(torch.randn(2, 4), (torch.randn(2, 3),), torch.randn(12, 4), torch.randn(12, 3))"),
    "cell_nonlinearity": NN + "c = nn.RNNCell(4, 3, nonlinearity='sigmoid')\nprint(c)\nc(torch.randn(4))",
    "cell_dtype": NN + "nn.RNNCell(4, 3)(torch.randn(2, 4, dtype=torch.float64))",
    "cell_function_flat_input": NN + "torch.rnn_tanh_cell(torch.randn(4), torch.randn(3), torch.randn(3, 4), "
                                     "torch.randn(3, 3))",
    # ------------------------------------------------------------ binary cross entropy: weight, pos_weight
    "bce_with_logits_weights": NN + (
        "x = (torch.randn(4, 3) * 3).requires_grad_()\nt = torch.rand(4, 3).requires_grad_()\n"
        "w, pw = torch.rand(3), torch.rand(3) * 2\n"
        "for kw in ({}, {'weight': w}, {'pos_weight': pw}, {'weight': w[None], 'pos_weight': pw}, "
        "{'weight': torch.rand(4, 1)}):\n"
        "    for reduction in ('mean', 'sum', 'none'):\n"
        "        loss = F.binary_cross_entropy_with_logits(x, t, reduction=reduction, **kw)\n"
        "        print(reduction, sorted(kw), loss)\n"
        "        loss.sum().backward()\n        print(x.grad, t.grad)\n        x.grad = t.grad = None\n"
        "m = nn.BCEWithLogitsLoss(weight=w, pos_weight=pw)\nprint(m, m.state_dict(), m.reduction)\n"
        "print(m(x, t), nn.BCEWithLogitsLoss(reduction='sum')(x, t))\n"
        "print(torch.binary_cross_entropy_with_logits(x, t, w, pw, 0))\n"
        "print(F.binary_cross_entropy_with_logits(x.double(), t, pos_weight=pw.double()))\n"
        "print(F.binary_cross_entropy_with_logits(torch.tensor([-100., 0, 100, 30]), torch.tensor([1., 0.5, 0, 1]), "
        "reduction='none'))"),
    "bce_with_logits_bits": NN + (  # every bit: the values as Python floats
        "for dtype in (torch.float32, torch.float64):\n"
        "    x = (torch.randn(40, 3, dtype=dtype) * 4).requires_grad_()\n"
        "    t = torch.rand(40, 3, dtype=dtype).requires_grad_()\n"
        "    w, pw = torch.rand(3, dtype=dtype), torch.rand(40, 1, dtype=dtype) * 3\n"
        "    for kw in ({}, {'weight': w, 'pos_weight': pw}):\n"
        "        loss = F.binary_cross_entropy_with_logits(x, t, reduction='none', **kw)\n"
        "        mean = F.binary_cross_entropy_with_logits(x, t, **kw)\n"
        "        mean.backward()\n"
        "        print(mean.item(), loss.reshape(-1).tolist()[::4], x.grad.reshape(-1).tolist()[::4], "
        "t.grad.reshape(-1).tolist()[::4])\n"
        "        x.grad = t.grad = None\n"
        "    p = x.detach().sigmoid().requires_grad_()\n    loss = F.binary_cross_entropy(p, t.detach(), weight=w)\n"
        "    loss.backward()\n    print(loss.item(), p.grad.reshape(-1).tolist()[::4])\n"
        "    print(F.logsigmoid(x).reshape(-1).tolist()[::4])"),
    "bce_with_logits_double_backward": NN + (
        "x = torch.randn(5, requires_grad=True)\nt = torch.rand(5, requires_grad=True)\npw = torch.rand(5) + 0.5\n"
        "loss = F.binary_cross_entropy_with_logits(x, t, pos_weight=pw, weight=pw.flip(0))\n"
        "gx, gt = torch.autograd.grad(loss, (x, t), create_graph=True)\nprint(gx, gt)\n"
        "print(gx.grad_fn.name(), gt.grad_fn.name())\n(gx.sum() + gt.pow(2).sum()).backward()\nprint(x.grad, t.grad)"),
    "bce_weight": NN + (
        "p = torch.rand(4, 3).requires_grad_()\nt = torch.rand(4, 3).requires_grad_()\n"
        "for w in (None, torch.rand(3), torch.rand(4, 1)):\n"
        "    for reduction in ('mean', 'sum', 'none'):\n"
        "        loss = F.binary_cross_entropy(p, t, weight=w, reduction=reduction)\n"
        "        print(reduction, loss)\n        loss.sum().backward()\n        print(p.grad, t.grad)\n"
        "        p.grad = t.grad = None\n"
        "m = nn.BCELoss(weight=torch.tensor([1., 2, 3]))\nprint(m, m(p, t), m.weight)\n"
        "print(F.binary_cross_entropy(torch.tensor([0., 1, 0.5]), torch.tensor([1., 0, 0.5])))\n"
        "print(F.binary_cross_entropy(p.double(), t.double(), weight=torch.ones(3, dtype=torch.float64)))"),
    "logsigmoid": NN + (
        "x = torch.tensor([-100., -20, -1.5, -0.0, 0.25, 3, 50, float('inf')], requires_grad=True)\n"
        "y = F.logsigmoid(x)\nprint(y)\ny.sum().backward()\nprint(x.grad)\n"
        "z = torch.randn(40, dtype=torch.float64, requires_grad=True)\nprint(F.logsigmoid(z).sum())\n"
        "F.logsigmoid(z).sum().backward()\nprint(z.grad[:6])"),
    "bce_with_logits_weight_grad": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(3), torch.ones(3), weight=torch.ones(3, requires_grad=True))"),
    "bce_with_logits_pos_weight_grad": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(3), torch.ones(3), pos_weight=torch.ones(3, "
        "requires_grad=True))"),
    "bce_with_logits_weight_size": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(2, 3), torch.ones(2, 3), weight=torch.ones(4))"),
    "bce_with_logits_weight_larger": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(2, 3), torch.ones(2, 3), weight=torch.ones(2, 2, 3))"),
    "bce_with_logits_pos_weight_larger": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(2, 3), torch.ones(2, 3), pos_weight=torch.ones(2, 2, 3))"),
    "bce_with_logits_pos_weight_size": NN + (
        "nn.BCEWithLogitsLoss(pos_weight=torch.ones(4))(torch.zeros(2, 3), torch.ones(2, 3))"),
    "bce_with_logits_target_size": NN + "F.binary_cross_entropy_with_logits(torch.zeros(2, 3), torch.ones(3))",
    "bce_with_logits_long_target": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(2, 3), torch.ones(2, 3, dtype=torch.long))"),
    "bce_with_logits_reduction": NN + (
        "F.binary_cross_entropy_with_logits(torch.zeros(3), torch.ones(3), reduction='avg')"),
    "bce_weight_size": NN + "F.binary_cross_entropy(torch.rand(2, 3), torch.rand(2, 3), weight=torch.ones(4))",
    "bce_weight_larger": NN + "F.binary_cross_entropy(torch.rand(2, 3), torch.rand(2, 3), weight=torch.ones(2, 2, 3))",
    "bce_weight_grad": NN + (
        "F.binary_cross_entropy(torch.rand(3), torch.rand(3), weight=torch.ones(3, requires_grad=True))"),
    "broadcast_shapes": NN + (
        "print(torch.broadcast_shapes((2, 3), (3,)), torch.broadcast_shapes(2, (1, 1)), torch.broadcast_shapes())\n"
        "print(torch.broadcast_shapes([1, 2], torch.Size([3, 1])))\ntorch.broadcast_shapes((2, 3), torch.Size([2, 2]))"),
    # ------------------------------------------------------------ nn.Upsample, F.interpolate
    "upsample_modules": NN + (
        "x = torch.arange(1, 5, dtype=torch.float32).view(1, 1, 2, 2)\n"
        "for m in (nn.Upsample(scale_factor=2, mode='nearest'), nn.Upsample(scale_factor=2, mode='bilinear', "
        "align_corners=True), nn.Upsample(size=3, mode='bilinear'), nn.Upsample((3, 5), mode='nearest-exact'), "
        "nn.Upsample(scale_factor=(2, 1.5), mode='bilinear'), nn.UpsamplingNearest2d(scale_factor=2), "
        "nn.UpsamplingBilinear2d(size=4)):\n"
        "    print(m, m.size, m.scale_factor, m.mode, m.align_corners, m.recompute_scale_factor)\n    print(m(x))\n"
        "print(type(nn.Upsample(size=2)), list(nn.Upsample(size=2).parameters()))\n"
        "print(nn.Upsample(scale_factor=2, mode='linear')(torch.tensor([[[1., 2, 4]]])))"),
    "interpolate_values_and_grads": NN + (
        "cases = [('nearest', (2, 3, 5), dict(scale_factor=2.5)), ('nearest', (1, 2, 3, 4), dict(size=(7, 5))),\n"
        "         ('nearest-exact', (1, 2, 3, 4), dict(size=(7, 5))), ('nearest-exact', (1, 2, 5), "
        "dict(scale_factor=0.6)),\n"
        "         ('linear', (1, 2, 5), dict(size=11)), ('linear', (1, 2, 5), dict(scale_factor=1.7, align_corners=True)),\n"
        "         ('bilinear', (2, 3, 5, 7), dict(size=(11, 13))), ('bilinear', (1, 20, 5, 7), dict(size=(9, 10))),\n"
        "         ('bilinear', (1, 2, 30, 40), dict(size=(100, 90))), ('bilinear', (1, 2, 30, 40), dict(size=(70, 50), "
        "align_corners=True)),\n"
        "         ('bilinear', (1, 13, 4, 4), dict(size=(8, 8), align_corners=True)), ('bilinear', (1, 1, 3, 3), "
        "dict(scale_factor=2.5)),\n         ('bilinear', (1, 3, 6, 6), dict(size=(4, 3))), ('nearest', (1, 1, 5, 5), "
        "dict(scale_factor=1.7, recompute_scale_factor=True))]\n"
        "for mode, shape, kw in cases:\n"
        "    for dtype in (torch.float32, torch.float64):\n"
        "        x = torch.randn(*shape, dtype=dtype, requires_grad=True)\n"
        "        y = F.interpolate(x, mode=mode, **kw)\n        g = torch.randn(y.shape, dtype=dtype)\n"
        "        y.backward(g)\n"
        "        print(mode, kw, y.grad_fn.name(), y.shape, y.sum().item(), x.grad.sum().item())\n"
        "        print(y.reshape(-1)[::7].tolist(), x.grad.reshape(-1)[::5].tolist())"),
    "interpolate_double_backward": NN + (
        "x = torch.randn(1, 1, 3, 3, requires_grad=True)\ny = F.interpolate(x, scale_factor=2, mode='bilinear')\n"
        "g = torch.randn(1, 1, 6, 6, requires_grad=True)\ngx, = torch.autograd.grad(y, x, g, create_graph=True)\n"
        "print(gx, gx.grad_fn.name())\ngx.pow(2).sum().backward()\nprint(g.grad)\n"
        "z = F.interpolate(x, size=(4, 5))\ngz, = torch.autograd.grad(z, x, torch.ones_like(z), create_graph=True)\n"
        "print(gz, gz.grad_fn)"),
    "interpolate_deprecated": NN + (
        "x = torch.arange(4.).view(1, 1, 2, 2)\nprint(F.upsample(x, scale_factor=2))\n"
        "print(F.upsample_nearest(x, size=3))\nprint(F.upsample_bilinear(x, scale_factor=2))"),
    "interpolate_no_size": NN + "F.interpolate(torch.ones(1, 1, 2, 2))",
    "interpolate_size_and_scale": NN + "F.interpolate(torch.ones(1, 1, 2, 2), size=3, scale_factor=2)",
    "interpolate_size_dims": NN + "F.interpolate(torch.ones(1, 1, 2, 2), size=(3,))",
    "interpolate_scale_dims": NN + "nn.Upsample(scale_factor=(2, 2, 2))(torch.ones(1, 1, 2, 2))",
    "interpolate_align_corners_nearest": NN + "F.interpolate(torch.ones(1, 1, 2, 2), scale_factor=2, align_corners=True)",
    "interpolate_linear_4d": NN + "nn.Upsample(scale_factor=2, mode='linear')(torch.ones(1, 1, 2, 2))",
    "interpolate_bilinear_3d": NN + "F.interpolate(torch.ones(1, 2, 2), scale_factor=2, mode='bilinear')",
    "interpolate_mode": NN + "F.interpolate(torch.ones(1, 1, 2, 2), scale_factor=2, mode='cubic')",
    "interpolate_2d_input": NN + "F.interpolate(torch.ones(2, 2), scale_factor=2)",
    "interpolate_recompute_size": NN + "F.interpolate(torch.ones(1, 1, 2, 2), size=3, recompute_scale_factor=True)",
    "interpolate_float_size": NN + "F.interpolate(torch.ones(1, 1, 2, 2), size=(2.5, 3))",
    "interpolate_zero_size": NN + "F.interpolate(torch.ones(1, 1, 2, 2), scale_factor=0.1)",
    "interpolate_zero_size_1d": NN + "F.interpolate(torch.ones(1, 1, 2), size=0, mode='linear')",
    "interpolate_long": NN + "F.interpolate(torch.ones(1, 1, 2, 2, dtype=torch.long), scale_factor=2, mode='bilinear')",
}


def main():
    record(CASES, HERE / "cases.json")


if __name__ == "__main__":
    main()
