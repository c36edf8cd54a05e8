"""`gradcli run`'s scripts in this process, one after another: compiled, run with their output live, each
error said as it comes (the next file still runs). The Typer command (cli.app.run_command) and the piped
one-shot `gradcli run FILE` (cli.launch) both run them here; batches go to workers instead (cli.batch).
"""

import sys

from .common import ReaderGone, UsageError, report


def write_stdout(text):
    """A script's print(): stdout, until its reader leaves (`gradcli run x.py | head`)."""
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise ReaderGone() from None


def run_here(scripts, keep_going=False, explaining=None, html=None):
    """Run (filename, text) pairs in turn; returns whether any failed. `explaining`: run --explain's options
    (explain_steps, explain_width), None without; `html`: the page of each script's last backward goes there."""
    from . import process
    from .progress import DelayedProgress
    from ..app import api
    from ..base.errors import GradcliError
    explain = explaining is not None
    failed = 0
    for filename, text in scripts:
        with DelayedProgress(filename) as progress:
            def report_error(error):
                nonlocal failed
                failed += 1
                report(error, progress.write_stderr)
            on_error = report_error if keep_going else None
            try:
                if html is not None or explain:
                    process.resume_collector()  # (these compile as they run: cli.process.compiling)
                if html is not None:  # explained (quietly, without --explain), then the page of its last backward
                    session = api.explained_run(text, filename, write=write_stdout, warn=progress.write_stderr,
                                                on_error=on_error, explain=progress.write_stderr if explain else True)
                    _write_page(html, session, progress.write_stderr)
                elif explain:  # compiled to record where values come from: run_script does both
                    api.run_script(text, filename, write=write_stdout, warn=progress.write_stderr,
                                   on_error=on_error, explain=progress.write_stderr, **explaining)
                else:
                    with process.compiling(text):
                        script = api.compile_script(text, filename)
                    process.keep_until_exit(script)
                    script.run(write=write_stdout, warn=progress.write_stderr, on_error=on_error)
            except GradcliError as error:  # said, and the next file runs
                report_error(error)
            finally:
                sys.stdout.flush()
    return failed > 0


def _write_page(path, session, warn):
    """run --html: the page of the script's last backward (a note instead when it ran none)."""
    from .explain_view import write_html
    text = session.page()
    if text is None:
        warn("gradcli: --html: the script ran no backward(); %s not written\n" % path)
        return
    try:
        write_html(path, text)
    except OSError as exc:
        raise UsageError("cannot write %s: %s" % (path, exc.strerror or exc)) from None
