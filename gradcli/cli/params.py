"""Typer's command classes with a cheaper coercion for plain parameters (strings, lists of strings, flags).

Typer 0.29 coerces every parameter that is not already a bool through a pydantic TypeAdapter, and importing
pydantic costs about 70 ms of each start. gradcli's parameters are all plain, so they skip it; a parameter of
any other kind (and any Typer without this internal hook) keeps Typer's own coercion.
"""

from typing import List, Optional

import typer.core


class _PlainParameter:
    """What Typer's pydantic adapter does for str, Optional[str], List[str] and bool parameters."""

    def coerce(self, value, param, ctx):
        if param.multiple or param.nargs == -1:
            return list(value or ())
        if param.type_descriptor.annotation is bool and isinstance(value, str):
            return value.lower() in ("1", "true", "yes", "on")
        return value


_PLAIN_ANNOTATIONS = (str, Optional[str], List[str], bool)


def _without_pydantic(params):
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if getattr(param, "_runtime_param", False) is None and descriptor is not None and \
                descriptor.annotation in _PLAIN_ANNOTATIONS:
            param._runtime_param = _PlainParameter()
    return params


class Command(typer.core.TyperCommand):
    """@app.command(cls=Command)"""

    def get_params(self, ctx):
        return _without_pydantic(super().get_params(ctx))


class Group(typer.core.TyperGroup):
    """typer.Typer(cls=Group)"""

    def get_params(self, ctx):
        return _without_pydantic(super().get_params(ctx))
