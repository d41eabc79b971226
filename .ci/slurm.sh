#!/usr/bin/env bash
# Shards on a real Slurm: starts a single-node cluster here (munged, slurmctld, slurmd with a
# generated slurm.conf: one node, this machine's CPUs), submits fast sample tests as a job array
# of K shards (each task takes its shard from SLURM_ARRAY_TASK_ID/MIN/MAX, no triscale.shard) and
# `triscale merge` as a job depending on it (afterok); then a grid of 3 cells (the RttGridTest shape
# of docs/grids.md, compiled here) as an array of 3 tasks with triscale.shard.by=cells, one cell per
# task, and its merge. Checks that the merged verdicts and KPIs equal an unsharded run's. Stops the
# daemons on exit. Needs root (it installs and starts daemons).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
shards=${SLURM_SHARDS:-2}
classes=(org.triscale.samples.RttFairnessTest org.triscale.samples.FctRegressionTest)

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null || ! command -v python3 >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends slurm-wlm munge python3 >/dev/null
fi

work=$(mktemp -d /tmp/triscale-slurm.XXXXXX)
chmod 777 "$work" # munged (the munge user) writes its pid file here
state="$work/state"
mkdir -p "$state/ctld" "$state/d" "$work/out"
pids=()
cleanup() {
    status=$?
    scancel --full "--name=triscale-shards" >/dev/null 2>&1 || true
    for pidfile in "$state/slurmd.pid" "$state/slurmctld.pid" "$work/munged.pid"; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    sleep 1
    if [ "$status" = 0 ]; then rm -rf "$work"; else echo "slurm: logs kept in $work"; fi
}
trap cleanup EXIT

# The test classpath once (sibling modules from the reactor), plus the JUnit console launcher of
# the same platform version: each shard then starts one JVM, not a Maven build.
mvn -q -B -pl sample-tests,triscale-cli -am package dependency:build-classpath -DskipTests \
    -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test -Dmaven.javadoc.skip -Dmaven.source.skip
platform=$(tr ':' '\n' < sample-tests/target/test-classpath.txt | sed -n 's/.*junit-platform-launcher-\(.*\)\.jar$/\1/p' | head -1)
mvn -q -B dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$platform" \
    -DoutputDirectory="$work"
cp="$root/sample-tests/target/test-classes:$root/sample-tests/target/classes:$(cat sample-tests/target/test-classpath.txt)"
cp="$cp:$work/junit-platform-console-standalone-$platform.jar"

# A grid of three RTT cells (docs/grids.md's shape, a seeded synthetic metric so that it runs in
# seconds), compiled against the same classpath: sharded below by cell, one cell per array task.
grid=org.triscale.ci.SlurmGridTest
mkdir -p "$work/grid/src/org/triscale/ci" "$work/grid/classes"
cat > "$work/grid/src/org/triscale/ci/SlurmGridTest.java" <<'JAVA'
package org.triscale.ci;

import java.util.SplittableRandom;

import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.triscale.junit.*;

@ParameterizedClass
@ValueSource(ints = {10, 40, 160})
public class SlurmGridTest {
    @Parameter
    int rttMs;

    @Runs(kpiPercentile = 75, kpiConfidence = 75)
    @Series(count = 5)
    @Metric(name = "delay", unit = "ms")
    @Kpi(metric = "delay", atMost = 400)
    @VariabilityScore(metric = "delay", percentile = 50, confidence = 50, atMost = 100)
    void cubic(RunContext run) {
        run.recordRunValue("delay", 1.5 * rttMs + 20 * new SplittableRandom(run.seed()).nextDouble());
    }
}
JAVA
javac -nowarn -cp "$cp" -d "$work/grid/classes" "$work/grid/src/org/triscale/ci/SlurmGridTest.java"
cp="$cp:$work/grid/classes"

# munge: a key if there is none, the daemon as the munge user.
if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
    chown munge:munge /etc/munge/munge.key
    chmod 400 /etc/munge/munge.key
fi
mkdir -p /run/munge && chown munge:munge /run/munge
if ! munge -n </dev/null >/dev/null 2>&1; then # reuse a munged that already runs
    runuser -u munge -- /usr/sbin/munged --pid-file="$work/munged.pid" 2>/dev/null \
        || runuser -u munge -- /usr/sbin/munged --force --pid-file="$work/munged.pid"
fi

host=$(hostname -s)
export SLURM_CONF="$state/slurm.conf"
cat > "$SLURM_CONF" <<CONF
ClusterName=triscale-ci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=ci Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && break
    sleep 1
done
sinfo

# The shard task: the sample classes, results under out/shard-<task id>.
cat > "$work/shard.sh" <<JOB
#!/usr/bin/env bash
cd "$root/sample-tests"
exec java -cp "$cp" org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=none \
    ${classes[@]/#/--select-class } \
    --config triscale.output.dir=$work/out/shard-\$SLURM_ARRAY_TASK_ID \
    --config triscale.report.enabled=false
JOB
cat > "$work/merge.sh" <<JOB
#!/usr/bin/env bash
cd "$root/sample-tests"
exec "$root/triscale-cli/triscale" merge $work/out/shard-* --out $work/merged
JOB
# The grid's task: the cells of shard k/3 whole (one cell each), no triscale.shard (from the array).
cat > "$work/cells.sh" <<JOB
#!/usr/bin/env bash
cd "$root/sample-tests"
exec java -cp "$cp" org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=none \
    --select-class $grid --config triscale.shard.by=cells \
    --config triscale.output.dir=$work/cells/task-\$SLURM_ARRAY_TASK_ID --config triscale.report.enabled=false
JOB
cat > "$work/merge-cells.sh" <<JOB
#!/usr/bin/env bash
cd "$root/sample-tests"
exec "$root/triscale-cli/triscale" merge $work/cells/task-* --out $work/merged-cells
JOB
chmod +x "$work/shard.sh" "$work/merge.sh" "$work/cells.sh" "$work/merge-cells.sh"

# --array=0-(K-1): ids not starting at 1 on purpose, mapped to shards 1/K to K/K.
array=$(sbatch --parsable --job-name=triscale-shards --array=0-$((shards - 1)) --cpus-per-task=1 \
    --output="$work/shard-%a.log" "$work/shard.sh")
merge=$(sbatch --parsable --job-name=triscale-shards --dependency=afterok:"$array" \
    --output="$work/merge.log" "$work/merge.sh")
cells=$(sbatch --parsable --job-name=triscale-shards --array=1-3 --cpus-per-task=1 \
    --output="$work/cells-%a.log" "$work/cells.sh")
mergecells=$(sbatch --parsable --job-name=triscale-shards --dependency=afterok:"$cells" \
    --output="$work/merge-cells.log" "$work/merge-cells.sh")
echo "submitted shards $array (array of $shards) and merge $merge; grid cells $cells (array of 3) and merge $mergecells"

# Meanwhile the unsharded run, outside Slurm.
(cd sample-tests && java -cp "$cp" org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=none \
    "${classes[@]/#/--select-class=}" --select-class="$grid" --config triscale.output.dir="$work/whole" \
    --config triscale.report.enabled=false) > "$work/whole.log" 2>&1

for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$array,$merge,$cells,$mergecells" 2>/dev/null)" ] && break
    sleep 1
done
for log in "$work"/shard-*.log "$work/merge.log" "$work"/cells-*.log "$work/merge-cells.log"; do
    echo "== $log"; tail -5 "$log"
done
ls "$work/out"/shard-*/partial/ >/dev/null
for merged in "$work/merged" "$work/merged-cells"; do
    [ -d "$merged" ] || { echo "slurm: the merge job of $merged did not run"; tail -20 "$state/slurmctld.log"; exit 1; }
done
# One cell per task: each task's partial folder holds exactly one cell.
for task in 1 2 3; do
    [ "$(ls "$work/cells/task-$task/partial/" | grep -c '\.partial\.json$')" = 1 ] \
        || { echo "slurm: grid task $task did not run exactly one cell"; ls -R "$work/cells"; exit 1; }
done

# Verdicts, KPI values and variability scores: the merged ones must equal the unsharded ones.
python3 - "$work/whole" "$work/merged" "$shards" "$work/merged-cells" <<'PY'
import glob, json, os, sys
whole, merged, shards, cells = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
def key(*folders):
    out = {}
    for path in sorted(p for folder in folders for p in glob.glob(os.path.join(folder, "*.json"))):
        if os.path.basename(path) == "comparisons.json":
            continue
        d = json.load(open(path))
        kpis = [(k["metric"], k["percentile"], k["value"], k["passed"]) for s in d["series"] for k in s["kpis"]]
        scores = [(v["metric"], v["score"], v["seriesKpis"], v.get("passed")) for v in d["variabilityScores"]]
        # By file name: the cells of a grid share their class and method, their files carry the cell.
        out[os.path.basename(path)[:-len(".json")]] = (d["verdict"]["status"], d["verdict"]["runs"], kpis, scores)
    return out
a, b = key(whole), key(merged, cells)
if not a or a != b:
    print("slurm: merged verdicts differ from the unsharded run:")
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            print("  ", name, "\n     unsharded:", a.get(name), "\n     merged:   ", b.get(name))
    sys.exit(1)
print(f"slurm: {len(a)} tests ({shards} series shards, and 3 grid cells one per task) on Slurm arrays and dependent"
      " merges: verdicts and KPIs equal the unsharded run's")
for name, (status, runs, _, _) in a.items():
    print(f"  {status:7} {name} ({runs} runs)")
PY
