"""torch.nn: Module and Parameter, the layers, containers and losses, and torch.nn.init.

The modules compute through torch.nn.functional's front doors (gradcli.ops), so their graphs carry torch's node
names; they create and initialise their parameters in torch's order, on gradcli's copy of torch's random
stream, so that a seeded model starts from torch's weights bit for bit.

    parameter.py   Parameter, UninitializedParameter, UninitializedBuffer
    module.py      Module: registration by attribute, the walks over a model, train/eval, dtype, repr
    state.py       state_dict and load_state_dict
    containers.py  Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
    init.py        torch.nn.init
    layers.py      Identity, Linear, Bilinear, Flatten, Unflatten, Dropout, Embedding, the activations
    conv.py        Conv1d, Conv2d, ConvTranspose1d/2d, MaxPool2d, AvgPool2d, AdaptiveAvg/MaxPool1d/2d, LayerNorm, BatchNorm1d/2d/3d
    loss.py        the loss modules
    rnn.py         RNN, LSTM, GRU (over padded input or a PackedSequence)
    utils/rnn.py   torch.nn.utils.rnn: PackedSequence, pad_sequence, pack_padded_sequence, pad_packed_sequence, ...
    lazy.py        LazyLinear, LazyConv1d/2d, LazyBatchNorm1d/2d/3d: parameters shaped by the first input
    public.py      what `torch.nn` offers a script, and what a script may use on a module

The package imports none of its modules (public.py is the front door the language uses).
"""
