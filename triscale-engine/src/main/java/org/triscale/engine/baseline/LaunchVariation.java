package org.triscale.engine.baseline;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

/**
 * How much two launches of a test (a baseline recorded one day, a candidate the next) differ
 * beyond what one launch can see: a shift common to every series of a launch (the test bed on
 * another day: temperature, firmware, neighbours, another host), the launch's series effects and
 * the serial correlation its runs carry. No comparison of two launches alone can tell such a shift
 * from a code change, so the gate adds it to the variance of the change it decides on: the launch
 * is a random effect (a one-way random-effects model, launches as groups; Searle, Casella &amp;
 * McCulloch 1992, ch. 3).
 *
 * <p><b>Estimated from the history</b> ({@link Source#HISTORY}): each pair of consecutive accepted
 * launches of the history is compared by the gate's own design, giving a change {@code d_i} with
 * its standard error {@code se_i}. With no code change between them, {@code E[d_i²] = v + se_i²},
 * where {@code v} is the variance of the difference of two launches' shifts; the moment estimate
 * {@code v̂ = max(0, mean(d_i² − se_i²))} is the DerSimonian &amp; Laird (1986) estimator of the
 * between-group variance, and its {@code K} pairs give it about {@code K} degrees of freedom (a
 * mean of K squares), which the decision carries into a Satterthwaite (1946) t quantile.
 *
 * <p><b>A bound while the history is short</b> ({@link Source#BOUND}): with fewer than
 * {@link #minimum} usable pairs the estimate is too rough, and the gate assumes instead that each
 * launch's shift has a standard deviation of at most {@link #launchShift} (default
 * {@link #DEFAULT_LAUNCH_SHIFT}, 2 %), so {@code v = 2·launchShift²}: a conservative value that
 * keeps the false-alarm rate at α on test beds whose launches differ by less, at the price of a
 * wide tolerance until the history holds its launches.
 *
 * <p><b>None</b> ({@link Source#NONE}): the test declared its runs independent
 * ({@code @Runs(independent = true)}: a run depends on its seed only, e.g. an emulator), so two
 * launches cannot differ but by the code.
 *
 * <p>Values are relative: fractions of the reference (on the log scale for positive metrics).
 *
 * @param source      where the variance comes from
 * @param variance    the variance of the difference between two launches' changes beyond what one
 *                    launch's comparison sees, relative (fraction²), finite and ≥ 0
 * @param degreesOfFreedom the degrees of freedom of that variance: the pairs of the estimate, or
 *                    {@code +∞} for a bound or none
 * @param launches    usable pairs of consecutive accepted launches found in the history
 * @param minimum     the pairs the estimate needs before it replaces the bound
 * @param launchShift the bound: the standard deviation of one launch's shift, as a fraction
 * @param withinVariance the mean squared standard error of the history's pairs ({@code mean(se_i²)}),
 *                    relative: the within-launch precision the history's comparisons had (for
 *                    reports: how much of the launch-to-launch difference one launch sees); 0 for
 *                    a bound or none
 *
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public record LaunchVariation(Source source, double variance, double degreesOfFreedom, int launches, int minimum,
                              double launchShift, double withinVariance) {

    /**
     * The default bound on the standard deviation of one launch's shift: 2 %. Conservative for
     * test beds whose day-to-day shifts were measured between 0.5 % and 2 %
     * (docs/checks-calibration.md); set it with {@code triscale.baseline.launchShift}.
     */
    public static final double DEFAULT_LAUNCH_SHIFT = 0.02;

    /** The default number of pairs of consecutive accepted launches the estimate needs: 5. */
    public static final int DEFAULT_MINIMUM = 5;

    /** The last pairs of accepted launches the estimate uses: 30, so it follows a test bed that changes. */
    public static final int WINDOW = 30;

    /** Where the launch-to-launch variance comes from. */
    public enum Source {
        /** Runs are declared independent: two launches differ only by the code. */
        NONE,
        /** The configured bound, while the history holds too few accepted launches. */
        BOUND,
        /** Estimated from the accepted launches of the history. */
        HISTORY
    }

    /**
     * Two launches of the history to compare, the earlier one as the reference.
     *
     * @param earlier run metrics of the earlier launch, one array per series; NaN marks an invalid run
     * @param later   run metrics of the later launch
     * @param paired  whether the later launch ran the earlier one's seeds run by run
     */
    public record Pair(double[][] earlier, double[][] later, boolean paired) {
        /**
         * Requires both launches.
         *
         * @throws IllegalArgumentException if one is null
         */
        public Pair {
            Arguments.notNull("earlier", earlier);
            Arguments.notNull("later", later);
        }
    }

    /**
     * Validates the values.
     *
     * @throws IllegalArgumentException if a value is missing or out of range
     */
    public LaunchVariation {
        Arguments.notNull("source", source);
        if (!(variance >= 0) || Double.isInfinite(variance)) {
            throw new IllegalArgumentException("variance must be finite and >= 0, got " + variance);
        }
        if (!(degreesOfFreedom > 0)) {
            throw new IllegalArgumentException("degreesOfFreedom must be > 0 (or +inf), got " + degreesOfFreedom);
        }
        if (launches < 0 || minimum < 1) {
            throw new IllegalArgumentException("launches must be >= 0 and minimum >= 1, got " + launches + " and "
                    + minimum);
        }
        checkShift(launchShift);
        if (!(withinVariance >= 0) || Double.isInfinite(withinVariance)) {
            throw new IllegalArgumentException("withinVariance must be finite and >= 0, got " + withinVariance);
        }
    }

    /**
     * No launch-to-launch variation: runs declared independent.
     *
     * @return the variation
     */
    public static LaunchVariation none() {
        return new LaunchVariation(Source.NONE, 0, Double.POSITIVE_INFINITY, 0, DEFAULT_MINIMUM, 0, 0);
    }

    /**
     * The bound: each launch's shift has a standard deviation of at most {@code launchShift}.
     *
     * @param launchShift the bound, a fraction in [0, 1] (0.02 for 2 %)
     * @param launches    usable pairs the history holds, fewer than {@code minimum}
     * @param minimum     the pairs the estimate needs, ≥ 1
     * @return the variation
     * @throws IllegalArgumentException if a value is out of range
     */
    public static LaunchVariation bound(double launchShift, int launches, int minimum) {
        checkShift(launchShift);
        return new LaunchVariation(Source.BOUND, 2 * launchShift * launchShift, Double.POSITIVE_INFINITY, launches,
                minimum, launchShift, 0);
    }

    /**
     * The variation from the changes between consecutive accepted launches and their standard
     * errors: the moment estimate when there are {@code minimum} of them at least, else the bound.
     *
     * @param differences    each pair's relative change (log scale for positive metrics)
     * @param standardErrors each pair's standard error, same scale
     * @param launchShift    the bound while the history is short, a fraction in [0, 1]
     * @param minimum        the pairs the estimate needs, ≥ 1
     * @return the variation
     * @throws IllegalArgumentException if the arrays differ in length, hold a non-finite value, or a
     *                                  value is out of range
     */
    public static LaunchVariation of(double[] differences, double[] standardErrors, double launchShift, int minimum) {
        Arguments.notNull("differences", differences);
        Arguments.notNull("standardErrors", standardErrors);
        if (differences.length != standardErrors.length) {
            throw new IllegalArgumentException("differences and standardErrors must have the same length, got "
                    + differences.length + " and " + standardErrors.length);
        }
        if (minimum < 1) {
            throw new IllegalArgumentException("minimum must be >= 1, got " + minimum
                    + "; use e.g. " + DEFAULT_MINIMUM);
        }
        int k = differences.length;
        double sum = 0;
        double within = 0;
        for (int i = 0; i < k; i++) {
            if (!Double.isFinite(differences[i]) || !(standardErrors[i] >= 0) || Double.isInfinite(standardErrors[i])) {
                throw new IllegalArgumentException("pair " + i + " has a non-finite change " + differences[i]
                        + " or standard error " + standardErrors[i] + "; leave such pairs out");
            }
            sum += differences[i] * differences[i] - standardErrors[i] * standardErrors[i];
            within += standardErrors[i] * standardErrors[i];
        }
        if (k < minimum) {
            return bound(launchShift, k, minimum);
        }
        return new LaunchVariation(Source.HISTORY, Math.max(0, sum / k), k, k, minimum, launchShift, within / k);
    }

    /**
     * The standard deviation of one launch's shift this variation stands for: √(variance / 2).
     *
     * @return a fraction (0.02 for 2 %)
     */
    public double perLaunch() {
        return Math.sqrt(variance / 2);
    }

    private static void checkShift(double launchShift) {
        if (!(launchShift >= 0 && launchShift <= 1)) {
            throw new IllegalArgumentException("launchShift must be a fraction in [0, 1], got " + launchShift
                    + "; use e.g. " + DEFAULT_LAUNCH_SHIFT + " for a launch-to-launch standard deviation of 2 %");
        }
    }
}
