"""torch's CPU arithmetic, reproduced on numpy where numpy's own rounds differently.

torch's CPU kernels are vectorised C++ (ATen, SLEEF, avx_mathfun) compiled with fused multiply-adds; numpy's
results can differ from them in the last bit. The modules here rebuild, bit for bit, the arithmetic of the
kernels gradcli must match: `fma` (one-rounding multiply-add), `avx_mathfun` (randn's log and sincos).
Nothing here knows tensors or autograd: arrays in, arrays out.
"""
