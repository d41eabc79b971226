package org.triscale.results.internal.verdict;

import java.util.List;

/**
 * The KPI checks of one series that ended, as the series' own JUnit test reports them: the same
 * outcomes the verdict will compute for this series, and the same statements.
 *
 * @param series   the series, from 1
 * @param kpis     every KPI of the series, in declaration order
 * @param failures why the series fails, one paragraph each; empty when it passes
 */
public record SeriesChecks(int series, List<KpiOutcome> kpis, List<String> failures) {

    public SeriesChecks {
        kpis = List.copyOf(kpis);
        failures = List.copyOf(failures);
    }

    /** Whether every KPI of the series is defined and holds (and, under the fail policy, every check). */
    public boolean passed() {
        return failures.isEmpty();
    }
}
