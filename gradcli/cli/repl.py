"""The REPL: `>>>` and `...` prompts, results echoed like Python's REPL, history across sessions, tab completion.

readline is imported here only (it is slow to load and only the REPL needs it). The language work — parsing,
running, completing names, describing variables, walking the graph — is gradcli.api.Session's.
"""

import os
import sys

HELP = """gradcli REPL: the PyTorch subset of `gradcli run`, one input at a time.
  :help          this text
  :vars          the variables: name, shape, dtype, requires_grad, grad_fn
  :graph NAME [N|all]  the backward graph of NAME (source, value, gradient of each node), N levels deep
  :explain NAME  the backward of the scalar NAME step by step (no .grad changes: the graph is kept)
  :why EXPR      why EXPR (x.grad, y.grad, ...) is None, or where its value came from
  :reset         forget every variable
Tab completes names, torch.<member> and x.<member>. Ctrl-C cancels the input, Ctrl-D exits.
"""


def history_path():
    """$XDG_STATE_HOME/gradcli/history, by default ~/.local/state/gradcli/history."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(state, "gradcli", "history")


def run_repl():
    from ..api import Session
    from ..errors import GradcliError
    session = Session(write=_write, warn=_write_stderr, explain=True)
    interactive = sys.stdin.isatty()
    history = _setup_readline(session) if interactive else None
    if interactive:
        _write("gradcli %s REPL. :help for help, Ctrl-D to exit.\n" % _version())
    first, more = (">>> ", "... ") if interactive else ("", "")  # piped input: results only, no prompts
    buffer = []
    try:
        while True:
            try:
                line = input(more if buffer else first)
            except EOFError:
                if interactive:
                    _write("\n")
                return
            except KeyboardInterrupt:  # Ctrl-C cancels the input, as in Python's REPL
                _write("\nKeyboardInterrupt\n")
                buffer = []
                continue
            if not buffer and line.strip().startswith(":"):
                if _command(session, line.strip()) is False:
                    return
                continue
            buffer.append(line)
            text = "\n".join(buffer) + "\n"
            # an empty line ends a block; otherwise ask for more while the input is unfinished
            if line.strip() and session.is_incomplete(text):
                continue
            buffer = []
            if not text.strip():
                continue
            try:
                session.execute(text)
            except GradcliError as error:
                _write_stderr((error.position.render(str(error)) if error.position else str(error)) + "\n")
            except KeyboardInterrupt:
                _write("\nKeyboardInterrupt\n")
            except Exception as exc:  # a bug in gradcli: say so, and keep the session and its variables
                _write_stderr("internal error: %s: %s (this is a bug in gradcli)\n" % (type(exc).__name__, exc))
    finally:
        if history is not None:
            history()


def _command(session, line):
    from ..errors import GradcliError
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
    elif name in ("graph", "explain", "why") and not argument:
        _write_stderr("usage: :%s %s\n" % (name, "EXPR" if name == "why" else "NAME"))
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
    elif name == "reset":
        session.reset()
        _write("all variables forgotten\n")
    elif name in ("quit", "exit", "q"):
        return False
    else:
        _write_stderr("unknown command %s (try :help)\n" % line)


def _graph(session, argument):
    """:graph NAME [N|all]."""
    from ..errors import GradcliError
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
    path = history_path()
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


def _version():
    from .. import __version__
    return __version__


def _write(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def _write_stderr(text):
    sys.stdout.flush()
    sys.stderr.write(text)
    sys.stderr.flush()
