#!/usr/bin/env python3
"""Times the original Python TriScale on the data the JMH benchmarks use.

Usage:
    python3 time_original.py --triscale DIR --write-csv OUT.csv --rows N
    python3 time_original.py --triscale DIR --csv IN.csv [--repeat 5] [--end-to-end-only]

DIR is a checkout of github.com/romain-jacob/triscale (the reference commit is f6cd264). The
original imports plotly for its plots; plotting is never called here, so small stand-in modules
are installed when plotly is absent.

The data set is a delay-like series: time stamps 10 ms apart and a one-way delay of 40 ms plus a
deterministic pseudo-random spread, so that both sides can regenerate it without sharing an RNG.
The timed call is analysis_metric(measure 95, convergence 95 %/5 %, bounds 0-100) in process
(the frame is built before the clock starts), and, separately, the CSV-to-result time.
"""
import argparse
import sys
import time
import types


def install_plotly_stand_in():
    try:
        import plotly  # noqa: F401
        return
    except ImportError:
        pass
    plotly = types.ModuleType("plotly")
    go = types.ModuleType("plotly.graph_objects")
    io = types.ModuleType("plotly.io")
    subplots = types.ModuleType("plotly.subplots")
    io.templates = types.SimpleNamespace(default=None)
    io.renderers = types.SimpleNamespace(default=None)
    subplots.make_subplots = lambda *a, **k: None
    plotly.graph_objects, plotly.io, plotly.subplots = go, io, subplots
    sys.modules.update({"plotly": plotly, "plotly.graph_objects": go,
                        "plotly.io": io, "plotly.subplots": subplots})


def delay_series(rows):
    import numpy as np
    i = np.arange(rows, dtype=np.float64)
    x = i * 0.01
    frac = np.modf(np.abs(np.sin(i * 12.9898) * 43758.5453))[0]
    y = 40.0 + 20.0 * frac
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--triscale", required=True, help="checkout of the original TriScale")
    ap.add_argument("--csv", help="CSV file with x,y columns to analyse")
    ap.add_argument("--write-csv", help="write the benchmark data set to this file and exit")
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--end-to-end-only", action="store_true",
                    help="only time CSV to result, --repeat times (no in-process timing)")
    args = ap.parse_args()

    if args.write_csv:
        x, y = delay_series(args.rows)
        import numpy as np
        np.savetxt(args.write_csv, np.column_stack([x, y]), delimiter=",", fmt=("%.6f", "%.3f"),
                   header="x,y", comments="")
        return

    install_plotly_stand_in()
    sys.path.insert(0, args.triscale)
    import pandas as pd
    import triscale

    metric = {"measure": 95, "bounds": [0, 100]}
    convergence = {"expected": True, "confidence": 95, "tolerance": 5}

    if args.end_to_end_only:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            frame = pd.read_csv(args.csv)
            frame.columns = ["x", "y"]
            result = triscale.analysis_metric(frame, metric, convergence=convergence)
            times.append(time.perf_counter() - start)
        print(f"rows={len(frame)} result={result}")
        print(f"CSV to result: best {min(times):.3f} s, all {[round(t, 3) for t in times]}")
        return

    frame = pd.read_csv(args.csv)
    frame.columns = ["x", "y"]
    in_process = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        result = triscale.analysis_metric(frame, metric, convergence=convergence)
        in_process.append(time.perf_counter() - start)

    end_to_end = []
    for _ in range(max(1, args.repeat // 2)):
        start = time.perf_counter()
        frame = pd.read_csv(args.csv)
        frame.columns = ["x", "y"]
        triscale.analysis_metric(frame, metric, convergence=convergence)
        end_to_end.append(time.perf_counter() - start)

    print(f"rows={len(frame)} result={result}")
    print(f"in-process analysis_metric: best {min(in_process):.3f} s, "
          f"all {[round(t, 3) for t in in_process]}")
    print(f"CSV to result: best {min(end_to_end):.3f} s")


if __name__ == "__main__":
    main()
