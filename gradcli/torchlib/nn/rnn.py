"""torch.nn's RNN, LSTM and GRU (torch's rnn.py): the parameters of every layer and direction, drawn from
U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)) in torch's order, and a forward that prepares the input and hidden
state as torch's Python does and runs torch.rnn_tanh / rnn_relu / gru / lstm (gradcli.ops.rows.recurrent); a
PackedSequence input (torchlib/nn/utils/rnn.py: torch.nn.utils.rnn) runs their packed overloads and comes back
packed, h_n at each sequence's own length."""

import math

from . import init
from .layers import _empty
from .module import Module
from .parameter import Parameter
from .utils.rnn import PackedSequence
from ...ops import FUNCTIONS as torch

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


class RNNBase(Module):
    """What RNN, LSTM and GRU share: their parameters weight_ih_l{k}, weight_hh_l{k}, bias_ih_l{k}, bias_hh_l{k}
    (with `_reverse` for the second direction), the checks of input and hidden state, the repr."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        if isinstance(dropout, bool) or not isinstance(dropout, (int, float)) or not 0 <= dropout <= 1:
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            from ...base import errors
            errors.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                        "expects num_layers greater than 1, but got dropout=%s and num_layers=%s"
                        % (dropout, num_layers))
        for name, value, kind in (("bias", bias, bool), ("batch_first", batch_first, bool),
                                  ("input_size", input_size, int), ("hidden_size", hidden_size, int)):
            if not isinstance(value, kind):
                raise TypeError("%s should be of type %s, got: %s" % (name, kind.__name__, type(value).__name__))
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size:
            raise ValueError("gradcli's LSTM has no projections (proj_size)")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        gate_size = _GATES[mode] * hidden_size
        directions = 2 if bidirectional else 1
        self._flat_weights_names = []
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input = input_size if layer == 0 else hidden_size * directions
                suffix = "_reverse" if direction == 1 else ""
                shapes = [("weight_ih", (gate_size, layer_input)), ("weight_hh", (gate_size, hidden_size))]
                if bias:
                    shapes += [("bias_ih", (gate_size,)), ("bias_hh", (gate_size,))]
                for name, shape in shapes:
                    full = "%s_l%d%s" % (name, layer, suffix)
                    setattr(self, full, Parameter(_empty(*shape, dtype=dtype)))
                    self._flat_weights_names.append(full)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    @property
    def _flat_weights(self):
        return [getattr(self, name) for name in self._flat_weights_names]

    def _check_input(self, input, packed=False):
        weight_dtype = self._flat_weights[0].dtype
        if input.dtype != weight_dtype:
            raise ValueError("RNN input dtype (%s) does not match weight dtype (%s). Convert input: input.to(%s), or "
                             "convert model: model.to(%s)" % (input.dtype, weight_dtype, weight_dtype, input.dtype))
        if input.dim() != (2 if packed else 3):
            raise RuntimeError("input must have %d dimensions, got %d" % (2 if packed else 3, input.dim()))
        if self.input_size != input.size(-1):
            raise RuntimeError("input.size(-1) must be equal to input_size. Expected %d, got %d"
                               % (self.input_size, input.size(-1)))

    def _hidden_shape(self, input, batch=None):
        if batch is None:
            batch = input.size(0) if self.batch_first else input.size(1)
        return (self.num_layers * (2 if self.bidirectional else 1), batch, self.hidden_size)

    def _check_hidden(self, hx, expected, message="Expected hidden size {}, got {}"):
        if tuple(hx.shape) != expected:
            raise RuntimeError(message.format(expected, list(hx.shape)))

    def _batched(self, input, kind):
        if input.dim() not in (2, 3):
            raise ValueError("%s: Expected input to be 2D or 3D, got %dD %s" % (
                kind, input.dim(), "tensor instead" if kind == "RNN" else "instead"))
        return input.dim() == 3

    def _zeros(self, input, batch=None):
        return torch["zeros"](*self._hidden_shape(input, batch), dtype=input.dtype)

    def _packed_forward(self, run, packed, hx):
        """The forward over a PackedSequence: the hidden state in the sorted order the data is in (zeros for
        the longest batch when not given), the output packed alike, h_n back in the caller's order."""
        data, batch_sizes, sorted_indices, unsorted_indices = packed
        batch = int(batch_sizes[0])
        pair = isinstance(self, LSTM)
        if hx is None:
            hx = (self._zeros(data, batch), self._zeros(data, batch)) if pair else self._zeros(data, batch)
        elif sorted_indices is not None:
            hx = (tuple(h.index_select(1, sorted_indices) for h in hx) if pair else
                  hx.index_select(1, sorted_indices))
        if not pair:  # (torch's LSTM checks no packed input: a wrong size fails in its first step's arithmetic)
            self._check_input(data, packed=True)
            self._check_hidden(hx, self._hidden_shape(data, batch))
        result = run(data, batch_sizes, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                     self.training, self.bidirectional)
        hidden = result[1:] if pair else result[1]
        if unsorted_indices is not None:
            hidden = (tuple(h.index_select(1, unsorted_indices) for h in hidden) if pair else
                      hidden.index_select(1, unsorted_indices))
        return PackedSequence(result[0], batch_sizes, sorted_indices, unsorted_indices), tuple(hidden) \
            if pair else hidden

    def _one_hidden_forward(self, kind, run, input, hx):
        """RNN's and GRU's forward: unbatched input gets a batch dim, a missing hx is zeros."""
        if isinstance(input, PackedSequence):
            return self._packed_forward(run, input, hx)
        batched = self._batched(input, kind)
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError("For unbatched 2-D input, hx should also be 2-D but got %d-D tensor" % hx.dim())
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError("For batched 3-D input, hx should also be 3-D but got %d-D tensor" % hx.dim())
        if hx is None:
            hx = self._zeros(input)
        self._check_input(input)
        self._check_hidden(hx, self._hidden_shape(input))
        output, hidden = run(input, hx, self._flat_weights, self.bias, self.num_layers, self.dropout, self.training,
                             self.bidirectional, self.batch_first)
        if not batched:
            output, hidden = output.squeeze(batch_dim), hidden.squeeze(1)
        return output, hidden

    def extra_repr(self):
        text = "%s, %s" % (self.input_size, self.hidden_size)
        if self.num_layers != 1:
            text += ", num_layers=%s" % self.num_layers
        if self.bias is not True:
            text += ", bias=%s" % self.bias
        if self.batch_first is not False:
            text += ", batch_first=%s" % self.batch_first
        if self.dropout != 0:
            text += ", dropout=%s" % self.dropout
        if self.bidirectional is not False:
            text += ", bidirectional=%s" % self.bidirectional
        return text


class RNN(RNNBase):
    """An Elman RNN: h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh) (or relu). Returns (output, h_n)."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity not in ("tanh", "relu"):
            raise ValueError("Unknown nonlinearity '%s'. Select from 'tanh' or 'relu'." % self.nonlinearity)
        super().__init__("RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU", *args, **kwargs)

    def forward(self, input, hx=None):
        run = torch["rnn_tanh"] if self.mode == "RNN_TANH" else torch["rnn_relu"]
        return self._one_hidden_forward("RNN", run, input, hx)


class GRU(RNNBase):
    """A gated recurrent unit (reset, update and new gates). Returns (output, h_n)."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._one_hidden_forward("GRU", torch["gru"], input, hx)


class LSTM(RNNBase):
    """A long short-term memory (input, forget, cell and output gates). Returns (output, (h_n, c_n))."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            return self._packed_forward(torch["lstm"], input, hx)
        batched = self._batched(input, "LSTM")
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
        if hx is None:
            hx = (self._zeros(input), self._zeros(input))
        else:
            dims = (hx[0].dim(), hx[1].dim())
            if batched and dims != (3, 3):
                raise RuntimeError("For batched 3-D input, hx and cx should also be 3-D but got (%d-D, %d-D) tensors"
                                   % dims)
            if not batched:
                if dims != (2, 2):
                    raise RuntimeError("For unbatched 2-D input, hx and cx should also be 2-D but got (%d-D, %d-D) "
                                       "tensors" % dims)
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self._check_input(input)
        self._check_hidden(hx[0], self._hidden_shape(input), "Expected hidden[0] size {}, got {}")
        self._check_hidden(hx[1], self._hidden_shape(input), "Expected hidden[1] size {}, got {}")
        output, h, c = torch["lstm"](input, hx, self._flat_weights, self.bias, self.num_layers, self.dropout,
                                     self.training, self.bidirectional, self.batch_first)
        if not batched:
            output, h, c = output.squeeze(batch_dim), h.squeeze(1), c.squeeze(1)
        return output, (h, c)


class RNNCellBase(Module):
    """What RNNCell, LSTMCell and GRUCell share: weight_ih, weight_hh, bias_ih, bias_hh (None without bias) drawn
    as RNNBase's, the input made a batch of one when unbatched, a missing hidden state zeros, the repr."""

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(_empty(num_chunks * hidden_size, input_size, dtype=dtype, device=device))
        self.weight_hh = Parameter(_empty(num_chunks * hidden_size, hidden_size, dtype=dtype, device=device))
        for name in ("bias_ih", "bias_hh"):
            self.register_parameter(name, Parameter(_empty(num_chunks * hidden_size, dtype=dtype, device=device))
                                    if bias else None)
        self.reset_parameters()

    reset_parameters = RNNBase.reset_parameters

    def _step(self, run, input, hx, pair=False):
        """torch's forward of a cell: checks in its words (ValueError), a batch of one for 1-D input."""
        kind = type(self).__name__
        if input.dim() not in (1, 2):
            raise ValueError("%s: Expected input to be 1D or 2D, got %dD instead" % (kind, input.dim()))
        for label, h in ([("hx[%d]" % i, h) for i, h in enumerate(hx)] if pair and hx is not None else
                         [("hidden", hx)] if hx is not None else []):
            if h.dim() not in (1, 2):
                raise ValueError("%s: Expected %s to be 1D or 2D, got %dD instead" % (kind, label, h.dim()))
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch["zeros"](input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros) if pair else zeros
        elif not batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if pair else hx.unsqueeze(0)
        result = run(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not batched:
            return (result[0].squeeze(0), result[1].squeeze(0)) if pair else result.squeeze(0)
        return result

    def extra_repr(self):
        text = "%s, %s" % (self.input_size, self.hidden_size)
        if self.bias is not True:
            text += ", bias=%s" % self.bias
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            text += ", nonlinearity=%s" % self.nonlinearity
        return text


class RNNCell(RNNCellBase):
    """One Elman step: h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh) (or relu)."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        runs = {"tanh": torch["rnn_tanh_cell"], "relu": torch["rnn_relu_cell"]}
        if self.nonlinearity not in runs:  # torch checks it after the shapes, when it picks the kernel
            self._step(lambda input, *_: input, input, hx)
            raise RuntimeError("Unknown nonlinearity: %s" % self.nonlinearity)
        return self._step(runs[self.nonlinearity], input, hx)


class LSTMCell(RNNCellBase):
    """One LSTM step: hx the pair (h, c) (zeros when not given); returns (h', c')."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 4, device, dtype)

    def forward(self, input, hx=None):
        return self._step(torch["lstm_cell"], input, hx, pair=True)


class GRUCell(RNNCellBase):
    """One GRU step (reset, update and new gates)."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 3, device, dtype)

    def forward(self, input, hx=None):
        return self._step(torch["gru_cell"], input, hx)
