/* glibc's float32 functions as torch's scalar tails call them: C twins of gradcli/kernels/libm.py and
 * libm_log.py, which say where each comes from. Every operation is the port's, in its order. */
#include "common.h"
