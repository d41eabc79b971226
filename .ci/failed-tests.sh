#!/usr/bin/env bash
# Lists the failed and errored tests of the last Maven build, last in the log where a reader of the
# log's tail sees them: class#method and the first 400 characters of the message.
cd "$(dirname "$0")/.."
failed=$(while IFS= read -r -d '' report; do
    awk '
        /<testcase / {
            name = ""; cls = ""
            if (match($0, / name="[^"]*"/)) name = substr($0, RSTART + 7, RLENGTH - 8)
            if (match($0, /classname="[^"]*"/)) cls = substr($0, RSTART + 11, RLENGTH - 12)
        }
        /<(failure|error)[ >]/ {
            msg = ""
            if (match($0, /message="[^"]*/)) msg = substr($0, RSTART + 9, RLENGTH - 9)
            kind = ($0 ~ /<failure/) ? "FAILED " : "ERROR  "
            print kind cls "#" name ": " substr(msg, 1, 400)
        }' "$report"
done < <(find . -path '*/target/*-reports/TEST-*.xml' -print0 2>/dev/null) | sort -u)
echo "Failed tests of this build:"
echo "${failed:-  none in the Surefire or Failsafe reports (the build failed elsewhere)}"
