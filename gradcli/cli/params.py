"""Typer's command classes with a cheaper coercion for plain parameters (strings, lists of strings, flags), and
help texts without Typer's type placeholders beside an argument's name (`EXPR <str>`).

Typer 0.29 coerces every parameter that is not already a bool through a pydantic TypeAdapter, and importing
pydantic would add a large share of a cold start (docs/bench.md). gradcli's parameters are all plain, so they
skip it; a parameter of any other kind (and any Typer without this internal hook) keeps Typer's own coercion.
"""

import inspect
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


def _unlabelled(params):
    """Arguments named by their metavar only: Typer's help would print the type's name beside it (`EXPR <str>`)."""
    for param in params:
        if getattr(param, "param_type_name", None) == "argument" and param.metavar and \
                not isinstance(param.type, _Unlabelled):
            param.type = _unlabelled_type(param.type)
    return params


class _Unlabelled:
    """Mixed into a parameter type: no metavar of its own in help texts."""

    def get_metavar(self, *args, **kwargs):
        return ""


_UNLABELLED = {}


def _unlabelled_type(param_type):
    cls = type(param_type)
    if cls not in _UNLABELLED:
        _UNLABELLED[cls] = type(cls.__name__, (_Unlabelled, cls), {})
    unlabelled = object.__new__(_UNLABELLED[cls])
    unlabelled.__dict__.update(param_type.__dict__)
    return unlabelled


def unwrapped(text):
    """A help text with each prose paragraph on one line, for Rich to wrap to the terminal: the source wraps
    them, and Rich would keep those breaks and wrap again (ragged lines). Indented paragraphs (the examples)
    keep their lines and their indent, behind an empty markup tag: Typer dedents all but a help text's first
    paragraph, which would pull the examples to the margin where no prose paragraph sits between."""
    if not text:
        return text
    return "\n\n".join(_KEEP_INDENT + paragraph.replace("\n", "\n" + _KEEP_INDENT) if paragraph.startswith(" ")
                       else " ".join(paragraph.split("\n")) for paragraph in inspect.cleandoc(text).split("\n\n"))


_KEEP_INDENT = "[bold][/bold]"


class Command(typer.core.TyperCommand):
    """@app.command(cls=Command)"""

    def __init__(self, *args, help=None, epilog=None, **kwargs):
        super().__init__(*args, help=unwrapped(help), epilog=unwrapped(epilog), **kwargs)

    def get_params(self, ctx):
        return _unlabelled(_without_pydantic(super().get_params(ctx)))


class Group(typer.core.TyperGroup):
    """typer.Typer(cls=Group): its help lists the commands first, then its options, panel by panel."""

    def __init__(self, *args, help=None, epilog=None, **kwargs):
        super().__init__(*args, help=unwrapped(help), epilog=unwrapped(epilog), **kwargs)

    def get_params(self, ctx):
        return _unlabelled(_without_pydantic(super().get_params(ctx)))

    def format_help(self, ctx, formatter):
        from typer import rich_utils as rich
        if self.rich_markup_mode is None or not all(hasattr(rich, name) for name in _TYPER_HELP):
            return super().format_help(ctx, formatter)  # (a Typer whose help is laid out otherwise)
        from rich.align import Align
        from rich.padding import Padding
        console, mode = rich._get_rich_console(), self.rich_markup_mode
        console.print(Padding(rich.highlighter(self.get_usage(ctx)), 1), style=rich.STYLE_USAGE_COMMAND)
        if self.help:
            console.print(Padding(Align(rich._get_help_text(obj=self, markup_mode=mode), pad=False), (0, 1, 1, 1)))
        commands = [self.get_command(ctx, name) for name in self.list_commands(ctx)]
        commands = [command for command in commands if command and not command.hidden]
        rich._print_commands_panel(name=rich.COMMANDS_PANEL_TITLE, commands=commands, markup_mode=mode,
                                   console=console, cmd_len=max((len(c.name) for c in commands), default=0))
        panels = {}
        for param in self.get_params(ctx):
            if not getattr(param, "hidden", False):
                panels.setdefault(getattr(param, "rich_help_panel", None) or rich.OPTIONS_PANEL_TITLE, []).append(param)
        for name, params in panels.items():
            rich._print_options_panel(name=name, params=params, ctx=ctx, markup_mode=mode, console=console)
        if self.epilog:
            console.print(Padding(Align(rich._make_rich_text(text=self.epilog, markup_mode=mode), pad=False), 1))


_TYPER_HELP = ("_get_rich_console", "highlighter", "STYLE_USAGE_COMMAND", "_get_help_text", "_print_commands_panel",
               "COMMANDS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "_print_options_panel", "_make_rich_text")


class ExpressionCommand(Command):
    """A command whose arguments are expressions, which may start with a minus: `gradcli diff "-x^2" x` needs no
    `--`. An argument that starts with '-' and is not one of the command's options is an expression."""

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, _expressions_kept(self.get_params(ctx), list(args)))


def _expressions_kept(params, args):
    """`args` with the expressions that start with '-' moved behind a `--` (after every option, the positional
    arguments keeping their order)."""
    takes_value = {}
    for param in params:
        if getattr(param, "param_type_name", None) == "option":  # click's Option, wherever Typer keeps click
            for name in param.opts + param.secondary_opts:
                takes_value[name] = not param.is_flag and not param.count
    if "--" in args:
        return args
    options, positional, moved = [], [], False
    i = 0
    while i < len(args):
        arg = args[i]
        name = arg.split("=", 1)[0]
        if arg.startswith("--") or arg in takes_value:
            options.append(arg)
            if takes_value.get(name) and "=" not in arg and i + 1 < len(args):
                i += 1
                options.append(args[i])
        elif arg.startswith("-") and len(arg) > 1 and takes_value.get(arg[:2]) and arg[2:].split("=")[0].isidentifier():
            options.append(arg)  # a short option with its value attached: -ax=1
        else:
            positional.append(arg)
            moved = moved or arg.startswith("-") and len(arg) > 1
        i += 1
    return options + ["--"] + positional if moved else args
