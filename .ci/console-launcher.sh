#!/usr/bin/env bash
# The sample suite (emulator samples and the deliberately failing one) under JUnit's own console
# launcher, junit-platform-console-standalone 1.14.x and 6.x, must give Surefire's verdicts and counts;
# the launcher of 1.13 must be refused with the runtime check's message. About a minute after
# `mvn verify` (the classes are compiled then); run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."

LAUNCHERS="1.14.4 6.1.3"
REFUSED=1.13.4
CLASSES="LongPathCcaTest RttFairnessTest FctRegressionTest l4s.DualPi2FairnessTest datacenter.DctcpIncastTest BrokenCubicRegression"
WORK=sample-tests/target/console-launcher
rm -rf "$WORK" && mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
DEP=org.apache.maven.plugins:maven-dependency-plugin:3.9.0

for v in $LAUNCHERS $REFUSED; do
    mvn -B -q "$DEP:copy" -Dartifact="org.junit.platform:junit-platform-console-standalone:$v" -DoutputDirectory="$WORK"
done
# The suite's class path without JUnit: the standalone jar brings its own.
mvn -B -q -pl sample-tests -am test-compile "$DEP:build-classpath" -Dmdep.outputFile="$WORK/cp.txt" \
    -Dmdep.includeScope=test -DexcludeGroupIds=org.junit.jupiter,org.junit.platform,org.opentest4j,org.apiguardian \
    -Dmaven.javadoc.skip -Dmaven.source.skip
CP="$PWD/sample-tests/target/test-classes:$PWD/sample-tests/target/classes:$(cat "$WORK/cp.txt")"

selectors=""
tests=""
for c in $CLASSES; do
    selectors="$selectors --select-class org.triscale.samples.$c"
    tests="$tests,${c##*.}"
done

# verdicts FILE: the launch listener's sorted "PASSED/FAILED Class.method" lines.
verdicts() { sed -n 's/^  \(PASSED\|FAILED\)  \([^ ]*\) .*/\1 \2/p' "$1" | sort; }

echo "Surefire: ${tests#,}"
mvn -B -pl sample-tests -am test -Dtest="${tests#,}" -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtriscale.samples.brokenCca=true -Dmaven.test.failure.ignore=true -Dmaven.javadoc.skip -Dmaven.source.skip \
    > "$WORK/surefire.log" 2>&1 || { tail -50 "$WORK/surefire.log"; exit 1; }
verdicts "$WORK/surefire.log" > "$WORK/surefire.verdicts"
# Surefire's summary of the module: "Tests run: 369, Failures: 1, Errors: 0, Skipped: 0" (the last one).
read -r run failures errors skipped < <(grep -E '^\[(WARNING|INFO|ERROR)\] Tests run: [0-9]+, Failures' "$WORK/surefire.log" \
    | tail -1 | sed -E 's/.*Tests run: ([0-9]+), Failures: ([0-9]+), Errors: ([0-9]+), Skipped: ([0-9]+).*/\1 \2 \3 \4/')
expected="started $run failed $((failures + errors)) skipped $skipped"
grep -q '^FAILED BrokenCubicRegression.cubicWithoutBackoff$' "$WORK/surefire.verdicts" \
    || { echo "Surefire did not fail the broken CCA's verdict"; cat "$WORK/surefire.verdicts"; exit 1; }

BASELINES="$PWD/sample-tests/src/test/resources/triscale/baselines"
status=0
for v in $LAUNCHERS; do
    for mode in jar classpath; do
        dir="$WORK/run-$v-$mode" && mkdir -p "$dir"
        if [ $mode = jar ]; then
            launch=(java -jar "$WORK/junit-platform-console-standalone-$v.jar" execute --class-path "$CP")
        else # the plain launcher on a class path, as IDEs and build tools start it
            launch=(java -cp "$WORK/junit-platform-console-standalone-$v.jar:$CP" org.junit.platform.console.ConsoleLauncher execute)
        fi
        start=$(date +%s)
        # The launcher runs in a folder of its own, so it is told where the committed baselines are,
        # as a user starting it outside the module would (with CI=true a missing baseline fails).
        (cd "$dir" && "${launch[@]}" $selectors --config triscale.samples.brokenCca=true \
            --config "triscale.baseline.dir=$BASELINES" \
            --details=summary --disable-banner --disable-ansi-colors > launcher.log 2>&1) || true
        verdicts "$dir/launcher.log" > "$dir/verdicts"
        count() { sed -n "s/^\[ *\([0-9]*\) tests $1 *\]$/\1/p" "$dir/launcher.log"; }
        got="started $(count started) failed $(( $(count failed) + $(count aborted) )) skipped $(count skipped)"
        echo "console launcher $v ($mode, $(( $(date +%s) - start )) s): $got; Surefire: $expected"
        if ! diff -u "$WORK/surefire.verdicts" "$dir/verdicts" || [ "$got" != "$expected" ]; then
            echo "console launcher $v ($mode) disagrees with Surefire; see $dir/launcher.log"
            status=1
        fi
    done
done

dir="$WORK/run-$REFUSED" && mkdir -p "$dir"
(cd "$dir" && java -jar "$WORK/junit-platform-console-standalone-$REFUSED.jar" execute --class-path "$CP" \
    --select-class org.triscale.samples.LongPathCcaTest --details=summary --disable-banner > launcher.log 2>&1) || true
if grep -q 'TriScale for JUnit needs JUnit Jupiter 5.14 or 6.x' "$dir/launcher.log"; then
    echo "console launcher $REFUSED: refused, as it must be"
else
    echo "console launcher $REFUSED was not refused; see $dir/launcher.log"
    status=1
fi
exit $status
