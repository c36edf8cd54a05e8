"""torch.distributions: Normal, Uniform, Bernoulli, Categorical and Multinomial, as torch's Python code computes
them (its files, one per distribution, mirrored here so that the classes print torch's module names), drawing
through the op table's samplers on gradcli's copy of torch's random stream: a seeded script samples torch's
values.

    distribution.py  Distribution: shapes, argument and sample validation with torch's messages, repr
    constraints.py   the constraints those checks use (real, positive, interval, simplex, ...)
    utils.py         broadcast_all, probs/logits conversions, lazy_property
    normal.py, uniform.py, bernoulli.py, categorical.py, multinomial.py   the distributions

The package imports none of its modules (the language loads them when a script first reaches torch.distributions).
"""
