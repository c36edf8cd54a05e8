"""What the library's default isolation costs (docs/bench.md, "Isolated runs"): CPU time per `run_script` call
of a small script, in this process (trusted=True) and in a worker forked from the fork server (the default),
counted as this process's CPU plus the fork server's own and its reaped workers' (/proc/PID/stat: utime, stime,
cutime, cstime), so that the machine's load does not enter. Linux only; prints a table, never asserts.

    python bench/isolated.py [--calls N]
"""

import argparse
import os
import time

import gradcli
from gradcli.app.workers import server

TEXT = "import torch\nx = torch.ones(3, requires_grad=True)\n(x * 2).sum().backward()\nprint(x.grad)\n"


def server_cpu(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=300)
    calls = parser.parse_args().calls
    gradcli.run_script(TEXT)
    gradcli.run_script(TEXT, trusted=True)
    pid = server._idle[0].pid
    print("| run | host | fork server + workers | per call |\n|---|---|---|---|")
    for trusted in (True, False):
        host, served = time.process_time(), server_cpu(pid)
        for _ in range(calls):
            gradcli.run_script(TEXT, trusted=trusted)
        host, served = (time.process_time() - host) / calls, (server_cpu(pid) - served) / calls
        print("| %s | %.2f ms | %.2f ms | %.2f ms |" % ("trusted=True" if trusted else "default (isolated)",
                                                      host * 1e3, served * 1e3, (host + served) * 1e3))


if __name__ == "__main__":
    main()
