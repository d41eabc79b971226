#!/usr/bin/env bash
# Whole-process timing of parallel runs (docs/performance.md, "Parallel runs"): the emulator
# samples of the sample suite (as they are) and the CPU-bound 5 × 10 emulator sequel
# ParallelSequelBenchmark.longCubicFlowsAlone (about a second of simulation CPU per run, so that
# JVM start-up and JIT warm-up are small against the work), each launched by JUnit's console launcher at every parallelism of PARALLELISMS (default: 1 and
# the machine's processors), interleaved, REPEAT times (default 3). Prints one line per launch
# (wall and CPU seconds, load average) and the medians of wall time, CPU time and cores used
# (CPU / wall), and checks that every launch wrote the same
# JSON results as the first, apart from clock times and durations. Run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."

REPEAT=${REPEAT:-3}
PARALLELISMS=${PARALLELISMS:-"1 $(nproc)"}
LAUNCHES=${LAUNCHES:-"suite sequel"} # or one of them
# ARRIVALS: seconds of flow arrivals per run of the sequel (default 600, about 0.8 s of CPU a run)
LAUNCHER=1.14.4
WORK=benchmarks/target/parallel-runs
rm -rf "$WORK" && mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
DEP=org.apache.maven.plugins:maven-dependency-plugin:3.9.0

mvn -B -q "$DEP:copy" -Dartifact="org.junit.platform:junit-platform-console-standalone:$LAUNCHER" -DoutputDirectory="$WORK"
mvn -B -q -pl sample-tests -am test-compile "$DEP:build-classpath" -Dmdep.outputFile="$WORK/cp.txt" \
    -Dmdep.includeScope=test -DexcludeGroupIds=org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian \
    -Dmaven.javadoc.skip -Dmaven.source.skip
CP="$PWD/sample-tests/target/test-classes:$PWD/sample-tests/target/classes:$(cat "$WORK/cp.txt")"
BASELINES="$PWD/sample-tests/src/test/resources/triscale/baselines"

SUITE=""
for c in LongPathCcaTest RttFairnessTest FctRegressionTest AdaptiveCubicTest ImportanceSampledFctTest \
         l4s.DualPi2FairnessTest l4s.SharedQueueFctHarmTest datacenter.DctcpIncastTest pantheon.PantheonProfilesTest; do
    SUITE="$SUITE --select-class org.triscale.samples.$c"
done
SEQUEL="--select-class=org.triscale.samples.ParallelSequelBenchmark"

launch() { # name parallelism round selectors...
    local name=$1 p=$2 round=$3
    shift 3
    local out="$WORK/$name-p$p-r$round"
    # shellcheck disable=SC2086 # the selectors are words
    /usr/bin/time -f "%e %U %S" -o "$out.time" java -Dtriscale.samples.parallelBenchmark=true -Dtriscale.samples.parallelBenchmark.arrivals="${ARRIVALS:-600}" -jar "$WORK/junit-platform-console-standalone-$LAUNCHER.jar" \
        execute --class-path "$CP" "$@" --details=none --disable-banner \
        --config triscale.runs.parallelism="$p" --config triscale.output.dir="$out" \
        --config triscale.report.enabled=false \
        --config triscale.baseline.dir="$BASELINES" > "$out.log" 2>&1 || true
    read -r wall user sys < <(tail -1 "$out.time")
    echo "$name parallelism $p round $round: wall $wall s, CPU $(echo "$user + $sys" | bc) s, load $(cut -d' ' -f1 /proc/loadavg)" \
        | tee -a "$WORK/times.txt"
}

for round in $(seq 1 "$REPEAT"); do
    for p in $PARALLELISMS; do
        # shellcheck disable=SC2086
        if [[ " $LAUNCHES " == *" suite "* ]]; then launch suite "$p" "$round" $SUITE; fi
        if [[ " $LAUNCHES " == *" sequel "* ]]; then launch sequel "$p" "$round" "$SEQUEL"; fi
    done
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "medians of $REPEAT rounds:"
for name in $LAUNCHES; do
    for p in $PARALLELISMS; do
        lines=$(grep "^$name parallelism $p round " "$WORK/times.txt")
        wall=$(sed -n 's/.*: wall \([0-9.]*\) s.*/\1/p' <<< "$lines" | median)
        cpu=$(sed -n 's/.*, CPU \([0-9.]*\) s.*/\1/p' <<< "$lines" | median)
        echo "  $name parallelism $p: wall $wall s, CPU $cpu s, cores used $(echo "scale=2; $cpu / $wall" | bc)"
    done
done

python3 - "$WORK" "$LAUNCHES" <<'PY'
import json, pathlib, sys
work = pathlib.Path(sys.argv[1])
def strip(node):
    if isinstance(node, dict):
        return {k: strip(v) for k, v in node.items()
                if k not in ("durationNanos", "startedAt", "finishedAt", "recordedAt", "file")}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node
for name in sys.argv[2].split():
    launches = sorted(d for d in work.iterdir() if d.is_dir() and d.name.startswith(name + "-"))
    def results(d):
        return {f.name: strip(json.loads(f.read_text())) for f in sorted(d.glob("*.json"))}
    first = results(launches[0])
    differ = [d.name for d in launches[1:] if results(d) != first]
    print(f"{name}: {len(first)} JSON results, {'the same in every launch' if not differ else 'DIFFERENT in ' + ', '.join(differ)}")
    if differ:
        sys.exit(1)
PY
