#!/usr/bin/env bash
# Checks the charts of the sample suite's own HTML report, as the README's test command wrote it
# (sample-tests/target/triscale/report): distinct tick labels on every axis, a unit in every axis
# label, every threshold inside the plot or labelled off-scale. Run right after `mvn verify`,
# before anything launches the sample tests again; the classes are compiled then.
set -euo pipefail
cd "$(dirname "$0")/.."

report="$PWD/sample-tests/target/triscale/report"
[ -f "$report/index.html" ] || { echo "sample-report-charts: no report in $report; run mvn verify first" >&2; exit 2; }
mvn -B -q ${MVN_OPTS:-} -pl sample-tests -am test-compile surefire:test -Dtest=SampleReportChartsCheck \
    -Dsurefire.failIfNoSpecifiedTests=false -Dtriscale.samples.report="$report" \
    -Dmaven.javadoc.skip -Dmaven.source.skip
