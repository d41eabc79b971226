#!/usr/bin/env bash
# The published modules on the module path, as a user's named test module uses them: the README's
# example (.ci/module-path/src) compiles against the exported packages only, runs under JUnit's
# console launcher (junit-platform-console, the module) with a passing and a failing verdict, writes
# its JSON results and HTML report; a module that imports an internal package is refused by javac;
# a baseline is written and gated against; two shards are merged and a report is written by the
# command line as a module. Run from the project root after `mvn verify`.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=$PWD/target/module-path
MODS=$WORK/mods
rm -rf "$WORK" && mkdir -p "$MODS"
DEP=org.apache.maven.plugins:maven-dependency-plugin:3.9.0
JUPITER=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' pom.xml | head -1)
PLATFORM=1.${JUPITER#5.}

# The modules and their run-time dependencies, one folder; JUnit's launcher, engine and console.
mvn -B -q -pl triscale-junit,triscale-emulator,triscale-cli -am package "$DEP:copy-dependencies" \
    -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip -DincludeScope=runtime -DexcludeGroupIds=org.triscale \
    -DoutputDirectory="$MODS"
for m in engine emulator results junit testbed cli; do
    cp "triscale-$m/target/triscale-$m-"*-SNAPSHOT.jar "$MODS/"
done
# JUnit's engine and console launcher with what they need, resolved by Maven from a throw-away POM.
cat > "$WORK/junit-runtime.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId><artifactId>junit-runtime</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter-engine</artifactId><version>$JUPITER</version></dependency>
    <dependency><groupId>org.junit.platform</groupId><artifactId>junit-platform-console</artifactId><version>$PLATFORM</version></dependency>
  </dependencies>
</project>
POM
mvn -B -q -f "$WORK/junit-runtime.xml" "$DEP:copy-dependencies" -DoutputDirectory="$MODS"

status=0
fail() { echo "module path: $*"; status=1; }

# The user's module compiles against the exported packages.
javac -d "$WORK/classes" --module-path "$MODS" $(find .ci/module-path/src -name '*.java')

# A module that imports an internal package does not.
if javac -d "$WORK/peek" --module-path "$MODS" $(find .ci/module-path/internal -name '*.java') > "$WORK/peek.log" 2>&1; then
    fail "a module importing org.triscale.junit.internal compiled"
elif ! grep -q 'is not visible' "$WORK/peek.log"; then
    cat "$WORK/peek.log"; fail "javac refused the internal import for another reason"
fi

# launch DIR [--config k=v ...]: the console launcher on the user's module, in DIR.
launch() {
    local dir=$1; shift
    mkdir -p "$dir"
    (cd "$dir" && java --module-path "$MODS:$WORK/classes" --add-modules com.example.cca \
        -m org.junit.platform.console/org.junit.platform.console.ConsoleLauncher execute \
        --select-module com.example.cca --details=summary --disable-banner --disable-ansi-colors \
        --config "triscale.baseline.dir=$WORK/baselines" "$@" > launcher.log 2>&1) || true
}
verdicts() { sed -n 's/^TriScale verdict of \([^:]*\): \(PASSED\|FAILED\) .*/\2 \1/p' "$1" | sort; }
expected=$'FAILED CubicTest.cubicHeldToTooLowADelay\nPASSED CubicTest.cubicOnLongPath'

# Twice: the first launch writes the baseline, the second is gated against it.
launch "$WORK/first" --config triscale.baseline.update=true
launch "$WORK/run"
for dir in "$WORK/first" "$WORK/run"; do
    [ "$(verdicts "$dir/launcher.log")" = "$expected" ] || { cat "$dir/launcher.log"; fail "verdicts in $dir"; }
done
[ -s "$WORK/baselines/com.example.cca.CubicTest/cubicOnLongPath.json" ] || fail "no baseline written"
grep -q 'gate delay .*unchanged\|gate delay .*improved\|gate delay .*worse' "$WORK/run/launcher.log" \
    || { grep -n gate "$WORK/run/launcher.log"; fail "the second launch was not gated against the baseline"; }
ls "$WORK"/run/target/triscale/com.example.cca.CubicTest.cubicOnLongPath.json > /dev/null 2>&1 || fail "no JSON result"
[ -s "$WORK/run/target/triscale/report/index.html" ] || fail "no HTML report"
grep -q 'tests successful' "$WORK/run/launcher.log" || fail "the console launcher printed no summary"

# Two shards, merged by the command line as a module; it also reads the results into a report.
launch "$WORK/shards" --config triscale.shard=1/2
launch "$WORK/shards" --config triscale.shard=2/2
cli() { java --module-path "$MODS" -m org.triscale.cli/org.triscale.cli.TriscaleCommand "$@"; }
cli merge "$WORK/shards/target/triscale/partial" --out "$WORK/merged" --baseline-dir "$WORK/baselines" \
    > "$WORK/merge.log" 2>&1 || true
[ "$(verdicts "$WORK/merge.log")" = "$expected" ] || { cat "$WORK/merge.log"; fail "merged verdicts"; }
cli report "$WORK/run/target/triscale" --out "$WORK/cli-report" > "$WORK/cli.log" 2>&1 \
    || { cat "$WORK/cli.log"; fail "triscale report on the module path"; }
[ -s "$WORK/cli-report/index.html" ] || fail "triscale report wrote no index.html"

[ $status = 0 ] && echo "module path: verdicts, results, report and the command line as on the class path; internals refused"
exit $status
