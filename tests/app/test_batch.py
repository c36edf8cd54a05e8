"""Batch semantics of `gradcli run`: output before an error is kept, the error names file, line and column, exit
codes are 0 ok / 1 script error / 2 usage / 130 interrupted, --keep-going reports every failing statement,
Ctrl-C and a closed stdout end without a traceback."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, run_cli


def script(tmp_path, text, name="s.py"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_output_before_an_error_is_kept_and_the_error_is_located(tmp_path):
    path = script(tmp_path, "import torch\nfor i in range(3):\n    print(i)\nx = torch.ones(2) @ torch.ones(3)\n"
                            "print('never')\n")
    result = run_cli("run", path)
    assert result.returncode == 1
    assert result.stdout == "0\n1\n2\n"
    assert "%s:4:5:" % path in result.stderr
    assert "inconsistent tensor size" in result.stderr and "Traceback" not in result.stderr


def test_a_lot_of_output_then_an_error_loses_nothing(tmp_path):
    path = script(tmp_path, "for i in range(20000):\n    print(i)\nundefined_name\n")
    result = run_cli("run", path)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [str(i) for i in range(20000)]
    assert ":3:1: NameError: name 'undefined_name' is not defined" in result.stderr


def test_exit_codes(tmp_path):
    assert run_cli("run", script(tmp_path, "print(1)\n")).returncode == 0
    assert run_cli("run", script(tmp_path, "1 +\n", "syntax.py")).returncode == 1
    assert run_cli("run", script(tmp_path, "import torch\ntorch.ones(2).item()\n", "runtime.py")).returncode == 1
    assert run_cli("run", str(tmp_path / "missing.py")).returncode == 2
    assert run_cli("run", "--no-such-option", "x.py").returncode == 2
    assert run_cli("eval", "x * 2", "--at", "not-an-assignment").returncode == 2
    assert run_cli("eval", "x * ", "--at", "x=1.").returncode == 1


def test_a_file_that_is_not_utf8_is_a_usage_error(tmp_path):
    path = tmp_path / "latin1.py"
    path.write_bytes(b"print('\xe9')\n")
    result = run_cli("run", str(path))
    assert result.returncode == 2 and "utf-8" in result.stderr.lower() and "Traceback" not in result.stderr


@pytest.mark.parametrize("data", [b"\x00\x01\x02", b"print(1)\x00\n", b"\xef\xbb\xbfprint(1)\n", b"\x1b[2J\r\n",
                                  b"print('\\u2028')\n", b"x = '\xf0\x9d\x94\x81'\nprint(x)\n"])
def test_odd_bytes_give_a_result_or_a_located_error(tmp_path, data):
    path = tmp_path / "odd.py"
    path.write_bytes(data)
    result = run_cli("run", str(path))
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr


def _has_keep_going():
    return "--keep-going" in run_cli("run", "--help", env={"COLUMNS": "200"}).stdout


keep_going = pytest.mark.skipif(not _has_keep_going(), reason="`gradcli run --keep-going` is not in this build yet "
                                                              "(the cli branch adds it)")


@keep_going
def test_keep_going_reports_every_failing_statement_and_exits_non_zero(tmp_path):
    path = script(tmp_path, "print('a')\nundefined_one\nprint('b')\n1 / 0\nprint('c')\n")
    result = run_cli("run", "--keep-going", path)
    assert result.returncode == 1
    assert result.stdout == "a\nb\nc\n"
    assert "%s:2:1:" % path in result.stderr and "%s:4:1:" % path in result.stderr
    assert "Traceback" not in result.stderr


@keep_going
def test_keep_going_on_a_clean_script_exits_zero(tmp_path):
    result = run_cli("run", "--keep-going", script(tmp_path, "print('ok')\n"))
    assert (result.returncode, result.stdout) == (0, "ok\n")


def _gradcli(*args):
    import os
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "gradcli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_ctrl_c_during_a_long_loop_ends_cleanly_with_130(tmp_path):
    path = script(tmp_path, "print('started', flush=True)\nwhile True:\n    pass\n")
    process = _gradcli("--max-iterations", "1000000000000", "run", path)
    try:
        assert process.stdout.readline() == "started\n"
        time.sleep(0.2)  # print may not have returned yet when its flushed line arrives: let the loop start
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130
    assert "interrupted" in err and "Traceback" not in err
    assert err.startswith("\n%s:2:7: KeyboardInterrupt\n    while True:\n          ^^^^\n" % path)  # the running line


def test_stdout_closed_early_gives_no_traceback(tmp_path):
    path = script(tmp_path, "for i in range(200000):\n    print(i)\n")
    process = _gradcli("run", path)
    try:
        assert process.stdout.readline() == "0\n"
        process.stdout.close()  # as `| head -1` does
        err = process.stderr.read()
        process.wait(timeout=60)
    finally:
        process.kill()
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err
    assert process.returncode == 1
def test_unencodable_output_is_the_scripts_error_and_the_batch_keeps_every_result(tmp_path):
    # a lone surrogate printed or raised by one worker: its own UnicodeEncodeError (as in-process), the
    # others' results kept, one valid report line per file
    sources = {"u.py": "print(chr(0xd800))\n", "v.py": "raise ValueError(chr(0xd800))\n", "ok.py": "print(1)\n"}
    paths = []
    for name, source in sources.items():
        (tmp_path / name).write_text(source)
        paths.append(str(tmp_path / name))
    report = tmp_path / "r.jsonl"
    result = run_cli("run", "-j", "2", "--report", str(report), *paths, timeout=60)
    assert result.returncode == 1 and "internal error" not in result.stderr and result.stdout == "1\n"
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    assert [line["path"] for line in lines] == paths
    assert [line["status"] for line in lines] == ["error", "error", "ok"]
    assert "UnicodeEncodeError" in lines[0]["stderr"] and "ValueError" in lines[1]["stderr"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="a device that is always full")
def test_a_report_that_cannot_be_written_is_a_clean_error(tmp_path):
    (tmp_path / "ok.py").write_text("print(1)\n")
    result = run_cli("run", "-j", "2", "--report", "/dev/full", str(tmp_path / "ok.py"), timeout=60)
    assert result.returncode == 2 and "internal error" not in result.stderr
    assert "cannot write /dev/full" in result.stderr
