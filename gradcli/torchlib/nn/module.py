"""torch.nn.Module: the base of every layer and model, as torch's module.py behaves.

A module keeps its parameters, buffers and submodules in three ordered dicts, filled by assigning attributes
(`self.fc = Linear(...)`, `self.w = Parameter(...)`) or by register_*; every walk over a model (parameters,
state_dict, train, apply, repr) follows those dicts in insertion order, as torch's does, so names and orders
match torch's.
"""

from . import state
from .parameter import Parameter
from ...base import dtypes, grad_mode
from ...base.subclassable import subclassable
from ...autograd.graph import RemovableHandle
from ...core.tensor import Device, Tensor, require_cpu
from ...ops import FUNCTIONS as torch

# what a script may use on a module (and a script class deriving from Module) besides its own attributes,
# parameters, buffers and submodules
MEMBERS = ("forward", "parameters", "named_parameters", "buffers", "named_buffers", "children", "named_children",
           "modules", "named_modules", "state_dict", "load_state_dict", "train", "eval", "training", "zero_grad",
           "requires_grad_", "apply", "register_buffer", "register_parameter", "add_module", "register_module",
           "get_submodule", "get_parameter", "extra_repr", "to", "cpu", "cuda", "float", "double", "half",
           "reset_parameters", "to_empty", "register_forward_hook", "_modules", "_parameters", "_buffers")
REGISTRIES = frozenset(("_modules", "_parameters", "_buffers"))  # (plain dicts, as torch's are since 2.0)


def _addindent(text, spaces):
    """Indent every line but the first (torch's _addindent)."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


def typename(value):
    """torch.typename: `torch.FloatTensor` for a float32 tensor, the class's qualified name otherwise."""
    if isinstance(value, Tensor):
        return value.dtype.legacy_name
    kind = type(value)
    module = kind.__module__
    return kind.__qualname__ if module in ("builtins", None) else "%s.%s" % (module, kind.__qualname__)


def registered(module):
    """The names of a module's parameters, buffers and submodules (attributes that live outside its __dict__)."""
    state = module.__dict__
    return set(state.get("_parameters", ())) | set(state.get("_buffers", ())) | set(state.get("_modules", ()))


@subclassable(members=MEMBERS, attributes=registered)
class Module:
    """torch.nn.Module. Subclasses set their layers and parameters as attributes in __init__ and define forward;
    calling the module calls forward."""

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            raise TypeError("Module.__init__() takes no arguments")
        setter = super().__setattr__
        setter("training", True)
        setter("_parameters", {})
        setter("_buffers", {})
        setter("_non_persistent_buffers_set", set())
        setter("_modules", {})

    def forward(self, *args, **kwargs):
        raise NotImplementedError('Module [%s] is missing the required "forward" function' % type(self).__name__)

    def __call__(self, *args, **kwargs):
        result = self.forward(*args, **kwargs)
        for hook in list(self.__dict__.get("_forward_hooks", ())):  # (a hook may remove itself)
            changed = hook(self, args, result)
            if changed is not None:
                result = changed
        return result

    def register_forward_hook(self, hook):
        """Call hook(module, args, output) after each forward; an output it returns replaces the result.
        Returns a handle whose remove() unregisters it."""
        hooks = self.__dict__.get("_forward_hooks")
        if hooks is None:
            hooks = []
            super().__setattr__("_forward_hooks", hooks)
        hooks.append(hook)
        return RemovableHandle(hooks, hook)

    # ------------------------------------------------------------ registration
    def _state(self, name):
        state = self.__dict__.get(name)
        if state is None:
            raise AttributeError("cannot assign %s before Module.__init__() call" % {
                "_parameters": "parameters", "_modules": "module", "_buffers": "buffer"}[name])
        return state

    def _check_name(self, kind, name, registry):
        if not isinstance(name, str):
            raise TypeError("%s name should be a string. Got %s" % (kind, typename(name)))
        if "." in name:
            raise KeyError('%s name can\'t contain ".", got: %s' % (kind, name) if kind == "module"
                           else '%s name can\'t contain "."' % kind)
        if name == "":
            raise KeyError('%s name can\'t be empty string ""' % kind)
        if name in self.__dict__ or (hasattr(type(self), name) and name not in registry):
            raise KeyError("attribute '%s' already exists" % name)

    def register_parameter(self, name, param):
        """Add a parameter (a Parameter or None) under `name`."""
        parameters = self._state("_parameters")
        self._check_name("parameter", name, parameters)
        if param is not None and not isinstance(param, Parameter):
            raise TypeError("cannot assign '%s' object to parameter '%s' (torch.nn.Parameter or None required)"
                            % (typename(param), name))
        if param is not None and param.grad_fn is not None:
            raise ValueError("Cannot assign non-leaf Tensor to parameter '%s'. Model parameters must be created "
                             "explicitly. To express '%s' as a function of another Tensor, compute the value in "
                             "the forward() method." % (name, name))
        parameters[name] = param

    def register_buffer(self, name, tensor, persistent=True):
        """Add a tensor (or None) that is state but no parameter, such as BatchNorm's running_mean."""
        buffers = self._state("_buffers")
        self._check_name("buffer", name, buffers)
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError("cannot assign '%s' object to buffer '%s' (torch Tensor or None required)"
                            % (typename(tensor), name))
        buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def add_module(self, name, module):
        """Add a child module (or None) under `name`."""
        modules = self._state("_modules")
        if module is not None and not isinstance(module, Module):
            raise TypeError("%s is not a Module subclass" % typename(module))
        self._check_name("module", name, modules)
        modules[name] = module

    register_module = add_module

    def __getattr__(self, name):
        state = self.__dict__
        for registry in ("_parameters", "_buffers", "_modules"):
            found = state.get(registry)
            if found is not None and name in found:
                return found[name]
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __setattr__(self, name, value):
        state = self.__dict__
        parameters = state.get("_parameters")
        if isinstance(value, Parameter):
            self._state("_parameters")
            self._forget(name, "__dict__", "_buffers", "_modules")
            self.register_parameter(name, value)
        elif parameters is not None and name in parameters:
            if value is not None:
                raise TypeError("cannot assign '%s' as parameter '%s' (torch.nn.Parameter or None expected)"
                                % (typename(value), name))
            parameters[name] = None
        elif isinstance(value, Module):
            self._state("_modules")
            self._forget(name, "__dict__", "_parameters", "_buffers")
            state["_modules"][name] = value
        elif state.get("_modules") is not None and name in state["_modules"]:
            if value is not None:
                raise TypeError("cannot assign '%s' as child module '%s' (torch.nn.Module or None expected)"
                                % (typename(value), name))
            state["_modules"][name] = None
        elif state.get("_buffers") is not None and name in state["_buffers"]:
            if value is not None and not isinstance(value, Tensor):
                raise TypeError("cannot assign '%s' as buffer '%s' (torch.nn.Buffer, torch.Tensor or None "
                                "expected)" % (typename(value), name))
            state["_buffers"][name] = value
        else:
            super().__setattr__(name, value)

    def _forget(self, name, *registries):
        for registry in registries:
            found = self.__dict__ if registry == "__dict__" else self.__dict__[registry]
            found.pop(name, None)
        self._non_persistent_buffers_set.discard(name)

    def __delattr__(self, name):
        for registry in ("_parameters", "_buffers", "_modules"):
            if name in self.__dict__[registry]:
                del self.__dict__[registry][name]
                self._non_persistent_buffers_set.discard(name)
                return
        super().__delattr__(name)

    # ------------------------------------------------------------ walking the tree
    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """(name, module) for this module and every descendant, depth first; a module met twice comes once."""
        if memo is None:
            memo = set()
        if self in memo:
            return
        if remove_duplicate:
            memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is not None:
                yield from module.named_modules(memo, prefix + ("." if prefix else "") + name, remove_duplicate)

    def modules(self, remove_duplicate=True):
        for _, module in self.named_modules(remove_duplicate=remove_duplicate):
            yield module

    def named_children(self):
        memo = set()
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                yield name, module

    def children(self):
        for _, module in self.named_children():
            yield module

    def _named_members(self, registry, prefix, recurse, remove_duplicate):
        memo = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, value in module.__dict__[registry].items():
                if value is None or value in memo:
                    continue
                if remove_duplicate:
                    memo.add(value)
                yield module_prefix + ("." if module_prefix else "") + name, value

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        """(name, parameter) pairs, `fc1.weight` style, each parameter once."""
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        """The parameters of this module and its descendants (what an optimizer is given)."""
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    def get_submodule(self, target):
        """The descendant named by a dotted path (`"encoder.0"`); "" is the module itself."""
        module = self
        for item in target.split(".") if target else ():
            if item not in module._modules:
                raise AttributeError(module._get_name() + " has no attribute `" + item + "`")
            module = module._modules[item]
            if not isinstance(module, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return module

    def get_parameter(self, target):
        module_path, _, name = target.rpartition(".")
        module = self.get_submodule(module_path)
        if name not in module._parameters:
            raise AttributeError(module._get_name() + " has no attribute `" + name + "`")
        return module._parameters[name]

    # ------------------------------------------------------------ modes and gradients
    def train(self, mode=True):
        """Training mode for this module and its descendants (dropout drops, batch norm uses batch statistics)."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        """Evaluation mode: train(False)."""
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for param in self.parameters():
            param.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        """Forget the parameters' gradients (set them to None, or to zeros with set_to_none=False)."""
        for param in self.parameters():
            if param.grad is not None:
                if set_to_none:
                    param.grad = None
                else:
                    grad = param.grad
                    if grad.grad_fn is not None:
                        grad = param._grad = grad.detach()
                    else:
                        grad.requires_grad_(False)
                    grad.zero_()

    def apply(self, fn):
        """Call fn on every descendant (children first) and then on this module; returns self."""
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # ------------------------------------------------------------ dtype and device
    def _apply(self, convert):
        for module in self.children():
            module._apply(convert)
        with grad_mode.no_grad():
            for param in self._parameters.values():
                if param is not None:
                    param.data = convert(param.data)
                    if param._grad is not None:
                        param._grad.data = convert(param._grad.data)
            for name, buffer in self._buffers.items():
                if buffer is not None:
                    self._buffers[name] = convert(buffer)
        return self

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def to(self, *args, **kwargs):
        """Module.to(device), to(dtype), to(tensor): floating parameters and buffers take the dtype; the device
        can only be the CPU."""
        dtype = kwargs.pop("dtype", None)
        device = kwargs.pop("device", None)
        kwargs.pop("non_blocking", None)
        if kwargs:
            raise TypeError("to() received an invalid combination of arguments")
        for arg in args:
            if isinstance(arg, dtypes.DType):
                dtype = arg
            elif isinstance(arg, Tensor):
                dtype = arg.dtype
            elif isinstance(arg, (str, Device)):
                device = arg
            else:
                raise TypeError("to() received an invalid combination of arguments - got (%s)"
                                % type(arg).__name__)
        if device is not None:
            if Device(device).type != "meta":
                require_cpu(device)
            self._apply(lambda t: t.to(device))
        if dtype is not None:
            if not dtype.is_floating_point:
                raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but got desired "
                                "dtype=%s" % dtype)
            return self._apply(lambda t: t.to(dtype) if t.is_floating_point() else t)
        return self

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def to_empty(self, *, device=None, recurse=True):
        """The parameters and buffers on `device` (None: where they are) with no values kept: what torch leaves
        uninitialised is zeros here (torch.empty_like)."""
        return self._apply(lambda t: torch["empty_like"](t, device=device))

    def cuda(self, device=None):
        require_cpu("cuda")

    # ------------------------------------------------------------ state (nn/state.py)
    def state_dict(self, *, destination=None, prefix="", keep_vars=False):
        """An OrderedDict of every parameter and persistent buffer by dotted name, detached (sharing memory)."""
        return state.state_dict(self, destination, prefix, keep_vars)

    def load_state_dict(self, state_dict, strict=True, assign=False):
        """Copy the tensors of a state_dict into this module's parameters and buffers (in place; with `assign`,
        they become its own); torch's errors for missing, unexpected and misshapen entries."""
        return state.load_state_dict(self, state_dict, strict, assign)

    # ------------------------------------------------------------ printing
    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        """The text inside the parentheses of this module's repr (subclasses say their settings here)."""
        return ""

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = ["(" + name + "): " + _addindent(repr(module), 2) for name, module in self._modules.items()]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"

    __str__ = __repr__
