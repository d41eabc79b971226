#!/usr/bin/env bash
# Checks that consumers of Surefire XML count a TriScale launch as Surefire's own console summary
# does: maven-surefire-report-plugin's summary and junit-report-merger's merged totals must equal
# the tests, failures, errors and skipped of the "Results:" line, and their total time the sum of
# the classes' "Time elapsed" within 2 %. Runs a subset of the sample suite plus the deliberately
# failing BrokenCubicRegression (one failing method). Exits non-zero on a mismatch.
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
[ -x "$work/npm/node_modules/.bin/jrm" ] || npm install --silent --prefix "$work/npm" junit-report-merger@7 >/dev/null

# The launch: one failing method among passing ones; the build failure is expected.
rm -rf sample-tests/target/surefire-reports
mvn -B ${MVN_OPTS:-} -pl sample-tests -am test -Dtest="$CLASSES" -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtriscale.samples.brokenCca=true -Dmaven.test.failure.ignore=true -Dmaven.javadoc.skip -Dmaven.source.skip \
    > "$work/console.log" 2>&1 || { tail -40 "$work/console.log"; exit 1; }

mvn -B ${MVN_OPTS:-} -q -pl sample-tests "$REPORT_PLUGIN:report-only" > "$work/plugin.log" 2>&1 \
    || { tail -40 "$work/plugin.log"; exit 1; }
html=sample-tests/target/reports/surefire.html   # the plugin's 3.x location
[ -f "$html" ] || html=sample-tests/target/site/surefire-report.html

"$work/npm/node_modules/.bin/jrm" "$work/merged.xml" "sample-tests/target/surefire-reports/*.xml" >/dev/null

python3 - "$work/console.log" "$html" "$work/merged.xml" <<'PY'
import re, sys, html as htmllib
import xml.etree.ElementTree as ET
console, page, merged = sys.argv[1:4]
text = open(console, encoding="utf-8").read()
# Surefire's summary: the "Results:" block's last "Tests run" line; time: the classes' "Time elapsed".
results = text[text.rindex("Results:"):]
m = re.findall(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$", results, re.M)[-1]
surefire = dict(zip(("tests", "failures", "errors", "skipped"), map(int, m)))
surefire["time"] = sum(float(t.replace(",", "")) for t in re.findall(r"Tests run: .*Time elapsed: ([\d.,]+) s.* -- in ", text))

def check(name, got):
    bad = [k for k in ("tests", "failures", "errors", "skipped") if got[k] != surefire[k]]
    if surefire["time"] > 0 and abs(got["time"] - surefire["time"]) > 0.02 * surefire["time"]:
        bad.append("time")
    print(f"{name:<32} tests {got['tests']:>4}  failures {got['failures']:>2}  errors {got['errors']:>2}"
          f"  skipped {got['skipped']:>2}  time {got['time']:8.3f} s" + ("" if not bad else "  MISMATCH: " + ", ".join(bad)))
    return not bad

# The plugin's page: the first table after "Summary" has Tests, Errors, Failures, Skipped, Success Rate, Time.
doc = open(page, encoding="utf-8").read()
summary = doc[doc.index('id="Summary"') if 'id="Summary"' in doc else doc.index("Summary"):]
row = re.search(r"<tr[^>]*>\s*(<td.*?)</tr>", summary, re.S).group(1)
cells = [htmllib.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
number = lambda s: float(re.sub(r"[^\d.]", "", s.replace(",", "")) or 0)
plugin = {"tests": int(number(cells[0])), "errors": int(number(cells[1])), "failures": int(number(cells[2])),
          "skipped": int(number(cells[3])), "time": number(cells[5])}

root = ET.parse(merged).getroot()
jrm = {k: int(float(root.get(k, 0))) for k in ("tests", "failures", "errors", "skipped")}
# jrm 7 rolls the suites' times up into the root with max (it assumes parallel reports); a consumer
# that sums suites (Jenkins, the plugin) gets the sum of the merged suites' times, checked here.
jrm["time"] = sum(float(suite.get("time", 0)) for suite in root.iter("testsuite"))

print(f"{'Surefire console summary':<32} tests {surefire['tests']:>4}  failures {surefire['failures']:>2}"
      f"  errors {surefire['errors']:>2}  skipped {surefire['skipped']:>2}  time {surefire['time']:8.3f} s")
ok = check("maven-surefire-report-plugin", plugin)
ok = check("junit-report-merger", jrm) and ok
sys.exit(0 if ok else 1)
PY
echo "report-consumers: the plugin's page is $html"
