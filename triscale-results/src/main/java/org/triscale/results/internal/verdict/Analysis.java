package org.triscale.results.internal.verdict;

import java.util.List;

/**
 * The verdict's analysis of all runs.
 *
 * @param kpis     every KPI of every series, series by series
 * @param scores   every variability score
 * @param failures why the verdict fails, one paragraph each; empty when it passes
 * @param warnings failing checks (under the warn policy) and excluded runs
 */
public record Analysis(List<KpiOutcome> kpis, List<ScoreOutcome> scores, List<String> failures, List<String> warnings) {

    public Analysis {
        kpis = List.copyOf(kpis);
        scores = List.copyOf(scores);
        failures = List.copyOf(failures);
        warnings = List.copyOf(warnings);
    }

    boolean passed() {
        return failures.isEmpty();
    }
}
