#!/usr/bin/env bash
# Shards on a real Slurm: starts a single-node cluster here (munged, slurmctld, slurmd with a
# generated slurm.conf: one node, this machine's CPUs), submits fast sample tests as a job array
# of K shards (each task takes its shard from SLURM_ARRAY_TASK_ID/MIN/MAX, no triscale.shard) and
# `triscale merge` as a job depending on it (afterok), and checks that the merged verdicts and KPIs
# equal an unsharded run's. Stops the daemons on exit. Needs root (it installs and starts daemons).
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
chmod +x "$work/shard.sh" "$work/merge.sh"

# --array=0-(K-1): ids not starting at 1 on purpose, mapped to shards 1/K to K/K.
array=$(sbatch --parsable --job-name=triscale-shards --array=0-$((shards - 1)) --cpus-per-task=1 \
    --output="$work/shard-%a.log" "$work/shard.sh")
merge=$(sbatch --parsable --job-name=triscale-shards --dependency=afterok:"$array" \
    --output="$work/merge.log" "$work/merge.sh")
echo "submitted shards $array (array of $shards) and merge $merge"

# Meanwhile the unsharded run, outside Slurm.
(cd sample-tests && java -cp "$cp" org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=none \
    "${classes[@]/#/--select-class=}" --config triscale.output.dir="$work/whole" \
    --config triscale.report.enabled=false) > "$work/whole.log" 2>&1

for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
    sleep 1
done
for log in "$work"/shard-*.log "$work/merge.log"; do echo "== $log"; tail -5 "$log"; done
ls "$work/out"/shard-*/partial/ >/dev/null
[ -d "$work/merged" ] || { echo "slurm: the merge job did not run"; cat "$state/slurmctld.log" | tail -20; exit 1; }

# Verdicts, KPI values and variability scores: the merged ones must equal the unsharded ones.
python3 - "$work/whole" "$work/merged" "$shards" <<'PY'
import glob, json, os, sys
whole, merged, shards = sys.argv[1], sys.argv[2], int(sys.argv[3])
def key(folder):
    out = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        d = json.load(open(path))
        kpis = [(k["metric"], k["percentile"], k["value"], k["passed"]) for s in d["series"] for k in s["kpis"]]
        scores = [(v["metric"], v["score"], v["seriesKpis"], v.get("passed")) for v in d["variabilityScores"]]
        out[d["testClass"] + "." + d["testMethod"]] = (d["verdict"]["status"], d["verdict"]["runs"], kpis, scores)
    return out
a, b = key(whole), key(merged)
if not a or a != b:
    print("slurm: merged verdicts differ from the unsharded run:")
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            print("  ", name, "\n     unsharded:", a.get(name), "\n     merged:   ", b.get(name))
    sys.exit(1)
print(f"slurm: {len(a)} tests, {shards} shards on a Slurm array and a dependent merge: verdicts and KPIs equal the unsharded run's")
for name, (status, runs, _, _) in a.items():
    print(f"  {status:7} {name} ({runs} runs)")
PY
