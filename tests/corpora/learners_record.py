"""Record what torch does running learner scripts, each with its own time limit.

    python tests/corpora/learners_record.py --python /work/torchenv/bin/python [--timeout S] PATH...

PATH is a script or a folder of them (recursively); the limit is in seconds of CPU (load on a shared machine
does not move it). For NAME.py it writes NAME.expected (stdout), NAME.rc (exit code) and, where the script raised,
NAME.err (its last stderr line), as /work/shared/tools/torchdiff-record.py does; unlike that tool, a script over
its limit is reported and skipped (its old record removed) instead of ending the whole recording. A script that
reads a clock (`import time`) runs twice: where torch printed a line differently the second time
(`print(time.time() - start)`), NAME.varies lists those lines' numbers, and the corpus test does not compare the
numbers on them.

Each script runs as `python NAME.py` would, in its own folder, but forked from one Python that imported torch
already (torch's import is most of a short script's time). POSIX only (fork, CPU limits). Stdlib only.
"""

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

RECORDS = (".expected", ".rc", ".err", ".varies")

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
        self.timeout = int(timeout)
        self.server = subprocess.Popen([python, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True)
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

    def close(self):
        self.server.stdin.close()
        self.server.wait()
        self.tmp.cleanup()


def record(recorder, script):
    """Record one script; its exit code, or None when it ran over the limit (nothing is kept then)."""
    script = pathlib.Path(script).resolve()
    base = script.with_suffix("")
    ran = recorder.run(script)
    again = ran and ("time" in script.read_text(encoding="utf-8")) and recorder.run(script)
    if ran is None or again is None:
        for suffix in RECORDS:
            base.with_suffix(suffix).unlink(missing_ok=True)
        return None
    code, stdout, stderr = ran
    varies = []
    if again:
        first, second = stdout.splitlines(), again[1].splitlines()
        varies = [str(n) for n, (a, b) in enumerate(zip(first, second), 1) if a != b]
        if len(first) != len(second):
            varies.append("all")  # the lines themselves differ: nothing to compare line by line
    if varies:
        base.with_suffix(".varies").write_text("\n".join(varies) + "\n")
    else:
        base.with_suffix(".varies").unlink(missing_ok=True)
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
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    counts = {"recorded": 0, "raised": 0, "over the limit": 0}
    recorder = Recorder(args.python, args.timeout)
    for script in scripts_under(args.paths):
        rc = record(recorder, script)
        if rc is None:
            counts["over the limit"] += 1
            print("over %g s of CPU under torch, not recorded: %s" % (args.timeout, script))
            continue
        counts["recorded"] += 1
        if rc:
            counts["raised"] += 1
            print("raised under torch: %s" % script)
    recorder.close()
    print(", ".join("%d %s" % (n, what) for what, n in counts.items()))
    return 1 if counts["over the limit"] else 0


if __name__ == "__main__":
    sys.exit(main())
