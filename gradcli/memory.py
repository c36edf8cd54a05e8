"""Keeping freed memory for reuse, as torch's CPU allocator does; leaving to the process's end what it ends with.

Every op on a large tensor allocates a fresh result. glibc's malloc serves blocks over its mmap threshold with
mmap and hands them back to the OS when they are freed (and trims the heap top beyond its trim threshold), so
the next op's equal-sized result page-faults its memory in again: on a 600×600 forward and backward that costs
more than the arithmetic. Raising both thresholds makes freed blocks stay in the process for the next op.
This is done once, the first time a large array is made, so small one-shot runs never pay for ctypes.
"""

LARGE = 1 << 20  # bytes: below this glibc's defaults already reuse memory

_tuned = False


def keep_freed_memory():
    """Ask glibc (when it is the C library) to serve blocks of up to 32 MiB from its heap and to keep up to
    1 GiB of freed memory for reuse."""
    global _tuned
    _tuned = True
    try:
        import ctypes
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError, ImportError):
        return  # not glibc (macOS, musl, Windows): nothing to tune
    m_trim_threshold, m_mmap_threshold = -1, -3
    mallopt(m_mmap_threshold, 32 << 20)  # glibc's largest allowed value on 64-bit systems
    mallopt(m_trim_threshold, 1 << 30)


def large_array_made(nbytes):
    """Called by the op table for each result; tunes the allocator on the first large one."""
    if not _tuned and nbytes >= LARGE:
        keep_freed_memory()


# The gradcli command leaves through os._exit (cli.app.command), so the operating system takes back whatever is
# still allocated then. It calls process_ends_with_exit(); objects handed to free_at_exit() are then kept until
# the end rather than freed one by one (a long script's compiled program: ~100 objects a statement, ~7% of
# the run). Library callers never call it, and their objects are freed as usual.
_kept_until_exit = None


def process_ends_with_exit():
    global _kept_until_exit
    _kept_until_exit = []


def free_at_exit(obj):
    """Hand `obj` (about to be dropped) to the process's end, when the process ends with os._exit."""
    if _kept_until_exit is not None:
        _kept_until_exit.append(obj)
