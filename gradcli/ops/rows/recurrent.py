"""torch's recurrent layers: torch.rnn_tanh, rnn_relu, gru and lstm (what nn.RNN, nn.GRU and nn.LSTM call), over
padded input or over a packed sequence (their packed overloads), their single steps rnn_tanh_cell, rnn_relu_cell,
gru_cell and lstm_cell (what nn.RNNCell, nn.GRUCell and nn.LSTMCell call), and torch._pack_padded_sequence.

They are composed as torch's CPU code composes them (aten/src/ATen/native/RNN.cpp), so their graphs carry
torch's node names: the input projection of a whole layer as one linear (ViewBackward0(AddmmBackward0)),
unbound into steps; each step a cell of linears, unsafe_chunk and pointwise ops; the steps' outputs stacked, the
directions concatenated, the final hidden states stacked; dropout between layers in training. Over a packed
sequence each step takes as many rows as its batch size, the hidden state narrowed as sequences end (torch's
PackedLayer and ReversedPackedLayer), so every sequence's final state is at its own length.

One exception, as in torch: a float32 LSTM runs on oneDNN (torch's mkldnn_rnn), one MkldnnRnnLayerBackward0
node per layer and direction, computed here on numpy; its backward is the vector-Jacobian product of the same
layer written in tensor ops (ops/composite).
"""

import numpy as np

from ..bind import apply
from ..composite import composite_vjp
from .join import cat, stack, unsafe_chunk
from .activations import dropout, linear
from .padding import constant_pad_nd
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...core.tensor import Tensor


# ---------------------------------------------------------------- the composed path
# A cell's x is a step of the layer's input projected at once (torch's pre_compute_input), or, called as
# torch.rnn_tanh_cell & co., the raw input it projects itself in torch's order: after the hidden state's linear,
# but before it in a GRU (the order of the nodes is the order their backward runs in).
def _input_gates(x, w_ih, b_ih, pre_computed):
    return x if pre_computed else linear(x, w_ih, b_ih)


def _rnn_cell(nonlinearity):
    def cell(x, hidden, w_ih, w_hh, b_ih, b_hh, pre_computed=True):
        return nonlinearity(linear(hidden, w_hh, b_hh) + _input_gates(x, w_ih, b_ih, pre_computed))
    return cell


def _gru_cell(x, hidden, w_ih, w_hh, b_ih, b_hh, pre_computed=True):
    input_gates = unsafe_chunk(_input_gates(x, w_ih, b_ih, pre_computed), 3, 1)
    hidden_gates = unsafe_chunk(linear(hidden, w_hh, b_hh), 3, 1)
    reset_gate = (hidden_gates[0] + input_gates[0]).sigmoid()
    input_gate = (hidden_gates[1] + input_gates[1]).sigmoid()
    new_gate = (input_gates[2] + hidden_gates[2] * reset_gate).tanh()
    return (hidden - new_gate) * input_gate + new_gate


def _lstm_cell(x, hidden, w_ih, w_hh, b_ih, b_hh, pre_computed=True):
    hx, cx = hidden
    gates = unsafe_chunk(linear(hx, w_hh, b_hh) + _input_gates(x, w_ih, b_ih, pre_computed), 4, 1)
    ingate, forgetgate, cellgate, outgate = gates[0].sigmoid(), gates[1].sigmoid(), gates[2].tanh(), gates[3].sigmoid()
    cy = forgetgate * cx + ingate * cellgate
    return outgate * cy.tanh(), cy


_TANH_CELL, _RELU_CELL = _rnn_cell(lambda x: x.tanh()), _rnn_cell(lambda x: x.relu())


def _output(hidden):
    return hidden[0] if isinstance(hidden, tuple) else hidden


def _layer(cell, layer_input, hidden, params, reverse):
    """One direction of one layer over the whole sequence: (stacked outputs, final hidden)."""
    limits.tick(layer_input.shape[0])  # a step per element of the sequence, counted before the loop runs
    steps = linear(layer_input, params[0], params[2]).unbind(0)
    outputs = []
    for step in (reversed(steps) if reverse else steps):
        hidden = cell(step, hidden, *params)
        outputs.append(_output(hidden))
    if reverse:
        outputs.reverse()
    if not outputs:
        raise errors.GradcliError("Expected sequence length to be larger than 0 in RNN")
    return stack(outputs, 0), hidden


def _narrow(hidden, start, end):
    """hidden_slice: rows start:end of a hidden state (both of an LSTM's)."""
    return tuple(h[start:end] for h in hidden) if isinstance(hidden, tuple) else hidden[start:end]


def _concat(hiddens):
    """hidden_concat: hidden states joined along the batch."""
    if isinstance(hiddens[0], tuple):
        return tuple(cat([h[k] for h in hiddens], 0) for k in range(len(hiddens[0])))
    return cat(hiddens, 0)


def _packed_layer(batch_sizes):
    """torch's PackedLayer (forward) and ReversedPackedLayer over a packed sequence's data: (outputs, final)."""
    def layer(cell, data, hidden, params, reverse):
        limits.tick(len(batch_sizes))
        projected = linear(data, params[0], params[2])
        outputs = []
        if not reverse:  # a sequence's final state is put aside as it ends
            finals, offset, last = [], 0, batch_sizes[0]
            for size in batch_sizes:
                step = projected[offset:offset + size]
                offset += size
                if last > size:
                    finals.append(_narrow(hidden, size, last))
                    hidden = _narrow(hidden, 0, size)
                last = size
                hidden = cell(step, hidden, *params)
                outputs.append(_output(hidden))
            finals.append(hidden)
            return cat(outputs, 0), _concat(finals[::-1])
        offset, last = data.shape[0], batch_sizes[-1]
        initial, hidden = hidden, _narrow(hidden, 0, last)
        for size in reversed(batch_sizes):  # a sequence's initial state joins as it starts
            if size > last:
                hidden = _concat([hidden, _narrow(initial, last, size)])
            step = projected[offset - size:offset]
            offset -= size
            last = size
            hidden = cell(step, hidden, *params)
            outputs.append(_output(hidden))
        return cat(outputs[::-1], 0), hidden
    return layer


def _stacked_layers(cell, input, hiddens, params, num_layers, dropout_p, train, bidirectional, layer_of=_layer):
    """torch's apply_layer_stack: each layer's output (directions concatenated) feeds the next, with dropout
    between layers in training. Returns the output and the final hiddens (layer-major, direction-minor)."""
    directions = 2 if bidirectional else 1
    finals = []
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            index = layer * directions + direction
            output, final = layer_of(cell, input, hiddens[index], params[index], direction == 1)
            outputs.append(output)
            finals.append(final)
        input = outputs[0] if directions == 1 else cat(outputs, outputs[0].ndim - 1)
        if dropout_p != 0 and train and layer < num_layers - 1:
            input = dropout(input, dropout_p, True)
    return input, finals


def _grouped(params, has_biases):
    """The flat weight list as (w_ih, w_hh, b_ih, b_hh) per layer and direction (biases None without them)."""
    step = 4 if has_biases else 2
    return [tuple(params[i:i + step]) + ((None, None) if not has_biases else ())
            for i in range(0, len(params), step)]


def _one_hidden_rnn(cell, input, hx, params, has_biases, num_layers, dropout_p, train, bidirectional, batch_first):
    x = input.transpose(0, 1) if batch_first else input
    output, finals = _stacked_layers(cell, x, hx.unbind(0), _grouped(params, has_biases), num_layers, dropout_p,
                                     train, bidirectional)
    if batch_first:
        output = output.transpose_(0, 1)
    return output, stack(finals, 0)


def _packed_rnn(cell, data, batch_sizes, hx, params, has_biases, num_layers, dropout_p, train, bidirectional):
    """The packed overloads (data, batch_sizes, hx, params, ...): over a packed sequence's data, always composed
    (torch runs no oneDNN layer there). Returns (data of the output, the final hidden states)."""
    sizes = [int(b) for b in batch_sizes.tolist()]
    pair = isinstance(hx, (tuple, list))
    hiddens = list(zip(hx[0].unbind(0), hx[1].unbind(0))) if pair else hx.unbind(0)
    output, finals = _stacked_layers(cell, data, hiddens, _grouped(params, has_biases), num_layers, dropout_p, train,
                                     bidirectional, _packed_layer(sizes))
    if pair:
        return output, stack([h for h, _ in finals], 0), stack([c for _, c in finals], 0)
    return output, stack(finals, 0)


def _recurrent(cell, input, hx, params, rest):
    """The padded overload (input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first)
    or, where hx's place holds batch_sizes and params' place hx, the packed one."""
    if isinstance(params, Tensor):
        return _packed_rnn(cell, input, hx, params, *rest)
    return _one_hidden_rnn(cell, input, hx, params, *rest)


@front_door("rnn_tanh", method=False)
def rnn_tanh(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """An Elman RNN with tanh: h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh). Returns (output, h_n)."""
    return _recurrent(_TANH_CELL, input, hx, params,
                      (has_biases, num_layers, dropout, train, bidirectional, batch_first))


@front_door("rnn_relu", method=False)
def rnn_relu(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """An Elman RNN with relu. Returns (output, h_n)."""
    return _recurrent(_RELU_CELL, input, hx, params,
                      (has_biases, num_layers, dropout, train, bidirectional, batch_first))


@front_door("gru", method=False)
def gru(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """A GRU (torch's gate order: reset, update, new). Returns (output, h_n)."""
    return _recurrent(_gru_cell, input, hx, params, (has_biases, num_layers, dropout, train, bidirectional,
                                                     batch_first))


@front_door("lstm", method=False)
def lstm(input, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """An LSTM (torch's gate order: input, forget, cell, output). Returns (output, h_n, c_n): on oneDNN's
    layer for float32 input, as torch runs it on the CPU, composed of ops otherwise; over a packed sequence
    (the overload data, batch_sizes, hx, params, ...) composed."""
    if isinstance(hx, Tensor):
        return _packed_rnn(_lstm_cell, input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
                           batch_first)
    h0, c0 = hx
    if input.dtype.name == "float32" and input.numel() and h0.shape[-1] == c0.shape[-1]:
        return _mkldnn_lstm(input, h0, c0, _grouped(params, has_biases), has_biases, num_layers, dropout, train,
                            bidirectional, batch_first)
    x = input.transpose(0, 1) if batch_first else input
    hiddens = list(zip(h0.unbind(0), c0.unbind(0)))
    output, finals = _stacked_layers(_lstm_cell, x, hiddens, _grouped(params, has_biases), num_layers, dropout,
                                     train, bidirectional)
    if batch_first:
        output = output.transpose(0, 1)
    return output, stack([h for h, _ in finals], 0), stack([c for _, c in finals], 0)


# ---------------------------------------------------------------- one step: torch.rnn_tanh_cell & co.
def _check_cell(input, hiddens, w_ih, w_hh):
    """torch's check_rnn_cell_forward_input and _hidden: (batch, features) input, each hidden (batch, hidden)."""
    if input.size(1) != w_ih.size(1):
        raise errors.GradcliError("input has inconsistent input_size: got %d expected %d"
                                  % (input.size(1), w_ih.size(1)))
    for label, hx in enumerate(hiddens):
        if input.size(0) != hx.size(0):
            raise errors.GradcliError("Input batch size %d doesn't match hidden%d batch size %d"
                                      % (input.size(0), label, hx.size(0)))
        if hx.size(1) != w_hh.size(1):
            raise errors.GradcliError("hidden%d has inconsistent hidden_size: got %d, expected %d"
                                      % (label, hx.size(1), w_hh.size(1)))


def _one_step(cell, input, hx, w_ih, w_hh, b_ih, b_hh):
    hiddens = hx if isinstance(hx, tuple) else (hx,)
    _check_cell(input, hiddens, w_ih, w_hh)
    limits.tick()  # a script's loop of cells is the library's loop: each step counts
    return cell(input, hx, w_ih, w_hh, b_ih, b_hh, pre_computed=False)


@front_door("rnn_tanh_cell", method=False)
def rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """One Elman step: tanh(x W_ih^T + b_ih + h W_hh^T + b_hh), what nn.RNNCell calls."""
    return _one_step(_TANH_CELL, input, hx, w_ih, w_hh, b_ih, b_hh)


@front_door("rnn_relu_cell", method=False)
def rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """One Elman step with relu (nn.RNNCell(nonlinearity='relu'))."""
    return _one_step(_RELU_CELL, input, hx, w_ih, w_hh, b_ih, b_hh)


@front_door("gru_cell", method=False)
def gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """One GRU step (nn.GRUCell)."""
    return _one_step(_gru_cell, input, hx, w_ih, w_hh, b_ih, b_hh)


@front_door("lstm_cell", method=False)
def lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None):
    """One LSTM step (nn.LSTMCell): hx the pair (h, c); returns (h', c'). Composed on the CPU, as torch's is."""
    if len(hx) != 2:
        raise errors.GradcliError("lstm_cell expects two hidden states")
    return _one_step(_lstm_cell, input, tuple(hx), w_ih, w_hh, b_ih, b_hh)


# ---------------------------------------------------------------- the oneDNN LSTM layer
def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _lstm_layer_forward(input, weight0, weight1, weight2, weight3, hx_, cx_, reverse, **_):
    """One LSTM layer over (seq, batch, features): (output, hy, cy, workspace)."""
    dtype = input.dtype
    projected = input @ weight0.T + weight2 + weight3
    limits.tick(input.shape[0])
    h, c = hx_, cx_
    outputs = [None] * input.shape[0]
    for t in (range(input.shape[0] - 1, -1, -1) if reverse else range(input.shape[0])):
        gates = projected[t] + h @ weight1.T
        i, f, g, o = np.split(gates, 4, axis=1)
        c = (_sigmoid(f) * c + _sigmoid(i) * np.tanh(g)).astype(dtype)
        h = (_sigmoid(o) * np.tanh(c)).astype(dtype)
        outputs[t] = h
    return np.stack(outputs).astype(dtype), h, c, np.zeros(0, dtype)


def _lstm_layer_composite(reverse):
    """The same layer in tensor ops: (output, hy, cy)."""
    def layer(input, weight0, weight1, weight2, weight3, hx_, cx_):
        output, (hy, cy) = _layer(_lstm_cell, input, (hx_, cx_), (weight0, weight1, weight2, weight3), reverse)
        return output, hy, cy
    return layer


_LAYER_INPUTS = "input weight0 weight1 weight2 weight3 hx_ cx_"


def _layer_derivative(i):
    text = "mkldnn_rnn_layer_backward(grads, %s, reverse)[%d]" % (_LAYER_INPUTS.replace(" ", ", "), i)
    return (text, lambda grads, input, weight0, weight1, weight2, weight3, hx_, cx_, reverse:
            mkldnn_rnn_layer_backward(grads, input, weight0, weight1, weight2, weight3, hx_, cx_, reverse)[i])


MKLDNN_RNN_LAYER = row("mkldnn_rnn_layer", "MkldnnRnnLayerBackward0", _lstm_layer_forward, _LAYER_INPUTS,
                       **{name: _layer_derivative(i) for i, name in enumerate(_LAYER_INPUTS.split())})


@formula_helper
def mkldnn_rnn_layer_backward(grads, input, weight0, weight1, weight2, weight3, hx_, cx_, reverse):
    """The gradients of an LSTM layer's (output, hy, cy), weighted by grads, for each of its inputs."""
    return composite_vjp(_lstm_layer_composite(reverse), (input, weight0, weight1, weight2, weight3, hx_, cx_),
                         grads)


def _mkldnn_lstm(input, h0, c0, params, has_biases, num_layers, dropout_p, train, bidirectional, batch_first):
    """torch's mkldnn_rnn: one mkldnn_rnn_layer per layer and direction (zeros for absent biases)."""
    x = (input.transpose(0, 1) if batch_first else input).contiguous()
    h0, c0 = h0.contiguous(), c0.contiguous()
    directions = 2 if bidirectional else 1
    hy, cy = [], []
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            index = layer * directions + direction
            w_ih, w_hh, b_ih, b_hh = params[index]
            if not has_biases:
                b_ih = b_hh = Tensor._make(np.zeros(w_ih.shape[0], w_ih.array.dtype))
            output, h, c, _ = apply(MKLDNN_RNN_LAYER, x, w_ih, w_hh, b_ih, b_hh, h0[index], c0[index],
                                    reverse=direction == 1)
            outputs.append(output)
            hy.append(h)
            cy.append(c)
        x = outputs[0] if directions == 1 else cat(outputs, -1)
        if dropout_p != 0 and train and layer < num_layers - 1:
            x = dropout(x, dropout_p, True)
    output = x.transpose(0, 1) if batch_first else x
    return output, stack(hy, 0), stack(cy, 0)


# ---------------------------------------------------------------- packing
def _running(lengths, t):
    """How many of the sequences (lengths sorted, longest first) are still running at step t."""
    return sum(1 for n in lengths if n > t)


def _pack_padded_forward(input, lengths, batch_first):
    """The rows of each step's running sequences, step after step."""
    x = input.swapaxes(0, 1) if batch_first else input
    return np.concatenate([x[t, :_running(lengths, t)] for t in range(lengths[0])])


PACK_PADDED_SEQUENCE = row(
    "_pack_padded_sequence", "PackPaddedSequenceBackward0", _pack_padded_forward, "input",
    input=("_pack_padded_sequence_backward(grad, input.shape, lengths, batch_first)",
           lambda grad, input_shape, lengths, batch_first:
           _pack_padded_sequence_backward(grad, input_shape, lengths, batch_first)))


@formula_helper
def _pack_padded_sequence_backward(grad, input_shape, lengths, batch_first):
    """The packed rows' gradient put back in place, zeros where the padding was."""
    seq, batch = (input_shape[1], input_shape[0]) if batch_first else input_shape[:2]
    steps, offset = [], 0
    for t in range(seq):
        size = _running(lengths, t)
        steps.append(constant_pad_nd(grad[offset:offset + size], (0, 0) * (len(input_shape) - 2) + (0, batch - size)))
        offset += size
    padded = stack(steps, 0)
    return padded.transpose(0, 1) if batch_first else padded


def pack_padded_rows(input, lengths, batch_first):
    """torch._pack_padded_sequence: (data, batch_sizes) of input (seq, batch, *) or (batch, seq, *), lengths a
    list of ints sorted longest first; one PackPaddedSequenceBackward0 node."""
    data = apply(PACK_PADDED_SEQUENCE, input, lengths=tuple(lengths), batch_first=batch_first)
    return data, [_running(lengths, t) for t in range(lengths[0])]
