"""The REPL's line editor on a terminal, prompt_toolkit's (imported by the REPL only): Python highlighting as
you type, a whole block edited at once and recalled from history as one entry, suggestions from history (→
takes one), completion of names and members, auto-indentation. Enter runs the input once it is complete; in
an unfinished one (an open bracket, a block) it starts a new line, and on an empty last line it ends the block.
"""

import os
import re

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import FileHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.lexers import PygmentsLexer
from pygments.lexers.python import PythonLexer

_DOTTED = re.compile(r"[\w.]+")


class _Names(Completer):
    """The session's completions of the dotted name before the cursor."""

    def __init__(self, session):
        self.session = session

    def get_completions(self, document, complete_event):
        word = document.get_word_before_cursor(pattern=_DOTTED)
        if not word:
            return
        for match in self.session.complete(word):
            yield Completion(match, start_position=-len(word))


def is_complete(session, text):
    """Whether Enter at the end of `text` runs it: a : command or `name?`, or code that needs no more lines."""
    stripped = text.strip()
    if not stripped or stripped.startswith(":") or "\n" not in text and stripped.endswith("?"):
        return True
    last = text.rsplit("\n", 1)[-1]
    if "\n" in text and not last.strip():  # an empty last line ends a block
        return True
    return not session.is_incomplete(text + "\n")


def _indentation(line):
    indent = line[:len(line) - len(line.lstrip())]
    return indent + "    " if line.rstrip().endswith(":") else indent


class BlockReader:
    """Inputs from prompt_toolkit: each read() is one whole input (a line, or a block of several)."""

    def __init__(self, session, history_file):
        os.makedirs(os.path.dirname(history_file), exist_ok=True)
        bindings = KeyBindings()

        @bindings.add("enter")
        def _(event):
            buffer = event.current_buffer
            if buffer.document.is_cursor_at_the_end and is_complete(session, buffer.text):
                if "\n" in buffer.text and not buffer.document.current_line.strip():
                    buffer.text = buffer.text.rstrip()  # the empty line that ends a block is not kept
                buffer.validate_and_handle()
            else:
                buffer.insert_text("\n" + _indentation(buffer.document.current_line_before_cursor))

        self.prompt = PromptSession(
            message=">>> ", prompt_continuation=lambda width, line, soft: "... ", multiline=True,
            key_bindings=bindings, history=FileHistory(history_file), auto_suggest=AutoSuggestFromHistory(),
            completer=_Names(session), complete_while_typing=False, lexer=PygmentsLexer(PythonLexer),
            enable_history_search=False)

    def read(self):
        text = self.prompt.prompt().rstrip()
        return text + ("\n\n" if "\n" in text else "\n")  # a block ends with an empty line

    def close(self):
        pass
