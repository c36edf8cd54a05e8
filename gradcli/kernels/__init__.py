"""torch's CPU arithmetic, reproduced on numpy where numpy's own rounds differently.

torch's CPU kernels are vectorised C++ (ATen, SLEEF, avx_mathfun) compiled with fused multiply-adds; numpy's
results can differ from them in the last bit. The modules here rebuild, bit for bit, the arithmetic of the
kernels gradcli must match: `fma` (one-rounding multiply-add), `avx_mathfun` (randn's log and sincos).
Nothing here knows tensors or autograd: arrays in, arrays out.

    cpu           the machine facts torch's arithmetic depends on: vector capability, thread count
    iteration     TensorIterator's iteration order (the order kernels add things up in)
    loops         which elements element-wise kernels compute with vector code and which with scalar code
    fma           fused multiply-add with one rounding
    unary         the element-wise float kernels (exp, log, tanh, sigmoid, ...), bit for bit
    derivatives   the backward kernels of the activations and of softmax
    sleef         SLEEF's float32 vector functions;  sleef64: its float64 ones
    libm          the C library's float functions for the elements outside the vector loop
    libm_log      glibc's logf, asinhf, acoshf and the log family
    avx_mathfun   avx_mathfun's float32 log and sincos (randn)
    special       special functions as ATen's Math.h computes them (erfinv, digamma, ...)
    sums          torch's float sum (cascade_sum), mean, cumsum
    reduce        the other float reductions in torch's order: prod, the 2-norm, var/std
    softmax       float32 and float64 softmax and log_softmax;  softmax_half: float16's
    bmm           bmm's small-matrix path
    onednn        oneDNN's JIT GELU
    mkl           Intel MKL's vector math and BLAS, when installed (the `mkl` extra)
"""
