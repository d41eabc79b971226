package org.triscale.engine.comparison;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

/**
 * How a candidate sequel is compared with a reference sequel.
 *
 * @param direction       which way of the metric is better
 * @param alpha           false-alarm rate of each one-sided test, in (0, 0.5); the interval of the
 *                        change has confidence {@code 1 − 2α} (two one-sided bounds at α)
 * @param power           the probability at which the minimum detectable change is detected, in
 *                        (0, 1); 0.8 by default
 * @param tolerance       the change that does not matter
 * @param scorePercentile percentile of the variability score's pair, in (0, 100); 75 for the
 *                        25th–75th percentiles
 * @param scoreConfidence confidence of the variability score in percent, in (0, 100)
 * @param pairedTest      which unit a paired comparison tests ({@link PairedTest#AUTO} by default)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record ComparisonSettings(Direction direction, double alpha, double power, Tolerance tolerance,
                                 double scorePercentile, double scoreConfidence, PairedTest pairedTest) {

    /** The default false-alarm rate of each one-sided test. */
    public static final double DEFAULT_ALPHA = 0.01;
    /** The default power of the minimum detectable change. */
    public static final double DEFAULT_POWER = 0.8;

    /**
     * Validates the settings.
     *
     * @throws IllegalArgumentException if a value is missing or out of range
     */
    public ComparisonSettings {
        Arguments.notNull("direction", direction);
        Arguments.notNull("tolerance", tolerance);
        Arguments.notNull("pairedTest", pairedTest);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be a probability in (0, 0.5), got " + alpha
                    + "; use e.g. 0.01 for a false-alarm rate of 1 %");
        }
        if (!(power > 0 && power < 1)) {
            throw new IllegalArgumentException("power must be a probability in (0, 1), got " + power
                    + "; use e.g. 0.8");
        }
        Arguments.percent("scorePercentile", scorePercentile);
        Arguments.percent("scoreConfidence", scoreConfidence);
    }

    /**
     * The defaults for a direction: α = 1 %, power 80 %, the tolerance from the variability score
     * of the 25th–75th percentiles at 75 % confidence.
     *
     * @param direction which way of the metric is better
     * @return the settings
     */
    public static ComparisonSettings of(Direction direction) {
        return new ComparisonSettings(direction, DEFAULT_ALPHA, DEFAULT_POWER, Tolerance.fromScore(), 75, 75, PairedTest.AUTO);
    }

    /**
     * These settings with another α.
     *
     * @param value false-alarm rate of each one-sided test, in (0, 0.5)
     * @return the new settings
     */
    public ComparisonSettings withAlpha(double value) {
        return new ComparisonSettings(direction, value, power, tolerance, scorePercentile, scoreConfidence, pairedTest);
    }

    /**
     * These settings with another tolerance.
     *
     * @param value the tolerance
     * @return the new settings
     */
    public ComparisonSettings withTolerance(Tolerance value) {
        return new ComparisonSettings(direction, alpha, power, value, scorePercentile, scoreConfidence, pairedTest);
    }

    /**
     * These settings with another variability score for the default tolerance.
     *
     * @param percentile percentile of the pair in (0, 100)
     * @param confidence confidence in percent
     * @return the new settings
     */
    public ComparisonSettings withScore(double percentile, double confidence) {
        return new ComparisonSettings(direction, alpha, power, tolerance, percentile, confidence, pairedTest);
    }

    /**
     * These settings with another paired test.
     *
     * @param value which unit a paired comparison tests
     * @return the new settings
     */
    public ComparisonSettings withPairedTest(PairedTest value) {
        return new ComparisonSettings(direction, alpha, power, tolerance, scorePercentile, scoreConfidence, value);
    }
}
