"""Record torch's behaviour on torch.nn modules issue 27's learner code calls (ConvTranspose1d/2d,
torch.nn.utils.rnn and the recurrent layers over a PackedSequence, ...) into
cases.json (torch environment; the runner is tests/golden/legacy/record.py's):

    /work/torchenv/bin/python tests/golden/nn_modules/record.py

Each case is a short script in the subset gradcli runs: torch's stdout (reprs, values on torch's RNG stream,
grad_fn names, gradients), the exception it ends with (`Kind: message`) and its warnings are stored, with the CPU
capability. tests/torchlib/test_nn_modules.py runs the same scripts through gradcli and compares.
"""

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "legacy"))
from record import record  # noqa: E402  (legacy's runner and file layout)

CONV_T = "import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n"
RNN_UTILS = ("from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pack_sequence, pad_packed_sequence, "
             "pad_sequence, unpack_sequence, unpad_sequence\ntorch.manual_seed(0)\n")
CASES = {
    # ------------------------------------------------------------ nn.ConvTranspose1d / 2d
    "conv_transpose_init": CONV_T + (
        "m = nn.ConvTranspose2d(32, 64, 3)\nprint(m, m.weight.shape, m.bias.shape)\nprint(m.weight[0, 0], m.bias[:4])\n"
        "m = nn.ConvTranspose2d(4, 6, (3, 2), stride=2, padding=1, output_padding=1, groups=2, bias=False, "
        "dilation=2)\nprint(m)\nprint(m.weight)\nprint(m.transposed, m.output_padding, m.padding, m.groups)\n"
        "m = nn.ConvTranspose1d(3, 4, 5, 2)\nprint(m)\nprint(m.weight[1], m.bias)\n"
        "print(type(m), isinstance(m, nn.Module), nn.Conv2d(1, 1, 1).transposed, nn.Conv2d(1, 1, 1).output_padding)"),
    "conv_transpose_forward": CONV_T + (
        "m = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1)\nx = torch.randn(1, 2, 3, 4, requires_grad=True)\n"
        "y = m(x)\nprint(y)\nprint(y.grad_fn.name(), [n.name() if n else n for n, _ in y.grad_fn.next_functions])\n"
        "y.pow(2).sum().backward()\nprint(x.grad, m.weight.grad[1], m.bias.grad)\n"
        "print(m(x, output_size=[6, 8]).shape, m(x, output_size=(1, 3, 5, 7)).shape, m(x[0]).shape)\n"
        "print(m(x, output_size=torch.Size([6, 7])).shape)\n"
        "print(F.conv_transpose1d(torch.ones(1, 1, 3), torch.ones(1, 1, 2), stride=2))\n"
        "print(torch.conv_transpose2d(torch.ones(1, 1, 2, 2), torch.ones(1, 2, 2, 2), stride=2, padding=1))"),
    "conv_transpose_1d_unbatched": CONV_T + (
        "m = nn.ConvTranspose1d(2, 2, 3, stride=3, output_padding=1, groups=2)\nz = m(torch.randn(2, 4))\n"
        "print(z, z.shape)"),
    "conv_transpose_output_size_range": CONV_T + (
        "m = nn.ConvTranspose2d(4, 6, 3, stride=2)\nprint(m(torch.randn(1, 4, 5, 5), output_size=[12, 12]).shape)\n"
        "m(torch.randn(1, 4, 5, 5), output_size=[13, 13])"),
    "conv_transpose_output_size_length": CONV_T + (
        "nn.ConvTranspose2d(4, 6, 3)(torch.randn(1, 4, 5, 5), output_size=[1, 2, 3])"),
    "conv_transpose_padding_mode": CONV_T + "nn.ConvTranspose2d(4, 6, 3, padding_mode='reflect')",
    "conv_transpose_padding_same": CONV_T + (
        "m = nn.ConvTranspose2d(4, 6, 3, padding='same')\nprint(m.padding)\nm(torch.randn(1, 4, 5, 5))"),
    "conv_transpose_groups": CONV_T + "nn.ConvTranspose2d(4, 6, 3, groups=4)",
    "conv_transpose_channels": CONV_T + "nn.ConvTranspose2d(4, 6, 3)(torch.randn(1, 3, 5, 5))",
    # ------------------------------------------------------------ torch.nn.utils.rnn and packed recurrent layers
    "pad_sequence": RNN_UTILS + (
        "a, b, c = torch.tensor([1., 2, 3]), torch.tensor([4., 5]), torch.tensor([6.])\n"
        "print(pad_sequence([a, b, c]), pad_sequence([a, b, c], batch_first=True, padding_value=-1))\n"
        "print(pad_sequence([a, b, c], padding_side='left'), pad_sequence((b, a), True, 9, 'left'))\n"
        "x = torch.randn(2, 3, requires_grad=True)\ny = torch.randn(4, 3, requires_grad=True)\n"
        "p = pad_sequence([x, y], batch_first=True)\nprint(p, p.shape)\n(p * torch.arange(24.).view(2, 4, 3)).sum()"
        ".backward()\nprint(x.grad, y.grad)\nprint(pad_sequence(torch.ones(2, 3)))"),
    "pad_sequence_empty": RNN_UTILS + "pad_sequence([])",
    "pad_sequence_not_iterable": RNN_UTILS + "pad_sequence(5)",
    "pack_sequence": RNN_UTILS + (
        "a, b, c = torch.tensor([1., 2, 3]), torch.tensor([4., 5]), torch.tensor([6.])\n"
        "p = pack_sequence([a, b, c])\nprint(p)\nprint(type(p), len(p), p[1], p.batch_sizes.dtype)\n"
        "q = pack_sequence([b, a, c], enforce_sorted=False)\nprint(q)\nprint(pad_packed_sequence(q))\n"
        "print(pad_packed_sequence(q, batch_first=True, total_length=5, padding_value=-2.5))\n"
        "print(unpack_sequence(q))\nprint(unpad_sequence(torch.ones(3, 2), torch.tensor([3, 1])))\n"
        "print(q.double().data.dtype, q.float() is q, q.to(torch.float64).data.dtype, q.is_cuda, q.is_pinned())\n"
        "data, sizes, order, inverse = q\nprint(data, sizes, order, inverse)\n"
        "print(PackedSequence(torch.ones(3), torch.tensor([2, 1])))\n"
        "print(PackedSequence(torch.ones(3), torch.tensor([2, 1]), torch.tensor([1, 0])))"),
    "pack_sequence_unsorted": RNN_UTILS + "pack_sequence([torch.ones(2), torch.ones(3)])",
    "pack_padded_sequence_grad": RNN_UTILS + (
        "x = torch.randn(4, 3, 2, requires_grad=True)\np = pack_padded_sequence(x, [4, 2, 1])\n"
        "print(p.data, p.data.grad_fn, p.batch_sizes, p.sorted_indices)\n"
        "o, lengths = pad_packed_sequence(p)\nprint(o.grad_fn, lengths, lengths.dtype)\n"
        "(o * torch.arange(24.).view(4, 3, 2)).sum().backward()\nprint(x.grad)\n"
        "y = torch.randn(3, 4, requires_grad=True)\nq = pack_padded_sequence(y, torch.tensor([2, 4, 3]), "
        "batch_first=True, enforce_sorted=False)\nprint(q)\no, n = pad_packed_sequence(q, batch_first=True)\n"
        "print(o, n)\no.pow(2).sum().backward()\nprint(y.grad)"),
    "pack_padded_sequence_lengths": RNN_UTILS + "pack_padded_sequence(torch.zeros(3, 4), [2, 3, 1])",
    "pack_padded_sequence_zero": RNN_UTILS + "pack_padded_sequence(torch.zeros(3, 3), [2, 0, 1], enforce_sorted=False)",
    "pad_packed_sequence_total_length": RNN_UTILS + (
        "pad_packed_sequence(pack_sequence([torch.ones(3), torch.ones(2)]), total_length=2)"),
    "packed_lstm": RNN_UTILS + (
        "lstm = torch.nn.LSTM(2, 3, num_layers=2, bidirectional=True)\nx = torch.randn(4, 3, 2, requires_grad=True)\n"
        "p = pack_padded_sequence(x, [4, 2, 1])\nout, (h, c) = lstm(p)\nprint(out)\nprint(h, c)\n"
        "print(out.data.grad_fn, h.grad_fn, [n.name() for n, _ in h.grad_fn.next_functions])\n"
        "o, n = pad_packed_sequence(out)\n(o.sum() + h.sum() * 2 + c.pow(2).sum()).backward()\n"
        "print(x.grad, lstm.weight_hh_l1_reverse.grad, lstm.bias_ih_l0.grad)"),
    "packed_lstm_unsorted_hx": RNN_UTILS + (
        "lstm = torch.nn.LSTM(3, 2, batch_first=True)\nx = torch.randn(3, 5, 3)\n"
        "p = pack_padded_sequence(x, [2, 5, 3], batch_first=True, enforce_sorted=False)\n"
        "h0, c0 = torch.randn(1, 3, 2), torch.randn(1, 3, 2)\nout, (h, c) = lstm(p, (h0, c0))\n"
        "print(out, h, c)\nprint(pad_packed_sequence(out, batch_first=True))"),
    "packed_gru_rnn": RNN_UTILS + (
        "gru = torch.nn.GRU(2, 3, bidirectional=True)\nrnn = torch.nn.RNN(2, 3, num_layers=2, nonlinearity='relu')\n"
        "x = torch.randn(5, 4, 2, dtype=torch.float64)\ngru, rnn = gru.double(), rnn.double()\n"
        "p = pack_padded_sequence(x, torch.tensor([5, 1, 3, 2]), enforce_sorted=False)\n"
        "out, h = gru(p)\nprint(out.data, h)\nout, h = rnn(p, torch.ones(2, 4, 3, dtype=torch.float64))\n"
        "print(pad_packed_sequence(out), h)\nt = torch.nn.RNN(2, 2)\nout, h = t(pack_sequence([torch.ones(3, 2), "
        "torch.ones(1, 2)]))\nprint(out, h, h.grad_fn)"),
    "packed_lstm_hidden_size": RNN_UTILS + (
        "lstm = torch.nn.LSTM(2, 3)\np = pack_sequence([torch.ones(3, 2), torch.ones(1, 2)])\n"
        "lstm(p, (torch.zeros(1, 3, 3), torch.zeros(1, 3, 3)))"),
    "packed_rnn_input_size": RNN_UTILS + "torch.nn.GRU(3, 3)(pack_sequence([torch.ones(3, 2), torch.ones(1, 2)]))",
}


def main():
    record(CASES, HERE / "cases.json")


if __name__ == "__main__":
    main()
