"""bench/run.py, the measuring instrument: its command line, and the table it builds, judged on made-up figures
(the benchmarks themselves never assert speed, and none runs here)."""

import importlib.util
import os
import subprocess
import sys

from conftest import ROOT

BENCH = os.path.join(ROOT, "bench")
sys.path.insert(0, BENCH)
_spec = importlib.util.spec_from_file_location("bench_run", os.path.join(BENCH, "run.py"))
run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run)
import scripts as bench_scripts  # noqa: E402


def test_help_names_every_family_and_the_optional_anchors():
    done = subprocess.run([sys.executable, os.path.join(BENCH, "run.py"), "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.split())
    for family in run.FAMILIES:
        assert family in flat
    for option in ("--hips-python", "--torch-python", "--only", "--quick", "--markdown", "--no-instructions"):
        assert option in flat


def test_an_unknown_family_is_refused():
    done = subprocess.run([sys.executable, os.path.join(BENCH, "run.py"), "--only", "nonesuch"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "invalid choice: 'nonesuch'" in done.stderr


def test_a_target_is_judged_by_instructions_where_both_were_counted():
    times, counts = {"gradcli": 0.9, "HIPS": 1.0}, {"gradcli": 300e6, "HIPS": 200e6}
    target = run.versus(times, counts, "HIPS", 1.0)
    assert (target.time, target.count, target.met) == (0.9, 1.5, False)
    assert target.text() == "vs HIPS 1.50x MISSES 1.00x by instructions (time 0.90x)"
    by_time = run.versus(times, {"gradcli": 300e6}, "HIPS", 1.0)  # the anchor not counted: the time judges
    assert by_time.met and by_time.text() == "vs HIPS 0.90x <= 1.00x"


def test_a_missing_anchor_or_a_failed_slope_is_not_measured_never_met():
    for times in ({"gradcli": 1.0}, {"gradcli": -2e-6, "torch": 1e-6}):
        target = run.versus(times, {}, "torch", 1.5)
        assert target.ratio is None and not target.met and target.text() == "vs torch: not measured"


def test_table_on_made_up_figures():
    rows = [
        run.Row("one-shot: eval", "s", {"gradcli": 0.12, "HIPS": 0.1, "numpy": 0.06},
                {"gradcli": 500e6, "HIPS": 470e6, "numpy": 372e6},
                [run.versus({"gradcli": 0.12, "HIPS": 0.1}, {"gradcli": 500e6, "HIPS": 470e6}, "HIPS", 1.0)]),
        run.Row("statements: per statement", "s/stmt", {"gradcli": 40e-6, "torch": 30e-6, "HIPS": None},
                {"gradcli": 420e3}, [run.versus({"gradcli": 40e-6, "torch": 30e-6}, {}, "torch", 1.5),
                                     run.versus({"gradcli": 40e-6}, {}, "HIPS", 0.8)], note="a note"),
        run.Row("statements: 50000 runs", "s", {"gradcli": 4.2}, targets=[run.Check("exits 0", True)]),
        run.Row("deep: peak RSS", "MiB", {"gradcli": 166.0, "torch": 455.0}),
    ]
    lines = run.table(rows).splitlines()
    assert lines[0] == "| workload | gradcli | anchors | instructions | verdict |"
    assert lines[1] == "|---|---|---|---|---|"
    assert lines[2] == ("| one-shot: eval | 120.0 ms | HIPS 100.0 ms; numpy 60.0 ms | gradcli 500M; HIPS 470M; "
                        "numpy 372M | vs HIPS 1.06x MISSES 1.00x by instructions (time 1.20x) |")
    assert lines[3] == ("| statements: per statement | 40.0 us | torch 30.0 us | gradcli 420.0k | "
                        "vs torch 1.33x <= 1.50x, vs HIPS: not measured |")  # (HIPS None: no column)
    assert lines[4] == "| statements: 50000 runs | 4.20 s | - | - | exits 0: yes |"
    assert lines[5] == "| deep: peak RSS | 166 MiB | torch 455 MiB | - | n/a |"
    assert lines[6:] == ["", "- statements: per statement: a note"]
    assert run.summary(rows) == "2 of 4 targets met (1 not measured)"
    assert rows[0].to_dict()["targets"] == [{"against": "HIPS", "limit": 1.0, "time_ratio": 1.2,
                                             "instruction_ratio": 500 / 470, "met": False}]


def test_worst_names_the_worst_few_and_counts_those_within():
    cases = [{"name": "a", "gradcli": 2.0, "numpy": 1.0}, {"name": "b", "gradcli": 9.0, "numpy": 1.0},
             {"name": "c", "gradcli": 4.0, "numpy": 1.0}]
    case, note = run.worst(cases, 3.0, shown=2)
    assert case["name"] == "b" and note == "1 of 3 within 3x; worst: b 9.0x, c 4.0x"


def test_markdown_replaces_only_the_head(tmp_path):
    path = tmp_path / "bench.md"
    path.write_text("# Benchmarks\n\nold table\n\n## Kept section\n\nanalysis\n")
    run.write_head(str(path), "# Benchmarks\n\nnew table\n")
    assert path.read_text() == "# Benchmarks\n\nnew table\n\n## Kept section\n\nanalysis\n"


def test_the_hips_script_does_the_same_statements_line_for_line():
    for n in (1, 9, 10, 11, 1000):
        torch_body = bench_scripts.batch_script(n).splitlines()[1:-1]  # (without the imports and the print)
        hips_body = bench_scripts.hips_batch_script(n).splitlines()[2:-1]
        assert len(torch_body) == len(hips_body) == n
        for ours, theirs in zip(torch_body, hips_body):  # the same data at the same statements
            if ours.startswith("b = "):
                assert theirs.startswith("b = ") and ours[ours.index("[["):-1] == theirs[theirs.index("[["):-1]


def test_a_slope_pairs_the_runs_of_each_round():
    # round 2's start-up is 1 s slower for both sizes: the pairs see it, a difference of medians would not
    runs = {100: {"cpu": [1.0, 2.0, 1.1]}, 1100: {"cpu": [2.0, 3.0, 2.2]}}
    assert run.slope(runs, 100, 1100, 1000) == 1e-3
    assert run.count_slope(100e6, 300e6, 1000) == 200e3 and run.count_slope(None, 300e6, 1000) is None
