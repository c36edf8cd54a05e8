"""Record what torch does running learner scripts, each with its own time limit.

    python tests/corpora/learners_record.py --python /work/torchenv/bin/python [--timeout S] [--keep-expected] PATH...

PATH is a script or a folder of them (recursively); the limit is in seconds of CPU (load on a shared machine
does not move it). For NAME.py it writes NAME.expected (stdout), NAME.rc (exit code) and, where the script raised,
NAME.err (its last stderr line), as /work/shared/tools/torchdiff-record.py does; unlike that tool, a script over
its limit is reported and skipped (its old record removed) instead of ending the whole recording.

Each script runs three times, and NAME.varies lists the blocks of lines torch did not print the same every time
(varying.py; the corpus test compares those without their numbers): twice forked from one Python (a clock read
twice differs), then as a fresh `python NAME.py` with MALLOC_PERTURB_ set, so that memory torch.empty leaves
uninitialised holds other bytes, and another PYTHONHASHSEED and heap, so that id() and sets ordered by address
or by a string's hash may differ. `--keep-expected` writes only NAME.varies, its blocks carried onto the
NAME.expected already there (recorded on another machine, whose floats may differ in a last digit).

The first two runs fork from one Python that imported torch already (torch's import is most of a short script's
time), each as `python NAME.py` would run, in its own folder. POSIX only (fork, CPU limits). Stdlib only.
"""

import argparse
import json
import os
import pathlib
import resource
import subprocess
import sys
import tempfile

import varying

RECORDS = (".expected", ".rc", ".err", ".varies")
# the fresh run: freed and new memory filled with other bytes than the zeros a new page holds, another hash seed
FRESH = {"MALLOC_PERTURB_": "165", "PYTHONHASHSEED": "1", "PYTHONIOENCODING": "utf-8"}

# the server: one Python with torch imported, forking a child for each script it is given on stdin
SERVER = r'''
import json, os, resource, runpy, sys
import torch
for line in sys.stdin:
    script, out, err, limit = json.loads(line)
    pid = os.fork()
    if pid == 0:
        os.chdir(os.path.dirname(script))
        for fd, path in ((1, out), (2, err)):
            f = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(f, fd)
            os.close(f)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
        sys.argv = [os.path.basename(script)]
        sys.path[0] = os.path.dirname(script)
        code = 0
        try:
            runpy.run_path(script, run_name="__main__")
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:
            import traceback
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    print(json.dumps(os.waitstatus_to_exitcode(status)), flush=True)
'''


class Recorder:
    """One torch process; run(script) is (exit code, stdout, stderr), or None past the CPU limit."""

    def __init__(self, python, timeout):
        self.python, self.timeout = python, int(timeout)
        self.server = subprocess.Popen([python, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
        self.tmp = tempfile.TemporaryDirectory()

    def run(self, script):
        out, err = (pathlib.Path(self.tmp.name) / name for name in ("out", "err"))
        self.server.stdin.write(json.dumps([str(script), str(out), str(err), self.timeout]) + "\n")
        self.server.stdin.flush()
        code = json.loads(self.server.stdout.readline())
        if code < 0:  # killed: SIGXCPU past the limit (or SIGKILL past its hard limit)
            return None
        return code, out.read_text(encoding="utf-8", errors="replace"), err.read_text(encoding="utf-8",
                                                                                        errors="replace")

    def run_fresh(self, script):
        """run(script) as a process of its own (FRESH's environment): its own heap, addresses and hash seed."""
        def limited():
            resource.setrlimit(resource.RLIMIT_CPU, (self.timeout, self.timeout + 1))
        ran = subprocess.run([self.python, script.name], cwd=script.parent, capture_output=True,
                             env=dict(os.environ, **FRESH), preexec_fn=limited)
        if ran.returncode < 0:
            return None
        return ran.returncode, ran.stdout.decode("utf-8", "replace"), ran.stderr.decode("utf-8", "replace")

    def close(self):
        self.server.stdin.close()
        self.server.wait()
        self.tmp.cleanup()


def record(recorder, script, keep_expected=False):
    """Record one script; its exit code, or None when it ran over the limit (nothing is kept then). With
    `keep_expected`, only NAME.varies is written, carried onto the NAME.expected there."""
    script = pathlib.Path(script).resolve()
    base = script.with_suffix("")
    runs = []
    for run in (recorder.run, recorder.run, recorder.run_fresh):
        runs.append(run(script))
        if runs[-1] is None:
            if not keep_expected:
                for suffix in RECORDS:
                    base.with_suffix(suffix).unlink(missing_ok=True)
            return None
    code, stdout, stderr = runs[0]
    blocks = varying.blocks_between([out for _, out, _ in runs])
    if keep_expected:
        blocks = varying.carried(blocks, stdout, base.with_suffix(".expected").read_text(encoding="utf-8"))
        varying.write(base.with_suffix(".varies"), blocks)
        return code
    varying.write(base.with_suffix(".varies"), blocks)
    base.with_suffix(".expected").write_text(stdout, encoding="utf-8")
    base.with_suffix(".rc").write_text("%d\n" % code)
    err = base.with_suffix(".err")
    lines = [line for line in stderr.splitlines() if line.strip()]
    if code != 0 and lines:
        err.write_text(lines[-1] + "\n", encoding="utf-8")
    else:
        err.unlink(missing_ok=True)
    return code


def scripts_under(paths):
    for path in map(pathlib.Path, paths):
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", required=True, help="a Python with torch installed")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds of CPU a script may take")
    parser.add_argument("--keep-expected", action="store_true",
                        help="write only NAME.varies, for the NAME.expected recorded already")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    counts = {"recorded": 0, "raised": 0, "varying": 0, "over the limit": 0}
    recorder = Recorder(args.python, args.timeout)
    for script in scripts_under(args.paths):
        rc = record(recorder, script, args.keep_expected)
        if rc is None:
            counts["over the limit"] += 1
            print("over %g s of CPU under torch, not recorded: %s" % (args.timeout, script))
            continue
        counts["recorded"] += 1
        blocks = varying.read(script.with_suffix(".varies"))
        if blocks:
            counts["varying"] += 1
            print("torch's runs differ on lines %s: %s" % (" ".join(varying.spelled(blocks)), script))
        if rc:
            counts["raised"] += 1
            print("raised under torch: %s" % script)
    recorder.close()
    print(", ".join("%d %s" % (n, what) for what, n in counts.items()))
    return 1 if counts["over the limit"] else 0


if __name__ == "__main__":
    sys.exit(main())
