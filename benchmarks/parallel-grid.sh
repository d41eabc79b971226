#!/usr/bin/env bash
# Whole-process timing of the parallel cells of a grid (docs/performance.md, "Parallel cells of a
# grid"): the CPU-bound 4-cell emulator grid ParallelGridBenchmark (a @ParameterizedClass, 10 runs
# per cell of 0.2-0.45 s of CPU each) launched by JUnit's console launcher with JUnit's parallel
# execution on THREADS threads (default: 1 and 2), the cells' own runs one after the other
# (triscale.runs.parallelism=1), interleaved, REPEAT times (default 2; about 90 s of launches on
# 2 cores, plus the build). Prints one line per launch: wall and CPU seconds, the CPU of each kind
# of thread (thread-cpu.py: the runs' threads, the main thread, the C2 and C1 JIT compilers, the
# garbage collector, other), the CPU of the cells' runs as the runs measured it themselves
# (ParallelGridBenchmark prints each run's thread CPU) and each thread's share of it (JUnit may
# give a cell to a new pool thread while another waits), when the first run started and the last
# one ended (seconds since the JVM started: what comes before is the JVM's start and JUnit's
# discovery), and the load average. Then the medians of wall time, CPU time, cores used and C2
# time, the speed-up of the medians against 1 thread, and whether every launch wrote the same
# JSON results as the first, apart from clock times and durations (exit status 1 if not). CPU
# times per thread hardly depend on the machine's load; wall times do. Run from the project root.
#
# JAVA_OPTS adds JVM options to every launch, for example (docs/performance.md has their effect):
#   JAVA_OPTS=-XX:-UseTypeProfile      no receiver-class speculation by the JIT compiler
#   JAVA_OPTS=-XX:TieredStopAtLevel=1  C1 only: no C2 time, slower code
#   JAVA_OPTS=-XX:StartFlightRecording=filename=grid.jfr,jdk.Compilation#threshold=0ms
#                                      a flight recording of every compilation (one file per
#                                      launch is overwritten: use it with REPEAT=1 THREADS=1)
set -euo pipefail
cd "$(dirname "$0")/.."

REPEAT=${REPEAT:-2}
THREADS=${THREADS:-"1 2"}
ARRIVALS=${ARRIVALS:-300} # seconds of flow arrivals per run (300: 0.25-0.45 s of CPU a run)
JAVA_OPTS=${JAVA_OPTS:-}
LAUNCHER=1.14.4
WORK=benchmarks/target/parallel-grid
rm -rf "$WORK" && mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
DEP=org.apache.maven.plugins:maven-dependency-plugin:3.9.0

mvn -B -q "$DEP:copy" -Dartifact="org.junit.platform:junit-platform-console-standalone:$LAUNCHER" -DoutputDirectory="$WORK"
mvn -B -q -pl sample-tests -am test-compile "$DEP:build-classpath" -Dmdep.outputFile="$WORK/cp.txt" \
    -Dmdep.includeScope=test -DexcludeGroupIds=org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian \
    -Dmaven.javadoc.skip -Dmaven.source.skip
CP="$PWD/sample-tests/target/test-classes:$PWD/sample-tests/target/classes:$(cat "$WORK/cp.txt")"

launch() { # threads round
    local t=$1 round=$2
    local out="$WORK/grid-t$t-r$round"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
    /usr/bin/time -f "%e %U %S" -o "$out.time" python3 benchmarks/thread-cpu.py "$out.threads" -- \
        java $JAVA_OPTS -Dtriscale.samples.parallelGrid=true \
        -Dtriscale.samples.parallelGrid.arrivals="$ARRIVALS" -jar "$WORK/junit-platform-console-standalone-$LAUNCHER.jar" \
        execute --class-path "$CP" --select-class=org.triscale.samples.ParallelGridBenchmark --details=none --disable-banner \
        --config junit.jupiter.execution.parallel.enabled=true \
        --config junit.jupiter.execution.parallel.mode.default=concurrent \
        --config junit.jupiter.execution.parallel.mode.classes.default=concurrent \
        --config junit.jupiter.execution.parallel.config.strategy=fixed \
        --config junit.jupiter.execution.parallel.config.fixed.parallelism="$t" \
        --config triscale.runs.parallelism=1 --config triscale.output.dir="$out" \
        --config triscale.report.enabled=false --config triscale.progress=false > "$out.log" 2>&1 || true
    read -r wall user sys < <(tail -1 "$out.time")
    local threads runs
    threads=$(awk '$1 != "sampler" { printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }' "$out.threads")
    local sampler
    sampler=$(awk '$1 == "sampler" { print $2 }' "$out.threads")
    runs=$(python3 - "$out.log" <<'PY'
import sys
runs = [dict(f.split("=", 1) for f in line.split()[1:]) for line in open(sys.argv[1]) if line.startswith("grid-run ")]
if not runs:
    print("no runs")
    sys.exit()
per_thread = {}
for r in runs:
    per_thread[r["thread"]] = per_thread.get(r["thread"], 0) + float(r["cpuMs"]) / 1e3
first = min(int(r["startMs"]) for r in runs) / 1e3
last = max(int(r["startMs"]) + float(r["wallMs"]) for r in runs) / 1e3
shares = ", ".join(f"{v:.2f}" for v in sorted(per_thread.values(), reverse=True))
print(f"cells' runs {sum(per_thread.values()):.2f} s of CPU (per thread: {shares}), runs from {first:.1f} s to {last:.1f} s")
PY
)
    # The CPU of the JVM alone: the sampler's own CPU is taken off.
    echo "grid threads $t round $round: wall $wall s, CPU $(echo "$user + $sys - $sampler" | bc) s ($threads), $runs," \
        "load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$WORK/times.txt"
}

for round in $(seq 1 "$REPEAT"); do
    for t in $THREADS; do
        launch "$t" "$round"
    done
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "medians of $REPEAT rounds:"
first=""
for t in $THREADS; do
    lines=$(grep "^grid threads $t round " "$WORK/times.txt")
    wall=$(sed -n 's/.*: wall \([0-9.]*\) s.*/\1/p' <<< "$lines" | median)
    cpu=$(sed -n 's/.*, CPU \([0-9.]*\) s.*/\1/p' <<< "$lines" | median)
    c2=$(sed -n 's/.*jit-c2 \([0-9.]*\),.*/\1/p' <<< "$lines" | median)
    first=${first:-$wall}
    echo "  grid threads $t: wall $wall s, CPU $cpu s, cores used $(echo "scale=2; $cpu / $wall" | bc)," \
        "C2 compiler $c2 s, speed-up $(echo "scale=2; $first / $wall" | bc)x"
done

python3 - "$WORK" <<'PY'
import json, pathlib, sys
work = pathlib.Path(sys.argv[1])
def strip(node):
    if isinstance(node, dict):
        return {k: strip(v) for k, v in node.items()
                if k not in ("durationNanos", "startedAt", "finishedAt", "recordedAt", "file")}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node
launches = sorted(d for d in work.iterdir() if d.is_dir() and d.name.startswith("grid-"))
def results(d):
    return {f.name: strip(json.loads(f.read_text())) for f in sorted(d.glob("*.json"))}
first = results(launches[0])
differ = [d.name for d in launches[1:] if results(d) != first]
print(f"grid: {len(first)} JSON results (one per cell), "
      f"{'the same in every launch' if not differ else 'DIFFERENT in ' + ', '.join(differ)}")
if len(first) != 4 or differ:
    sys.exit(1)
PY
