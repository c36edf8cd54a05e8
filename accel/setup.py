"""Builds gradcli_accel (the kernels) and gradcli_lalr (the parse loop), two C extension modules with no build
dependency but a C99 compiler (no numpy headers: arrays arrive through the buffer protocol, so one wheel serves
every numpy). Two modules, because a command that parses need not load the kernels, nor one that computes the
parser."""

import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCES = ["src/module.c", "src/sleef32.c", "src/sleef64.c", "src/libm32.c", "src/libc64.c", "src/activations.c"]

# Each float operation must round once, as numpy's do: no contraction of a*b + c into a fused multiply-add
# (fma() is called where the kernels mean one), no reassociation, no flush of subnormals.
GCC_LIKE = ["-O2", "-std=c99", "-ffp-contract=off", "-fno-fast-math", "-fno-unsafe-math-optimizations"]
MSVC = ["/O2", "/fp:precise"]


class ExactFloatBuild(build_ext):
    def build_extensions(self):
        flags = MSVC if self.compiler.compiler_type == "msvc" else GCC_LIKE
        for extension in self.extensions:
            extension.extra_compile_args = flags
        super().build_extensions()


setup(ext_modules=[Extension("gradcli_accel", SOURCES, include_dirs=["src"],
                            libraries=[] if os.name == "nt" else ["m"]),
                   Extension("gradcli_lalr", ["src/lalr.c"])],
      cmdclass={"build_ext": ExactFloatBuild})
