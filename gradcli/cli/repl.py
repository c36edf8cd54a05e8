"""The REPL: `>>>` and `...` prompts, results echoed like Python's REPL, torch, nn and F imported, history across
sessions, completion, the : commands.

On a terminal the line editor is prompt_toolkit's (cli/line_editor.py: highlighting, a whole block edited and
recalled as one entry, suggestions from history); where it is missing or the terminal is dumb, readline's line
by line; piped input is read as it comes, without prompts. The language work — parsing, running, completing,
describing — is gradcli.app.session.Session's.
"""

import os
import sys

PRELOAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

HELP = """gradcli REPL: the PyTorch subset of `gradcli run`, one input at a time.
torch, nn and F are imported.
  :help              this text
  :vars              the variables: name, shape, dtype, requires_grad, grad_fn,
                     whether .grad is set
  :graph NAME [N|all]
                     the backward graph of NAME (source, value, gradient of each
                     node), N levels deep
  :explain NAME      the backward of the scalar NAME step by step (no .grad
                     changes: the graph is kept)
  :why EXPR          why EXPR (x.grad, y.grad, ...) is None, or where its value
                     came from
  :save FILE         write the inputs that ran as a script (gradcli run FILE and
                     python FILE both run it)
  :load FILE         run a script here, its variables kept
  :reset             forget every variable
  :quit, :q          leave (so do exit(), quit() and Ctrl-D)
help(name) or name? describes a function or a tensor; dir(x) lists what x has;
_ is the last value shown. Tab completes names, torch.<member> and x.<member>.
Ctrl-C cancels the input or stops a running statement.
"""


def banner():
    """What the REPL says first on a terminal, in 80 columns."""
    from .. import __version__
    return ("gradcli %s: PyTorch's autograd on numpy.\nImported: torch, torch.nn as nn, torch.nn.functional as F.\n"
            ":help for help; exit(), :q or Ctrl-D leaves.\n" % __version__)


def history_path(kind="history"):
    """$XDG_STATE_HOME/gradcli/history, by default ~/.local/state/gradcli/history (prompt_toolkit's format, a
    block one entry; readline's line-by-line history is `readline-history` beside it)."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(state, "gradcli", kind)


def run_repl(startup=None):
    """The REPL; `startup` (text, filename): a script to run first, its variables kept (`gradcli run -i`)."""
    from ..base.errors import GradcliError
    from ..app.session import Leave
    interactive = sys.stdin.isatty()
    session = _session(interactive and sys.stdout.isatty())
    session.execute(PRELOAD)
    if startup is not None:
        try:
            session.run(*startup)
        except GradcliError as error:
            _report(error)
    if interactive:
        _write(banner())
    reader = _reader(session, interactive)
    try:
        while True:
            try:
                text = reader.read()
            except EOFError:
                if interactive:
                    _write("\n")
                return
            except KeyboardInterrupt:  # Ctrl-C cancels the input, as in Python's REPL
                _write("\nKeyboardInterrupt\n")
                continue
            if _one(session, text) is False:
                return
    except Leave:
        return
    finally:
        reader.close()


def _session(terminal):
    """A Session that echoes as Python's REPL does, its values highlighted on a colour terminal."""
    from ..app.session import Session
    echo = None
    if terminal:
        from . import render
        console = render.console()
        if console.is_terminal and console.color_system is not None:
            from rich.highlighter import ReprHighlighter
            from rich.text import Text
            highlight = ReprHighlighter()

            def echo(value):
                console.print(highlight(Text(repr(value))))
    return Session(write=_write, warn=_write_stderr, explain=True, echo=echo)


def _one(session, text):
    """Run one input: a : command, `name?`, exit/quit, or code. False: leave."""
    from ..base.errors import GradcliError
    from ..core.limits import timeout
    from .process import timed
    stripped = text.strip()
    if not stripped:
        return None
    if stripped.startswith(":") and "\n" not in stripped:
        return _command(session, stripped)
    if stripped in ("exit", "quit"):
        return False
    if stripped.endswith("?") and "\n" not in stripped and stripped[:-1].strip():
        try:
            _write(session.help(stripped[:-1]) + "\n")
        except GradcliError as error:
            _write_stderr(str(error) + "\n")
        return None
    try:
        with timed(timeout(), backstop=False):  # --timeout: per input
            session.execute(text if text.endswith("\n") else text + "\n")
    except GradcliError as error:
        _report(error)
    except KeyboardInterrupt as interrupt:
        position = getattr(interrupt, "position", None)
        _write("\n" + (position.render("KeyboardInterrupt") + "\n" if position is not None else "KeyboardInterrupt\n"))
    except Exception as exc:  # a bug in gradcli: say so, and keep the session and its variables
        _write_stderr("internal error: %s: %s (this is a bug in gradcli)\n" % (type(exc).__name__, exc))
    return None


def _report(error):
    _write_stderr(error.report() + "\n")


# ---------------------------------------------------------------- reading inputs
def _reader(session, interactive):
    if interactive and sys.stdout.isatty():
        try:
            from prompt_toolkit.utils import is_dumb_terminal
        except ImportError:  # an install without it: readline, line by line
            return LineReader(session, interactive)
        if not is_dumb_terminal():
            from .line_editor import BlockReader
            return BlockReader(session, history_path())
    return LineReader(session, interactive)


class LineReader:
    """Inputs line by line with input(): `...` while the input is unfinished, an empty line ending a block;
    readline's editing, completion and history where it exists. Piped input: no prompts."""

    def __init__(self, session, interactive):
        self.session = session
        self.prompts = (">>> ", "... ") if interactive else ("", "")
        self.save = _setup_readline(session) if interactive else None

    def read(self):
        lines = []
        while True:
            try:
                line = input(self.prompts[1] if lines else self.prompts[0])
            except EOFError:
                if lines:
                    return "\n".join(lines) + "\n"
                raise
            if not lines and line.strip().startswith(":"):
                return line
            lines.append(line)
            text = "\n".join(lines) + "\n"
            # an empty line ends a block; otherwise ask for more while the input is unfinished
            if not line.strip() or not self.session.is_incomplete(text):
                return text

    def close(self):
        if self.save is not None:
            self.save()


# ---------------------------------------------------------------- the : commands
def _command(session, line):
    from ..base.errors import GradcliError
    from . import render
    name, _, argument = line[1:].partition(" ")
    argument = argument.strip()
    if name in ("help", "h", "?"):
        _write(HELP)
    elif name == "vars":
        rows = session.describe_variables()
        if rows:
            render.console().print(render.variables_table(rows))
        else:
            _write("no variables yet\n")
    elif name in ("graph", "explain", "why", "save", "load") and not argument:
        _write_stderr("usage: :%s %s\n" % (name, {"why": "EXPR", "save": "FILE", "load": "FILE"}.get(name, "NAME")))
    elif name == "graph":
        _graph(session, argument)
    elif name == "explain":
        from .explain_view import show_explanation
        try:
            show_explanation(session.explain(argument))
        except GradcliError as error:
            _write_stderr(str(error) + "\n")
    elif name == "why":
        try:
            _write(session.why(argument).message + "\n")
        except GradcliError as error:
            _write_stderr(str(error) + "\n")
    elif name == "save":
        _save(session, argument)
    elif name == "load":
        _load(session, argument)
    elif name == "reset":
        session.reset()
        session.execute(PRELOAD)
        _write("all variables forgotten (torch, nn and F imported again)\n")
    elif name in ("quit", "exit", "q"):
        return False
    else:
        _write_stderr("unknown command %s (try :help)\n" % line)


def _save(session, path):
    text = "# a gradcli REPL session (:save): gradcli run %s, or python %s with torch\n" % (path, path)
    try:
        with open(os.path.expanduser(path), "w", encoding="utf-8") as f:
            f.write(text + session.script())
    except OSError as exc:
        _write_stderr("cannot write %s: %s\n" % (path, exc.strerror or exc))
        return
    _write("saved %d inputs to %s\n" % (len(session.inputs), path))


def _load(session, path):
    from ..base.errors import GradcliError
    try:
        with open(os.path.expanduser(path), encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        _write_stderr("cannot read %s: %s\n" % (path, getattr(exc, "strerror", None) or exc))
        return
    try:
        session.run(text, path)
    except GradcliError as error:
        _report(error)


def _graph(session, argument):
    """:graph NAME [N|all]."""
    from ..base.errors import GradcliError
    from . import render
    variable, _, depth = argument.partition(" ")
    depth = depth.strip() or None
    if depth is not None and depth != "all" and not (depth.isdigit() and int(depth) > 0):
        _write_stderr("usage: :graph NAME [N|all] (N a positive number of levels)\n")
        return
    try:
        graph = session.graph(variable)
    except GradcliError as error:
        _write_stderr(str(error) + "\n")
        return
    render.console().print(render.graph_tree(graph, title=variable, depth=int(depth) if depth and depth.isdigit()
                                             else depth, hint=":graph %s all shows them" % variable))


def _setup_readline(session):
    """Completion and persistent history when readline is available; returns the history saver."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: plain input() still works
        return None

    def complete(text, state):
        if state == 0:
            # an empty word: Tab indents (as in Python's REPL) instead of listing everything
            complete.matches = session.complete(text) if text.strip() else ["\t"]
        return complete.matches[state] if state < len(complete.matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t\n()[]{},:;=+-*/%<>!^&|~@'\"")  # keep dots: x.gr<TAB> sees "x.gr"
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    path = history_path("readline-history")
    try:
        readline.read_history_file(path)
    except OSError:
        pass
    readline.set_history_length(1000)

    def save():
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            readline.write_history_file(path)
        except OSError as exc:
            _write_stderr("gradcli: could not save history to %s: %s\n" % (path, exc.strerror or exc))
    return save


def _write(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def _write_stderr(text):
    sys.stdout.flush()
    sys.stderr.write(text)
    sys.stderr.flush()
