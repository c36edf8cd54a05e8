"""torch.return_types: the named (values, indices) pairs of max(dim), min(dim), sort, topk."""


class ReturnTypes(tuple):
    """A named pair that unpacks like a tuple and prints as torch prints it."""

    def __new__(cls, kind, values, indices):
        self = super().__new__(cls, (values, indices))
        self.kind = kind
        return self

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self):
        return "torch.return_types.%s(\nvalues=%r,\nindices=%r)" % (self.kind, self[0], self[1])

    __str__ = __repr__
