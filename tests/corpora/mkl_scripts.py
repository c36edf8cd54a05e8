"""The corpus scripts whose printed text goes through MKL's results in torch (square roots of the optimizers'
updates, matrix products, VML functions) and differs between MKL paths (tests/golden/mklpath.py: an Intel Xeon
against the AMD EPYC they were recorded on). With the mkl extra, test_corpora.py compares them with torch's text
for this machine's path, <NAME>.mkl-<path>.expected, skipping them where none was recorded. Record them on a
machine of another path with

    /work/torchenv/bin/python tests/corpora/mkl_scripts.py

(each in its own folder, as torchdiff-record runs them; a rebuilt corpus's scripts must be rebuilt first)."""

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent
MKL_SCRIPTS = {
    "training": {f"optimizers/{name}.py" for name in (
        "adagrad_decay_initial", "adagrad_default", "adam_amsgrad_weight_decay", "adam_default",
        "adam_maximize_float64", "adamw_amsgrad_float64", "adamw_default", "rmsprop_centered_momentum",
        "rmsprop_default", "rmsprop_weight_decay_maximize_float64", "state_dict")},
    "learners": {"jcjohnson/001.py", "pytorch_examples/004.py", "ml_book/005.py"},
}


def main():
    sys.path[:0] = [str(HERE.parent / "golden"), str(HERE.parents[1])]
    import mklpath
    from gradcli.kernels import cpu
    for folder, names in MKL_SCRIPTS.items():
        for name in sorted(names):
            script = HERE / folder / name
            if not script.exists():
                print("missing", script)
                continue
            ran = subprocess.run([sys.executable, script.name], cwd=script.parent, capture_output=True, text=True,
                                 timeout=600, check=True)
            target = mklpath.golden_for(script.with_suffix(".expected"), cpu.mkl_path())
            target.write_text(ran.stdout)
            print(target.relative_to(HERE), len(ran.stdout.splitlines()), "lines")


if __name__ == "__main__":
    main()
