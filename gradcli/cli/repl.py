"""The REPL: a prompt with continuation lines, echo of expression values, history and completion."""

import sys


def run_repl():
    from ..api import Session
    from ..errors import GradcliError
    session = Session(write=sys.stdout.write, warn=sys.stderr.write)
    buffer = []
    while True:
        try:
            line = input("... " if buffer else ">>> ")
        except EOFError:
            sys.stdout.write("\n")
            return
        except KeyboardInterrupt:
            sys.stdout.write("\nKeyboardInterrupt\n")
            buffer = []
            continue
        buffer.append(line)
        text = "\n".join(buffer) + "\n"
        if session.is_incomplete(text) and line.strip():
            continue
        buffer = []
        if not text.strip():
            continue
        try:
            session.execute(text)
        except GradcliError as error:
            message = str(error)
            if error.position is not None:
                message = error.position.render(message)
            sys.stderr.write(message + "\n")
