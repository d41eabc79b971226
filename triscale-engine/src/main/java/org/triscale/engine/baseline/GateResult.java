package org.triscale.engine.baseline;

import org.triscale.engine.comparison.RankSumResult;

import java.util.Optional;

/**
 * The gate's decision for one metric.
 *
 * @param outcome        regressed, improved, unchanged or inconclusive
 * @param reason         why the outcome is inconclusive; empty otherwise
 * @param settings       the settings used
 * @param baselineCount  observations of the baseline (series or runs, per {@link GateSettings#unit()})
 * @param newCount       observations of the new sequel
 * @param smallestPValue the smallest p-value these counts allow without ties
 * @param worse          the rank test "new is worse beyond the allowance", or {@code null} when
 *                       inconclusive
 * @param better         the rank test "new is better", or {@code null} when inconclusive
 * @param kpi            the KPI change and the score, for context
 */
public record GateResult(GateOutcome outcome, String reason, GateSettings settings, int baselineCount, int newCount,
                         double smallestPValue, RankSumResult worse, RankSumResult better, KpiChange kpi) {

    /** The p-value of the test for a regression, when the gate decided. */
    public Optional<Double> worsePValue() {
        return worse == null ? Optional.empty() : Optional.of(worse.pValue());
    }

    /** The p-value of the test for an improvement, when the gate decided. */
    public Optional<Double> betterPValue() {
        return better == null ? Optional.empty() : Optional.of(better.pValue());
    }
}
