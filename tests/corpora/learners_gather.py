"""Maintainers' half of build.py: choose the source files, cut each where torch on a CPU without downloads
stops (probed under --torch-python, one forked child per file), write the scripts and manifest.json, and record
torch's output for each (learners_record.py: one run per script under its own time limit). A source already in
the manifest keeps its script's name; a new one takes the next number of its folder."""

import json
import os
import re
import subprocess
import sys
import tempfile

from learners_record import RECORDS, Recorder, record
from learners_build import HERE, MANIFEST, REPOSITORIES, build_script, edited_cells, git, git_dir, sha

# which files of each repository a learner meets about tensors, autograd and small training loops
SOURCES = {
    "d2l-ai/d2l-zh": r"^chapter_(preliminaries|linear-networks|multilayer-perceptrons|deep-learning-computation|"
                     r"optimization|recurrent-neural-networks|recurrent-modern|attention-mechanisms|"
                     r"convolutional-neural-networks|convolutional-modern|computational-performance|appendix-mathematics-for-deep-learning|"
                     r"natural-language-processing-pretraining|natural-language-processing-applications|computer-vision)"
                     r"/(?!index)[^/]*(?<!_origin)\.md$",
    "d2l-ai/d2l-en": r"^chapter_(preliminaries|linear-regression|linear-classification|multilayer-perceptrons|"
                     r"builders-guide|optimization|recurrent-neural-networks|attention-mechanisms-and-transformers|"
                     r"convolutional-neural-networks|convolutional-modern|recurrent-modern|computational-performance|"
                     r"appendix-mathematics-for-deep-learning|generative-adversarial-networks|gaussian-processes|"
                     r"reinforcement-learning|natural-language-processing-pretraining|natural-language-processing-"
                     r"applications|computer-vision|hyperparameter-optimization|recommender-systems)/(?!index)[^/]*\.md$",
    "ShusenTang/Dive-into-DL-PyTorch": r"^code/chapter(0[2-9]|10)[^/]*/[^/]*\.ipynb$",
    "chenyuntc/pytorch-book": r"^Chapter[2-6]/[^/]*\.ipynb$",
    "zergtant/pytorch-handbook": r"^chapter[1-3]/[^/]*\.ipynb$",
    "yunjey/pytorch-tutorial": r"^tutorials/0[12]-[^/]*/[^/]*/main\.py$",
    "MorvanZhou/PyTorch-Tutorial": r"^tutorial-contents/[^/]*\.py$",
    "L1aoXingyu/code-of-learn-deep-learning-with-pytorch": r"^chapter[2-5]_[^/]*/(.*/)?[^/]*\.ipynb$",
    "udacity/deep-learning-v2-pytorch": r"^(intro-to-pytorch|intro-neural-networks|attention|batch-norm|"
                                        r"recurrent-neural-networks|sentiment-analysis)/.*(Solution|Basics|"
                                        r"Normalization|GradientDescent)[^/]*\.ipynb$",
    "karpathy/nn-zero-to-hero": r"^lectures/micrograd/.*\.ipynb$",
    "karpathy/micrograd": r"^(demo|trace_graph)\.ipynb$",
    "jcjohnson/pytorch-examples": r"^(autograd|nn|tensor)/(?!tf_).*\.py$",
    "lyhue1991/eat_pytorch_in_20_days": r"^[2-6]-\d,[^/]*\.ipynb$",
    "mrdbourke/pytorch-deep-learning": r"^(0\d_[^/]*\.ipynb|extras/(pytorch_cheatsheet|pytorch_most_common_errors|"
                                       r"pytorch_2_intro)\.ipynb|extras/solutions/0[0-2]_[^/]*\.ipynb)$",
    "dsgiitr/d2l-pytorch": r"^Ch(0[4-9]|1[0-2])_[^/]*/[^/]*\.ipynb$",
    "patrickloeber/pytorchTutorial": r"^\d\d_[^/]*\.py$",
    "rasbt/stat453-deep-learning-ss21": r"^L0[3-9]/code/[^/]*\.ipynb$|^L1\d/code/[^/]*\.ipynb$",
    "rasbt/LLMs-from-scratch": r"^(appendix-A|ch0[2-5])/01_main-chapter-code/[^/]*\.ipynb$",
    "rasbt/machine-learning-book": r"^ch1[2-8]/ch1[2-8][-_]part[^/]*\.ipynb$",
    "dair-ai/ML-Notebooks": r"^notebooks/(maths/)?[^/]*\.ipynb$",
    "omarsar/pytorch_notebooks": r"^[^/]*\.ipynb$",
    "mlelarge/dataflowr": r"^Module\d+/[^/]*\.ipynb$",
    "graykode/nlp-tutorial": r"^\d-\d\.[^/]*/[^/]*\.py$",
    "pytorch/examples": r"^(?!distributed|legacy|cpp|docs|utils|runtime)[a-z_]+/[^/]*\.py$",
    "hunkim/PyTorchZeroToAll": r"^\d\d_[^/]*\.py$",
    "deeplearningzerotoall/PyTorch": r"^lab-[^/]*\.ipynb$",
}

PROBE = r'''
import json, os, signal, sys, io, contextlib
import torch
jobs = json.load(open(sys.argv[1]))
results = {}
class Budget(Exception):
    pass
def alarm(*_):
    raise Budget("takes more than %d s of CPU")
for name, cells in jobs.items():
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        work = os.path.join(sys.argv[2], name.replace("/", "_"))
        os.makedirs(work, exist_ok=True)
        os.chdir(work)
        sys.argv = [name.rsplit("/", 1)[-1]]  # as `python FILE` has it: a script's argparse reads no probe's arguments
        signal.signal(signal.SIGPROF, alarm)  # CPU seconds, not the wall clock: the same budget under any load
        signal.setitimer(signal.ITIMER_PROF, int(sys.argv[3]))
        space = {"__name__": "__main__"}
        out = io.StringIO()
        failed = [len(cells), None]
        for i, cell in enumerate(cells):
            try:
                with contextlib.redirect_stdout(out):
                    exec(compile(cell, "<cell %d>" % i, "exec"), space)
            except BaseException as e:
                message = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
                if isinstance(e, Budget):
                    message = str(e) % int(sys.argv[3])
                failed = [i, message[:200]]
                break
        signal.setitimer(signal.ITIMER_PROF, 0)
        os.write(w, json.dumps([failed[0], failed[1], out.getvalue().count("\n")]).encode())
        os._exit(0)
    os.close(w)
    data = b""
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    try:
        results[name] = json.loads(data)
    except ValueError:
        results[name] = [0, "crashed", 0]
json.dump(results, open(sys.argv[1] + ".out", "w"))
'''


def candidates(repos):
    for repo, pattern in SOURCES.items():
        gdir = git_dir(repos, repo)
        commit = git(gdir, "rev-parse", "HEAD").decode().strip()
        for line in sorted(git(gdir, "ls-tree", "-r", "-l", commit).decode().splitlines(), key=lambda l: l.split("\t")[1]):
            size, path = line.split("\t")[0].split()[3], line.split("\t")[1]
            if re.search(pattern, path) and ".ipynb_checkpoints" not in path:
                yield repo, gdir, commit, path, size != "BAD"  # BAD: a shallow or partial clone lacks the file


def old_entries():
    return json.loads(MANIFEST.read_text(encoding="utf-8"))["scripts"] if MANIFEST.exists() else []


def next_name(folder, names):
    numbers = [int(n.split("/")[1][:3]) for n in names if n.startswith(folder + "/")]
    return "%s/%03d.py" % (folder, max(numbers, default=0) + 1)


def probe(args, jobs):
    """{source: [cells kept + 1, why it stops, lines printed]}; with --probe-cache FILE, kept there and read back
    for the sources it has (probing every source takes a quarter of an hour on two busy cores)."""
    cache = json.loads(open(args.probe_cache).read()) if args.probe_cache and os.path.exists(args.probe_cache) else {}
    todo = {key: cells for key, cells in jobs.items() if key not in cache}
    if todo:
        with tempfile.TemporaryDirectory() as tmp:
            job_file = os.path.join(tmp, "jobs.json")
            with open(job_file, "w") as f:
                json.dump(todo, f)
            subprocess.run([args.torch_python, "-c", PROBE, job_file, tmp, str(int(args.timeout))], check=True)
            with open(job_file + ".out") as f:
                cache.update(json.load(f))
        if args.probe_cache:
            with open(args.probe_cache, "w") as f:
                json.dump(cache, f)
    return cache


def gather(args):
    jobs, sources, left_out = {}, {}, []
    old = json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.exists() else {"scripts": [], "left_out": []}
    listed = {"%s:%s" % (e["repository"], e["path"]) for e in old["scripts"]} | {e["source"] for e in old["left_out"]}
    for repo, gdir, commit, path, present in candidates(args.repos):
        if args.new_only and "%s:%s" % (repo, path) in listed:
            continue
        if not present:
            left_out.append({"source": "%s:%s" % (repo, path), "why": "not in the clone it was gathered from"})
            continue
        if not REPOSITORIES[repo][2]:  # not probed: nothing of it is kept
            left_out.append({"source": "%s:%s" % (repo, path),
                             "why": "its licence (%s) does not let us keep a copy" % REPOSITORIES[repo][1]})
            continue
        data = git(gdir, "show", "%s:%s" % (commit, path))
        cells = edited_cells(path, data)
        if not cells or "torch" not in "".join(cells) and "numpy" not in "".join(cells) \
                and "micrograd" not in repo and "zero" not in repo:
            continue
        key = "%s:%s" % (repo, path)
        full = build_script(cells, len(cells), None)
        seed = full[:full.index("# edit: seed")]
        jobs[key] = [seed.split("\n")[-1]] + cells
        sources[key] = (repo, commit, path, data, cells)
    probed = probe(args, jobs)
    named = {"%s:%s" % (e["repository"], e["path"]): e["script"] for e in old_entries()}
    entries = old["scripts"] if args.new_only else []
    left_out += old["left_out"] if args.new_only else []
    recorder = Recorder(args.torch_python, args.timeout)
    for key in sorted(jobs):
        repo, commit, path, data, cells = sources[key]
        stop, why, lines = probed[key]
        keep = stop  # cells kept (the seed cell is jobs' cell 0)
        if stop <= 1 or lines < 2:
            left_out.append({"source": key, "why": why or "prints nothing"})
            continue
        folder, licence, usable = REPOSITORIES[repo]
        if not usable:
            left_out.append({"source": key, "why": "its licence (%s) does not let us keep a copy" % licence})
            continue
        name = named.get(key) or next_name(folder, named.values())
        named[key] = name
        cut = None if stop == len(cells) + 1 else "from here on it needs what this corpus leaves out (%s)" % why
        script = build_script(cells, keep - 1, cut)
        (HERE / folder).mkdir(exist_ok=True)
        (HERE / name).write_text(script, encoding="utf-8")
        if record(recorder, HERE / name) is None:
            (HERE / name).unlink()
            left_out.append({"source": key, "why": "torch took over %g s of CPU here" % args.timeout})
            continue
        entries.append({"script": name, "repository": repo, "path": path, "commit": commit, "licence": licence,
                        "source_sha256": sha(data), "cells": keep - 1, "cut": cut,
                        "script_sha256": sha(script.encode("utf-8")),
                        "edits": sorted(set(re.findall(r"# edit: ([a-z' ]+)", script)))})
    recorder.close()
    entries.sort(key=lambda e: "%s:%s" % (e["repository"], e["path"]))
    left_out.sort(key=lambda e: e["source"])
    kept = {HERE / e["script"] for e in entries}
    for stale in set(HERE.glob("*/*.py")) - kept:  # a source that no longer makes a script
        for suffix in (".py",) + RECORDS:
            stale.with_suffix(suffix).unlink(missing_ok=True)
    MANIFEST.write_text(json.dumps({"recorded": "torch 2.13.0+cpu, CPU capability AVX2 (AMD EPYC), one run each "
                                                "under a limit of %g s of CPU, stdout/rc/last stderr line as "
                                                "learners_record.py writes them" % args.timeout,
                                    "scripts": entries, "left_out": left_out}, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    print("%d scripts, %d left out" % (len(entries), len(left_out)))
