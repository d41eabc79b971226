#!/usr/bin/env bash
# Whole-process timing of the parallel cells of a grid (docs/performance.md, "Parallel cells of a
# grid"): the CPU-bound 4-cell emulator grid ParallelGridBenchmark (a @ParameterizedClass, 10 runs
# per cell of about 0.4 s of CPU each) launched by JUnit's console launcher with JUnit's parallel
# execution on THREADS threads (default: 1 and 2), the cells' own runs one after the other
# (triscale.runs.parallelism=1), interleaved, REPEAT times (default 2; about 90 s of launches on
# 2 cores, plus the build). Prints one line per launch (wall and CPU seconds, load average), the
# medians of wall time, CPU time and cores used, the speed-up of the medians against 1 thread,
# and whether every launch wrote the same JSON results as the first, apart from clock times and
# durations (exit status 1 if not). Run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."

REPEAT=${REPEAT:-2}
THREADS=${THREADS:-"1 2"}
ARRIVALS=${ARRIVALS:-300} # seconds of flow arrivals per run (300: about 0.4 s of CPU a run)
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
    /usr/bin/time -f "%e %U %S" -o "$out.time" java -Dtriscale.samples.parallelGrid=true \
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
    echo "grid threads $t round $round: wall $wall s, CPU $(echo "$user + $sys" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)" \
        | tee -a "$WORK/times.txt"
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
    first=${first:-$wall}
    echo "  grid threads $t: wall $wall s, CPU $cpu s, cores used $(echo "scale=2; $cpu / $wall" | bc)," \
        "speed-up $(echo "scale=2; $first / $wall" | bc)x"
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
