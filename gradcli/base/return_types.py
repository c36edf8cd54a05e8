"""torch.return_types: the named tuples of max(dim), min(dim), sort, topk (values, indices) and of torch.linalg's
decompositions (U, S, Vh; eigenvalues, eigenvectors; ...)."""


class ReturnTypes(tuple):
    """A named tuple that unpacks like a tuple and prints as torch prints it."""

    def __new__(cls, kind, *fields, names=("values", "indices")):
        self = super().__new__(cls, fields)
        self.kind = kind
        self.names = names
        return self

    def field(self, name):
        """The field called `name` (scripts read them as attributes: `r.values`, `r.eigenvalues`)."""
        return self[self.names.index(name)]

    def __getattr__(self, name):  # r.values, r.indices, r.S, r.eigenvectors, as torch's named tuples
        names = self.__dict__.get("names", ())
        if name in names:
            return self[names.index(name)]
        raise AttributeError(name)

    def __repr__(self):
        return "torch.return_types.%s(\n%s)" % (self.kind, ",\n".join("%s=%r" % item
                                                                      for item in zip(self.names, self)))

    __str__ = __repr__
