#!/usr/bin/env bash
# Checks that consumers of Surefire XML count a TriScale launch as Surefire's own console summary
# does: maven-surefire-report-plugin's summary and junit-report-merger's merged totals must equal
# the tests, failures, errors and skipped of the "Results:" line, and their total time the sum of
# the classes' "Time elapsed" within 2 %; xunit-viewer's counts must equal them too. Each series
# is a test case named for it ("series k/S · KPI checks", with the sample POM's phrased names),
# a failing series' case holds a failure, and every line of Maven's "Failures:" list names its
# check or verdict. Runs a subset of the sample suite plus the deliberately failing
# BrokenCubicRegression, once whole and once as two shards merged by `triscale merge` (the shards'
# Surefire XML with the merged verdicts must count as the whole launch). Exits non-zero on a
# mismatch. It also renders xunit-viewer's page of the whole launch, to look at in a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

REPORT_PLUGIN=org.apache.maven.plugins:maven-surefire-report-plugin:3.5.4
CLASSES=${REPORT_CONSUMERS_TESTS:-LongPathCcaTest,BrokenCubicRegression}
work=sample-tests/target/report-consumers
mkdir -p "$work"

if ! command -v npm >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
    else
        echo "report-consumers: npm is missing (apt-get install nodejs npm)" >&2
        exit 2
    fi
fi
[ -x "$work/npm/node_modules/.bin/jrm" ] && [ -d "$work/npm/node_modules/xunit-viewer" ] \
    || npm install --silent --prefix "$work/npm" junit-report-merger@7 xunit-viewer@10 >/dev/null

# The launch: one failing method among passing ones; the build failure is expected.
rm -rf sample-tests/target/surefire-reports
mvn -B ${MVN_OPTS:-} -pl sample-tests -am test -Dtest="$CLASSES" -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtriscale.samples.brokenCca=true -Dmaven.test.failure.ignore=true -Dmaven.javadoc.skip -Dmaven.source.skip \
    > "$work/console.log" 2>&1 || { tail -40 "$work/console.log"; exit 1; }

mvn -B ${MVN_OPTS:-} -q -pl sample-tests "$REPORT_PLUGIN:report-only" > "$work/plugin.log" 2>&1 \
    || { tail -40 "$work/plugin.log"; exit 1; }
html=sample-tests/target/reports/surefire.html   # the plugin's 3.x location
[ -f "$html" ] || html=sample-tests/target/site/surefire-report.html

rm -rf "$work/whole" && cp -r sample-tests/target/surefire-reports "$work/whole"
cp "$html" "$work/plugin-whole.html"

# The same launch as two shards, then `triscale merge` (run from the test module, as docs/ci.md says).
jar=triscale-cli/target/triscale-cli.jar
[ -f "$jar" ] || mvn -B -q ${MVN_OPTS:-} -pl triscale-cli -am package -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip
rm -rf "$work/sharded" "$work/shard-1" "$work/shard-2" "$work/merged" && mkdir -p "$work/sharded"
for k in 1 2; do
    rm -rf sample-tests/target/surefire-reports
    mvn -B ${MVN_OPTS:-} -pl sample-tests -am test -Dtest="$CLASSES" -Dsurefire.failIfNoSpecifiedTests=false \
        -Dtriscale.samples.brokenCca=true -Dmaven.test.failure.ignore=true -Dmaven.javadoc.skip -Dmaven.source.skip \
        -Dtriscale.shard=$k/2 -Dtriscale.output.dir=target/report-consumers/shard-$k \
        > "$work/shard-$k.log" 2>&1 || { tail -40 "$work/shard-$k.log"; exit 1; }
    for f in sample-tests/target/surefire-reports/*.xml; do cp "$f" "$work/sharded/shard-$k-$(basename "$f")"; done
done
# The merge exits 1: BrokenCubicRegression's verdict fails.
(cd sample-tests && java -jar "../$jar" merge target/report-consumers/shard-1/partial target/report-consumers/shard-2/partial \
    --out target/report-consumers/merged) > "$work/merge.log" 2>&1 || grep -q "TriScale merge of" "$work/merge.log" \
    || { tail -40 "$work/merge.log"; exit 1; }
cp "$work"/merged/surefire-reports/*.xml "$work/sharded/"
# The plugin reads the default reports folder: give it the sharded launch there.
rm -rf sample-tests/target/surefire-reports && cp -r "$work/sharded" sample-tests/target/surefire-reports
mvn -B ${MVN_OPTS:-} -q -pl sample-tests "$REPORT_PLUGIN:report-only" > "$work/plugin-sharded.log" 2>&1 \
    || { tail -40 "$work/plugin-sharded.log"; exit 1; }
cp "$html" "$work/plugin-sharded.html"

jrm="$work/npm/node_modules/.bin/jrm"
"$jrm" "$work/merged-whole.xml" "$work/whole/*.xml" >/dev/null
"$jrm" "$work/merged-sharded.xml" "$work/sharded/*.xml" >/dev/null
# xunit-viewer's own parser, merging suites by name and tests by name and class as its page does.
cat > "$work/npm/xunit-counts.mjs" <<'JS'
import getFiles from 'xunit-viewer/src/cli/get-files.js'
import getSuites from 'xunit-viewer/src/cli/get-suites.js'
import Logger from 'xunit-viewer/src/cli/logger.js'
const logger = Logger(true)
const files = await getFiles(logger, { results: process.argv[2], ignore: [] })
const suites = await getSuites(logger, files)
const counts = { tests: 0, failure: 0, error: 0, skipped: 0 }
for (const suite of Object.values(suites.suites)) {
  for (const test of Object.values(suite.tests)) {
    counts.tests++
    if (test.status in counts) counts[test.status]++
  }
}
console.log(JSON.stringify(counts))
JS
xunit() { (cd "$work/npm" && node xunit-counts.mjs "$1" | tail -1); }
xunit "$PWD/$work/whole" > "$work/xunit-whole.json"
"$work/npm/node_modules/.bin/xunit-viewer" -r "$work/whole" -o "$work/xunit-whole.html" -t "TriScale sample suite" \
    >/dev/null 2>&1 || echo "report-consumers: xunit-viewer could not render its page (counts are checked anyway)"
xunit "$PWD/$work/sharded" > "$work/xunit-sharded.json"

python3 - "$work" <<'PY'
import glob, json, re, sys, html as htmllib
import xml.etree.ElementTree as ET
work = sys.argv[1]

def console_counts(log):
    text = open(log, encoding="utf-8").read()
    results = text[text.rindex("Results:"):]
    m = re.findall(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$", results, re.M)[-1]
    counts = dict(zip(("tests", "failures", "errors", "skipped"), map(int, m)))
    counts["time"] = sum(float(t.replace(",", "")) for t in re.findall(r"Tests run: .*Time elapsed: ([\d.,]+) s.* -- in ", text))
    return counts

def class_times(log):
    text = open(log, encoding="utf-8").read()
    return {c: float(t.replace(",", "")) for t, c in re.findall(r"Tests run: .*Time elapsed: ([\d.,]+) s.* -- in (\S+)", text)}

def plugin(page):
    doc = open(page, encoding="utf-8").read()
    summary = doc[doc.index('id="Summary"') if 'id="Summary"' in doc else doc.index("Summary"):]
    row = re.search(r"<tr[^>]*>\s*(<td.*?)</tr>", summary, re.S).group(1)
    cells = [htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    number = lambda s: float(re.sub(r"[^\d.]", "", s.replace(",", "")) or 0)
    return {"tests": int(number(cells[0])), "errors": int(number(cells[1])), "failures": int(number(cells[2])),
            "skipped": int(number(cells[3])), "time": number(cells[5])}

def jrm(merged):
    root = ET.parse(merged).getroot()
    counts = {k: int(float(root.get(k, 0))) for k in ("tests", "failures", "errors", "skipped")}
    # jrm 7 rolls the suites' times up into the root with max (it assumes parallel reports); a consumer
    # that sums suites (Jenkins, the plugin) gets the sum of the merged suites' times, checked here.
    counts["time"] = sum(float(suite.get("time", 0)) for suite in root.iter("testsuite"))
    return counts

def xunit(counts_file):
    c = json.load(open(counts_file))
    # xunit-viewer shows no total time.
    return {"tests": c["tests"], "failures": c["failure"], "errors": c["error"], "skipped": c["skipped"], "time": None}

def check(name, got, want):
    bad = [k for k in ("tests", "failures", "errors", "skipped") if got[k] != want[k]]
    if got["time"] is not None and want["time"] > 0 and abs(got["time"] - want["time"]) > 0.02 * want["time"]:
        bad.append("time")
    time = "       n/a" if got["time"] is None else f"{got['time']:8.3f} s"
    print(f"  {name:<30} tests {got['tests']:>4}  failures {got['failures']:>2}  errors {got['errors']:>2}"
          f"  skipped {got['skipped']:>2}  time {time}" + ("" if not bad else "  MISMATCH: " + ", ".join(bad)))
    return not bad

whole = console_counts(f"{work}/console.log")
# The sharded launch must count as the whole one; its time is the two shards' time.
sharded = dict(whole, time=console_counts(f"{work}/shard-1.log")["time"] + console_counts(f"{work}/shard-2.log")["time"])
# jrm merges suites of the same name (a class's suite in each shard) and keeps the longest time, as
# for reports of parallel jobs: its time is then, per class, the slower shard's.
t1, t2 = class_times(f"{work}/shard-1.log"), class_times(f"{work}/shard-2.log")
parallel = dict(sharded, time=sum(max(t1.get(c, 0), t2.get(c, 0)) for c in set(t1) | set(t2)))
ok = True
for label, want, want_jrm, page, merged, counts in (
        ("whole launch", whole, whole, "plugin-whole.html", "merged-whole.xml", "xunit-whole.json"),
        ("two shards + triscale merge", sharded, parallel, "plugin-sharded.html", "merged-sharded.xml",
         "xunit-sharded.json")):
    print(f"{label}: Surefire console summary (whole launch) tests {want['tests']:>4}  failures {want['failures']:>2}"
          f"  errors {want['errors']:>2}  skipped {want['skipped']:>2}  time {want['time']:8.3f} s"
          + ("" if want_jrm is want else f" (shards in parallel: {want_jrm['time']:.3f} s)"))
    ok = check("maven-surefire-report-plugin", plugin(f"{work}/{page}"), want) and ok
    ok = check("junit-report-merger", jrm(f"{work}/{merged}"), want_jrm) and ok
    ok = check("xunit-viewer", xunit(f"{work}/{counts}"), want) and ok

# Each series is a test case named for it; a failing series' case holds the failure; Maven's
# "Failures:" lines name the check or the verdict after the invocation's index.
cases = []
for path in sorted(glob.glob(f"{work}/whole/TEST-*.xml")):
    for case in ET.parse(path).getroot().iter("testcase"):
        cases.append((case.get("name"), case.find("failure") is not None or case.find("error") is not None))
series = [(n, f) for n, f in cases if re.search(r"series \d+/\d+ · KPI checks$", n)]
failed_series = [n for n, f in series if f]
print(f"series test cases: {len(series)}, failed: {len(failed_series)}")
for name, failed in cases:
    if failed and not (name in failed_series or name.endswith(" verdict")):
        print(f"  MISMATCH: failed test case not named for its series or verdict: {name}")
        ok = False
if not failed_series or not any(n.endswith(" verdict") and f for n, f in cases):
    print("  MISMATCH: the failing client shows no failed series check or verdict")
    ok = False
text = open(f"{work}/console.log", encoding="utf-8").read()
# The "Results:" heading of Maven's summary (a failure message may hold "Results: <file>" too).
block = text[[m.start() for m in re.finditer(r"^\[\w+\] Results:\s*$", text, re.M)][-1]:]
listed = re.findall(r"\[ERROR\]   (\S+\[\d+\]) (.*)", block)
for invocation, message in listed:
    if not re.match(r"(series \d+/\d+ · KPI checks|TriScale verdict) of ", message):
        print(f"  MISMATCH: Failures: line does not name its check: {invocation} {message[:80]}")
        ok = False
print(f"Failures: lines: {len(listed)}, each naming its series check or verdict" if listed else "  MISMATCH: no Failures: line")
ok = ok and bool(listed)
sys.exit(0 if ok else 1)
PY
echo "report-consumers: the plugin's pages are $work/plugin-whole.html and $work/plugin-sharded.html"
