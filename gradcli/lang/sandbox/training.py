"""What scripts reach of torch.optim, torch.utils.data, torch.distributions and torch.nn.utils.rnn: the members of
those modules, and
the members a script may use on objects of their classes. Nothing is imported until a script first reaches them (a one-shot command
rarely does); lang.sandbox.namespace builds the modules from here."""

from ...torchlib import torch_module

_PACKAGES = ("gradcli.torchlib.optim", "gradcli.torchlib.utils", "gradcli.torchlib.distributions",
             "gradcli.torchlib.nn.utils")
DISTRIBUTIONS = ("normal", "uniform", "bernoulli", "categorical", "multinomial")  # torch's files of them
_kinds = None  # class -> the members a script may use on its objects (and its subclasses')


def optim_members():
    from ...torchlib.optim import adagrad, adam, adamw, optimizer, rmsprop, sgd
    return {"Optimizer": optimizer.Optimizer, "SGD": sgd.SGD, "Adam": adam.Adam, "AdamW": adamw.AdamW,
            "RMSprop": rmsprop.RMSprop, "Adagrad": adagrad.Adagrad}


def lr_scheduler_members():
    from ...torchlib.optim import lr_scheduler
    return {name: getattr(lr_scheduler, name) for name in (
        "LRScheduler", "StepLR", "MultiStepLR", "ExponentialLR", "LambdaLR", "CosineAnnealingLR")}


def data_members():
    from ...torchlib.utils.data import dataloader, dataset, sampler
    return {"Dataset": dataset.Dataset, "TensorDataset": dataset.TensorDataset, "Subset": dataset.Subset,
            "random_split": dataset.random_split, "Sampler": sampler.Sampler,
            "SequentialSampler": sampler.SequentialSampler, "RandomSampler": sampler.RandomSampler,
            "BatchSampler": sampler.BatchSampler, "DataLoader": dataloader.DataLoader,
            "default_collate": dataloader.default_collate}


def rnn_utils_members():
    from ...torchlib.nn.utils import rnn
    return dict(rnn.NAMES)


def distributions_module_members(name):
    """The members of torch.distributions.NAME (one distribution's module), or of torch.distributions itself
    (name None: the distributions and their base; its submodules are added by the namespace)."""
    from ...torchlib.distributions import bernoulli, categorical, distribution, multinomial, normal, uniform
    modules = {"normal": normal, "uniform": uniform, "bernoulli": bernoulli, "categorical": categorical,
               "multinomial": multinomial}  # (DISTRIBUTIONS, by name: the modules are imported explicitly)
    if name is not None:
        module = modules[name]
        return {key: value for key, value in vars(module).items() if isinstance(value, type) and
                value.__module__ == module.__name__}
    found = {"Distribution": distribution.Distribution}
    for file in DISTRIBUTIONS:
        found.update(distributions_module_members(file))
    return found


def _object_members():
    from ...torchlib.optim import lr_scheduler, optimizer
    from ...torchlib.utils.data import dataloader, dataset, sampler
    from ...torchlib.distributions import distribution
    from ...torchlib.nn.utils import rnn
    return {
        rnn.PackedSequence: rnn.MEMBERS,
        distribution.Distribution: distribution.members,
        optimizer.Optimizer: frozenset(("param_groups", "state", "defaults", "step", "zero_grad", "add_param_group",
                                        "state_dict", "load_state_dict")),
        lr_scheduler.LRScheduler: frozenset(("optimizer", "base_lrs", "last_epoch", "step", "get_last_lr", "get_lr",
                                             "state_dict", "load_state_dict", "step_size", "gamma", "milestones",
                                             "T_max", "eta_min", "lr_lambdas")),
        dataloader.DataLoader: frozenset(("dataset", "batch_size", "drop_last", "sampler", "batch_sampler",
                                          "num_workers", "generator", "collate_fn", "pin_memory", "timeout")),
        dataset.TensorDataset: frozenset(("tensors",)),
        dataset.Subset: frozenset(("dataset", "indices")),
        sampler.Sampler: frozenset(("data_source", "replacement", "num_samples", "generator", "sampler",
                                    "batch_size", "drop_last")),
    }


def is_own_class(kind):
    """Whether `kind` is one of these classes itself (not a script's subclass of one)."""
    return isinstance(kind, type) and kind.__module__.startswith(_PACKAGES)


def is_library_class(kind):
    """Whether `kind` is one of these classes or derives from one."""
    return isinstance(kind, type) and any(k.__module__.startswith(_PACKAGES) for k in kind.__mro__)


def torch_name(kind):
    """The class's name in torch, `torch.optim.sgd.SGD`: its modules mirror torch's."""
    return torch_module(kind.__module__) + "." + kind.__name__


def object_members(obj):
    """The members a script may read or call on `obj` when it is an object of these classes, else None."""
    global _kinds
    if not is_library_class(type(obj)):
        return None
    if _kinds is None:
        _kinds = _object_members()
    for kind in type(obj).__mro__:
        names = _kinds.get(kind)
        if names is not None:
            return names(obj) if callable(names) else names
    return None  # (a script's subclass of Dataset: the language's rules for classes decide)
