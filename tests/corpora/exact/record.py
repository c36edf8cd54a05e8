"""Record what torch 2.13 prints for the scripts here, to compare gradcli's output with digit for digit
(tests/kernels/test_exact_scripts.py): on an AVX512 machine,

    /work/torchenv/bin/python tests/corpora/exact/record.py

writes <script>.expected as torch prints it there and <script>.avx2.expected as an AVX2 machine would
(ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2), both with two threads (OMP_NUM_THREADS=2)."""

import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).parent
MACHINES = {".expected": {}, ".avx2.expected": {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2"}}

for script in sorted(HERE.glob("*.py")):
    if script.name == "record.py":
        continue
    for suffix, settings in MACHINES.items():
        env = dict(os.environ, OMP_NUM_THREADS="2", **settings)
        out = subprocess.run([sys.executable, script.name], cwd=HERE, env=env, capture_output=True, text=True,
                             check=True)
        script.with_suffix(suffix).write_text(out.stdout, encoding="utf-8")
        print(script.name + suffix, len(out.stdout.splitlines()), "lines")
