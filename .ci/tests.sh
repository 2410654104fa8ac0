#!/usr/bin/env bash
# Runs the README's test command (`npm test`; extra arguments go to Vitest), prints
# "N passed, N failed" as its last line, and exits non-zero when Vitest failed or a test failed.
# .ci/run calls it; test/e2e/exit-code.test.ts proves it fails on a failing test.
set -uo pipefail
cd "$(dirname "$0")/.."

results=$(mktemp)
trap 'rm -f "$results"' EXIT
npm test -- --reporter=default --reporter=json --outputFile.json="$results" "$@" 2>&1 | grep -v 'Unknown user config'
test_status=${PIPESTATUS[0]}
echo "npm test: exit status ${test_status}"

passed=0; failed=0
if [ -s "$results" ]; then
  read -r passed failed < <(node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    // A file that fails to load has no tests: it counts as one failure.
    const broken = r.testResults.filter((t) => t.status === "failed" && !t.assertionResults.length).length;
    console.log(r.numPassedTests, r.numFailedTests + broken);
  ' "$results")
  # What failed, one line each, so that the end of a long log names it (.ci/run repeats these lines).
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const rel = (f) => require("path").relative(process.cwd(), f);
    for (const t of r.testResults) {
      if (t.status === "failed" && !t.assertionResults.length) console.log(`FAILED: ${rel(t.name)} (did not load: ${(t.message || "").split("\n")[0]})`);
      for (const a of t.assertionResults)
        if (a.status === "failed") console.log(`FAILED: ${rel(t.name)} > ${a.fullName}: ${(a.failureMessages[0] || "").split("\n")[0].slice(0, 300)}`);
    }
  ' "$results"
fi
# Vitest failed without a report of failed tests (a crash, a failing global setup): one failure.
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "${passed} passed, ${failed} failed"
[ "$test_status" -eq 0 ] && [ "$failed" -eq 0 ]
