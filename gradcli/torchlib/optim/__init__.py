"""torch.optim: SGD (sgd.py), Adam and AdamW (adam.py), RMSprop, Adagrad, their base Optimizer (optimizer.py)
and lr_scheduler, each updating parameters bit for bit as torch's CPU single-tensor implementation does.

The package imports none of its modules (lang/namespace names the classes scripts reach)."""
