"""`gradcli run`'s batch paths: which runs go to worker processes (isolation), how their output reaches the
terminal (per file, in order, as it is made), --jobs and --report. The workers are forked from this process
when it is the command's own (cli.process), from the library's fork server otherwise."""

import sys

from .common import report as _report, stderr_write


def isolated(files, jobs, report, timeout_given):
    """Whether a run goes to workers: several files, -j, --report or a --timeout (one file from a terminal
    runs in this process, its output live, as before)."""
    return len(files) > 1 or jobs is not None or report is not None or timeout_given


def run(scripts, jobs, report_path, keep_going, explain, write_stdout):
    """Run (name, text) pairs, each in its own worker; output per file and in order; returns how many failed."""
    import json
    from ..app import isolation
    from ..core import limits
    from . import process
    batch = len(scripts) > 1 or report_path is not None
    timeout = limits.timeout(limits.BATCH_TIMEOUT if batch else None)
    memory = limits.max_memory()
    requests = [isolation.request(text, name, keep_going, explain, timeout, memory) for name, text in scripts]
    # (explain: {} or run_script's explain_steps and explain_width)
    report_file = _open_report(report_path)

    def on_event(index, kind, value):
        if kind == "o":
            write_stdout(value)
        elif kind == "E":
            _report_error(value)
        else:
            stderr_write(value)

    failed = 0
    try:
        for outcome in isolation.run_batch(requests, jobs or 1, fork_here=process.owned(), on_event=on_event):
            failed += outcome.status != "ok"
            if report_file is not None:
                _write_report(report_file, report_path, json.dumps(outcome.to_dict(), allow_nan=False) + "\n")
    finally:
        sys.stdout.flush()
        if report_file is not None and report_file is not sys.stdout:
            try:
                report_file.close()
            except OSError:
                pass  # (the failed write was reported already)
    return failed


def _write_report(report_file, path, line):
    """One line of --report, written whole; a device that refuses it (`--report /dev/full`) ends the batch
    with gradcli's message, not an internal error."""
    try:
        report_file.write(line)
        report_file.flush()
    except OSError as exc:
        from .common import UsageError
        raise UsageError("cannot write %s: %s" % (path, exc.strerror or exc)) from None


def _report_error(error):
    if error.position is None:  # a crash or the envelope: `file: message`
        stderr_write("%s: %s\n" % (getattr(error, "filename", None) or "gradcli", error))
    else:
        _report(error)


def _open_report(path):
    if path is None:
        return None
    from .common import UsageError
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError("cannot write %s: %s" % (path, exc.strerror or exc)) from None


def jobs_option(text):
    """-j N: a positive number of workers ("auto": one per core)."""
    if text is None:
        return None
    if text == "auto":
        import os
        return os.cpu_count() or 1
    from .common import positive
    return positive(text, "--jobs")
