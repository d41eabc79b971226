#!/usr/bin/env bash
# End-to-end timing of `triscale metric` on a 10^7-row CSV against the Python original
# (docs/performance.md, "Command line"): ROUNDS paired rounds (default 5), each timing the Python
# original once and the CLI once, one core each (taskset -c 0), alternating which goes first;
# with BUSY=1 a second process keeps the other core busy for the whole measurement. Prints one
# line per run, the medians and the ratio of the medians, and the median of the per-round ratios.
#
#   bash benchmarks/csv-vs-python.sh PATH/TO/python-triscale        # quiet machine
#   BUSY=1 bash benchmarks/csv-vs-python.sh PATH/TO/python-triscale # a second process busy
#
# Needs Debian's python3-numpy, python3-scipy and python3-pandas, and a checkout of
# github.com/romain-jacob/triscale (reference commit f6cd264). Run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."

ORIGINAL=${1:?give the folder of the Python TriScale checkout}
ROUNDS=${ROUNDS:-5}
WORK=benchmarks/target/csv-vs-python
mkdir -p "$WORK"
CSV="$WORK/xy-1e7.csv"

[ -f triscale-cli/target/triscale-cli.jar ] || mvn -q -B -pl triscale-cli -am package -DskipTests
if [ ! -f "$CSV" ]; then
    /usr/bin/python3 -c "import numpy as np; i = np.arange(10**7, dtype=float); \
np.savetxt('$CSV', np.column_stack([i * 0.01, 40 + 20 * np.modf(np.abs(np.sin(i * 12.9898) * 43758.5453))[0]]), \
delimiter=',', fmt='%.6f', header='x,y', comments='')"
fi

busy=""
if [ "${BUSY:-0}" = 1 ]; then
    # The second process: a shell loop on the other core, as a build or a test beside it would be.
    taskset -c 1 bash -c 'while :; do :; done' &
    busy=$!
    trap 'kill $busy 2>/dev/null || true' EXIT
fi

python_run() {
    /usr/bin/time -f "%e" -o "$WORK/t" taskset -c 0 /usr/bin/python3 benchmarks/python/time_original.py \
        --triscale "$ORIGINAL" --csv "$CSV" --repeat 1 --end-to-end-only > "$WORK/python.out"
    cat "$WORK/t"
}
cli_run() {
    /usr/bin/time -f "%e" -o "$WORK/t" taskset -c 0 triscale-cli/triscale metric "$CSV" \
        --measure 95 --convergence 95,5 --bounds 0,100 > "$WORK/cli.out"
    cat "$WORK/t"
}

pythons=() clis=() ratios=()
for round in $(seq 1 "$ROUNDS"); do
    if [ $((round % 2)) = 1 ]; then p=$(python_run); c=$(cli_run); else c=$(cli_run); p=$(python_run); fi
    pythons+=("$p") clis+=("$c")
    ratios+=("$(echo "$p / $c" | bc -l)")
    printf 'round %d: Python %6.2f s, triscale %5.2f s, ratio %5.2f, load %s\n' "$round" "$p" "$c" \
        "${ratios[-1]}" "$(cut -d' ' -f1 /proc/loadavg)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
mp=$(median "${pythons[@]}") mc=$(median "${clis[@]}") mr=$(median "${ratios[@]}")
printf 'medians: Python %.2f s, triscale %.2f s: %.1fx; median of the rounds'"'"' ratios %.1fx (%s, %d rounds)\n' \
    "$mp" "$mc" "$(echo "$mp / $mc" | bc -l)" "$mr" "$([ -n "$busy" ] && echo "other core busy" || echo "quiet")" "$ROUNDS"
grep -h . "$WORK/cli.out" | head -3
