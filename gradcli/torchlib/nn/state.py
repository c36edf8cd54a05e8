"""Module.state_dict and Module.load_state_dict (torch's module.py): a model's parameters and persistent buffers by
dotted name, and copying them back in place with torch's messages for what does not fit."""

import collections

from ...base import errors, grad_mode
from ...core.tensor import Tensor
from .parameter import Parameter, is_uninitialized


class IncompatibleKeys(collections.namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What load_state_dict returns; prints `<All keys matched successfully>` when both lists are empty."""

    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return "_IncompatibleKeys(missing_keys=%r, unexpected_keys=%r)" % (self.missing_keys, self.unexpected_keys)

    __str__ = __repr__


def _own_state(module):
    """The module's own parameters and persistent buffers (not its submodules'), by name, without the None ones."""
    state = {}
    for name, param in module._parameters.items():
        if param is not None:
            state[name] = param
    for name, buffer in module._buffers.items():
        if buffer is not None and name not in module._non_persistent_buffers_set:
            state[name] = buffer
    return state


def state_dict(module, destination=None, prefix="", keep_vars=False):
    """Every parameter and persistent buffer of module and its descendants under its dotted name, detached unless
    keep_vars, in an OrderedDict (with torch's `_metadata` of each module's version)."""
    if destination is None:
        destination = collections.OrderedDict()
        destination._metadata = collections.OrderedDict()
    metadata = getattr(destination, "_metadata", None)
    if metadata is not None:
        metadata[prefix[:-1]] = {"version": getattr(type(module), "_version", 1)}
    for name, value in _own_state(module).items():
        destination[prefix + name] = value if keep_vars or is_uninitialized(value) else value.detach()
    for name, child in module._modules.items():
        if child is not None:
            state_dict(child, destination, prefix + name + ".", keep_vars)
    return destination


COPY_TO_META = ("for %s: copying from a non-meta parameter in the checkpoint to a meta parameter in the current "
                "model, which is a no-op. (Did you mean to pass `assign=True` to assign items in the state "
                "dictionary to their corresponding key in the module instead of copying them in place?)")


def _assign(module, name, param, value):
    """load_state_dict(assign=True): `value` replaces `param`, keeping param's requires_grad (torch's)."""
    if isinstance(param, Parameter):
        if isinstance(value, Parameter):
            value.requires_grad_(param.requires_grad)
        else:
            value = Parameter(value, requires_grad=param.requires_grad)
    setattr(module, name, value)


def _load_own(module, state, prefix, missing, unexpected, messages, assign=False):
    """Copy the entries under `prefix` that are module's own; note what is missing, unexpected or misshapen."""
    local = _own_state(module)
    for name, param in local.items():
        key = prefix + name
        if key not in state:
            missing.append(key)
            continue
        value = state[key]
        if not isinstance(value, Tensor):
            messages.append('While copying the parameter named "%s", expected torch.Tensor or Tensor-like object '
                            "from checkpoint but received %s" % (key, type(value)))
            continue
        if is_uninitialized(param):  # a lazy module takes the checkpoint's shape (torch's _lazy_load_hook)
            with grad_mode.no_grad():
                param.materialize(value.shape)
        if param.ndim == 0 and value.ndim == 1 and value.shape[0] == 1:
            value = value[0]
        if value.shape != param.shape:
            messages.append("size mismatch for %s: copying a param with shape %s from checkpoint, the shape in "
                            "current model is %s." % (key, value.shape, param.shape))
            continue
        if param.is_meta and not value.is_meta and not assign:
            errors.warn(COPY_TO_META % key)
        with grad_mode.no_grad():
            if assign:  # the checkpoint's tensor itself becomes the module's (a Parameter for a parameter)
                _assign(module, name, param, value)
            else:
                param.copy_(value)
    for key in state:
        if key.startswith(prefix):
            first = key[len(prefix):].split(".", 1)
            if (len(first) > 1 and first[0] not in module._modules) or (len(first) == 1 and first[0] not in local):
                unexpected.append(key)


def load_state_dict(module, state, strict=True, assign=False):
    """Copy state's tensors into module's parameters and buffers in place (with `assign`, make them the
    module's own). With strict, missing and unexpected keys are errors; a shape mismatch always is. Returns the
    IncompatibleKeys."""
    if not isinstance(state, dict):
        raise TypeError("Expected state_dict to be dict-like, got %s." % type(state))
    missing, unexpected, messages = [], [], []

    def load(child, local_state, prefix=""):
        _load_own(child, local_state, prefix, missing, unexpected, messages, assign)
        for name, grandchild in child._modules.items():
            if grandchild is not None:
                child_prefix = prefix + name + "."
                load(grandchild, {k: v for k, v in local_state.items() if k.startswith(child_prefix)}, child_prefix)
    load(module, collections.OrderedDict(state))
    if strict and unexpected:
        messages.insert(0, "Unexpected key(s) in state_dict: %s. " % ", ".join('"%s"' % k for k in unexpected))
    if strict and missing:
        messages.insert(0, "Missing key(s) in state_dict: %s. " % ", ".join('"%s"' % k for k in missing))
    if messages:
        raise errors.GradcliError("Error(s) in loading state_dict for %s:\n\t%s"
                                  % (type(module).__name__, "\n\t".join(messages)))
    return IncompatibleKeys(missing, unexpected)
