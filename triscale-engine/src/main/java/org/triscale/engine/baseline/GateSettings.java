package org.triscale.engine.baseline;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.Tolerance;

/**
 * How the gate compares a sequel with its baseline.
 *
 * @param direction       which way of the metric is better
 * @param tolerance       the change that does not matter; by default the variability score that
 *                        applies to the comparison, at most {@code Tolerance.DEFAULT_LIMIT} (2 %)
 * @param alpha           false-alarm rate of each one-sided test, in (0, 0.5); 0.01 by default
 * @param unit            what the unpaired design compares: series medians (default) or runs
 * @param kpiPercentile   percentile of the KPI reported for context, in (0, 100)
 * @param kpiConfidence   confidence of that KPI in percent, in (0, 100)
 * @param kpiSide         side of that KPI's bound
 * @param scorePercentile percentile of the variability score's pair, in (0, 100)
 * @param scoreConfidence confidence of the variability score in percent, in (0, 100)
 * @param pairedTest      which unit a paired comparison tests: {@link PairedTest#AUTO} by default
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record GateSettings(Direction direction, Tolerance tolerance, double alpha, ComparisonUnit unit,
                           double kpiPercentile, double kpiConfidence, Side kpiSide, double scorePercentile,
                           double scoreConfidence, PairedTest pairedTest) {

    /** The default false-alarm rate of the gate. */
    public static final double DEFAULT_ALPHA = ComparisonSettings.DEFAULT_ALPHA;

    /**
     * Validates the settings.
     *
     * @throws IllegalArgumentException if a value is missing or out of range
     */
    public GateSettings {
        Arguments.notNull("direction", direction);
        Arguments.notNull("tolerance", tolerance);
        Arguments.notNull("unit", unit);
        Arguments.notNull("kpiSide", kpiSide);
        Arguments.notNull("pairedTest", pairedTest);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be a probability in (0, 0.5), got " + alpha
                    + "; use e.g. 0.01 for a false-alarm rate of 1 %");
        }
        Arguments.percent("kpiPercentile", kpiPercentile);
        Arguments.percent("kpiConfidence", kpiConfidence);
        Arguments.percent("scorePercentile", scorePercentile);
        Arguments.percent("scoreConfidence", scoreConfidence);
    }

    /**
     * The defaults for a direction: the tolerance from the variability score at most 2 %, α = 1 %,
     * series medians, and TriScale's usual context numbers (KPI: upper bound of the 75th percentile
     * at 75 % when lower is better, lower bound of the 25th otherwise; score: 25th–75th
     * percentiles at 75 %).
     *
     * @param direction which way of the metric is better
     * @return the settings
     */
    public static GateSettings of(Direction direction) {
        Arguments.notNull("direction", direction);
        boolean lower = direction == Direction.LOWER_IS_BETTER;
        return new GateSettings(direction, Tolerance.fromScore(), DEFAULT_ALPHA, ComparisonUnit.SERIES,
                lower ? 75 : 25, 75, lower ? Side.UPPER : Side.LOWER, 75, 75, PairedTest.AUTO);
    }

    /**
     * These settings with another tolerance.
     *
     * @param value the tolerance
     * @return the new settings
     */
    public GateSettings withTolerance(Tolerance value) {
        return new GateSettings(direction, value, alpha, unit, kpiPercentile, kpiConfidence, kpiSide, scorePercentile,
                scoreConfidence, pairedTest);
    }

    /**
     * These settings with another α.
     *
     * @param value the false-alarm rate of each one-sided test, in (0, 0.5)
     * @return the new settings
     */
    public GateSettings withAlpha(double value) {
        return new GateSettings(direction, tolerance, value, unit, kpiPercentile, kpiConfidence, kpiSide,
                scorePercentile, scoreConfidence, pairedTest);
    }

    /**
     * These settings with another comparison unit.
     *
     * @param value series or runs
     * @return the new settings
     */
    public GateSettings withUnit(ComparisonUnit value) {
        return new GateSettings(direction, tolerance, alpha, value, kpiPercentile, kpiConfidence, kpiSide,
                scorePercentile, scoreConfidence, pairedTest);
    }

    /**
     * These settings with another KPI for context.
     *
     * @param percentile percentile in (0, 100)
     * @param confidence confidence in percent
     * @param side       side of the bound
     * @return the new settings
     */
    public GateSettings withKpi(double percentile, double confidence, Side side) {
        return new GateSettings(direction, tolerance, alpha, unit, percentile, confidence, side, scorePercentile,
                scoreConfidence, pairedTest);
    }

    /**
     * These settings with another variability score, for context and for the default tolerance.
     *
     * @param percentile percentile of the pair in (0, 100)
     * @param confidence confidence in percent
     * @return the new settings
     */
    public GateSettings withScore(double percentile, double confidence) {
        return new GateSettings(direction, tolerance, alpha, unit, kpiPercentile, kpiConfidence, kpiSide, percentile,
                confidence, pairedTest);
    }

    /**
     * These settings with another paired test.
     *
     * @param value which unit a paired comparison tests
     * @return the new settings
     */
    public GateSettings withPairedTest(PairedTest value) {
        return new GateSettings(direction, tolerance, alpha, unit, kpiPercentile, kpiConfidence, kpiSide,
                scorePercentile, scoreConfidence, value);
    }

    /** The settings of the comparison itself. */
    ComparisonSettings comparison() {
        return new ComparisonSettings(direction, alpha, ComparisonSettings.DEFAULT_POWER, tolerance, scorePercentile,
                scoreConfidence, pairedTest);
    }
}
