"""Record what torch 2.13 prints for the scripts here, to compare gradcli's output with digit for digit
(tests/kernels/test_exact_scripts.py): on an AVX512 machine,

    /work/torchenv/bin/python tests/corpora/exact/record.py

writes <script>.expected as torch prints it there and <script>.avx2.expected as an AVX2 machine would
(ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2), both with two threads (OMP_NUM_THREADS=2). The text of MKL_SCRIPTS goes through MKL's results (roots, VML,
products), which are per MKL path (tests/golden/mklpath.py): on a machine of another path than the first
recording's only they are recorded, into <script>.mkl-<path>.expected and <script>.avx2.mkl-<path>.expected."""

import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent
MKL_SCRIPTS = {"optimizers.py", "linear_mlp.py", "reductions.py"}
MACHINES = {".expected": {}, ".avx2.expected": {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2"}}


def main():
    sys.path[:0] = [str(HERE.parents[1] / "golden"), str(HERE.parents[2])]
    import mklpath
    from gradcli.kernels import cpu
    for script in sorted(HERE.glob("*.py")):
        if script.name == "record.py" or (cpu.mkl_path() != mklpath.RECORDED and script.name not in MKL_SCRIPTS):
            continue
        for suffix, settings in MACHINES.items():
            env = dict(os.environ, OMP_NUM_THREADS="2", **settings)
            out = subprocess.run([sys.executable, script.name], cwd=HERE, env=env, capture_output=True, text=True,
                                 check=True)
            target = mklpath.golden_for(script.with_suffix(suffix), cpu.mkl_path())
            target.write_text(out.stdout, encoding="utf-8")
            print(target.name, len(out.stdout.splitlines()), "lines")


if __name__ == "__main__":
    main()
