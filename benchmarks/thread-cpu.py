#!/usr/bin/env python3
"""Runs a command and records the CPU time of each of its threads (Linux /proc), for the grid and
runs benchmarks (docs/performance.md, "Parallel cells of a grid").

Usage: thread-cpu.py SUMMARY_FILE -- COMMAND [ARGS...]

Every 0.1 s it reads /proc/PID/task/*/stat (user + system CPU of each thread) and keeps each
thread's last value, so threads that end before the process are counted too (up to 0.1 s of their
last CPU may be missed). CPU time per thread, unlike wall time, hardly depends on what else the
machine runs. The summary groups the JVM's threads by purpose:

  runs      JUnit's ForkJoinPool workers and the extension's run threads (the cells' work)
  main      the launcher's main thread (JVM start, discovery, the launch summary)
  jit-c2    C2 compiler threads          jit-c1  C1 compiler threads
  gc        garbage collector threads    other   everything else (VM thread, JFR, ...)

and writes one line per group ("group seconds") to SUMMARY_FILE, then "sampler seconds", this
script's own CPU time (about 1 % of a core), which a time of the whole command includes and may
subtract. Exits with the command's status.
"""
import os
import resource
import subprocess
import sys
import time


def group(name):
    if name.startswith("C2 CompilerThre"):
        return "jit-c2"
    if name.startswith("C1 CompilerThre"):
        return "jit-c1"
    if name.startswith(("GC Thread", "G1 ")):
        return "gc"
    if name.startswith(("ForkJoinPool", "triscale")):
        return "runs"
    if name == "java":
        return "main"
    return "other"


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    summary, command = sys.argv[1], sys.argv[3:]
    ticks = os.sysconf("SC_CLK_TCK")
    process = subprocess.Popen(command)
    threads = {}  # tid -> (name, seconds)
    while process.poll() is None:
        try:
            tids = os.listdir(f"/proc/{process.pid}/task")
        except OSError:
            tids = []
        for tid in tids:
            try:
                with open(f"/proc/{process.pid}/task/{tid}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2:].split()
            threads[tid] = (name, (int(fields[11]) + int(fields[12])) / ticks)
        time.sleep(0.1)
    totals = {}
    for name, seconds in threads.values():
        totals[group(name)] = totals.get(group(name), 0.0) + seconds
    with open(summary, "w") as out:
        for g in ("runs", "main", "jit-c2", "jit-c1", "gc", "other"):
            out.write(f"{g} {totals.get(g, 0.0):.2f}\n")
        own = resource.getrusage(resource.RUSAGE_SELF)
        out.write(f"sampler {own.ru_utime + own.ru_stime:.2f}\n")
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
