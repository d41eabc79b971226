package org.triscale.engine.analysis;

import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.independence.AutocorrelationTest;
import org.triscale.engine.independence.LjungBoxTest;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.ConvergenceTest;
import org.triscale.engine.trend.MannKendallTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Decides whether a series of values (run metrics, or series KPIs) may be treated as i.i.d., per
 * mode.
 *
 * <ul>
 *   <li>{@code TRISCALE}: the convergence test on x = 0 .. n−1 at 50 % confidence with 10 %
 *       tolerance (y range: the bounds, or min/max) AND the autocorrelation test; when that fails,
 *       the reference still declares the series stationary if its values are "all equal" — judged
 *       from the smallest and largest value for a KPI, from the first and last value for a
 *       variability score.
 *   <li>{@code SOUND}: Mann–Kendall (no trend) AND Ljung–Box (no serial dependence), each at
 *       α = 2.5 % so that together they raise a false alarm on i.i.d. data with probability at most
 *       5 % (Bonferroni). Constant values pass; fewer than {@value #SOUND_MINIMUM} values are not
 *       tested (the result says so).
 * </ul>
 */
final class StationarityChecks {
    /** Fewest values the SOUND checks are run on. */
    static final int SOUND_MINIMUM = 5;
    /** Level of each SOUND check: two checks, 5 % together. */
    static final double SOUND_ALPHA = 0.025;
    /** Confidence and tolerance of TriScale's trend check, in percent. */
    static final double TREND_CONFIDENCE = 50;
    static final double TREND_TOLERANCE = 10;

    /** The reference's "all values equal" fallback. */
    enum Fallback {
        /** Compare the smallest and the largest value (KPI). */
        MIN_EQUALS_MAX,
        /** Compare the first and the last value in series order (variability score). */
        FIRST_EQUALS_LAST
    }

    private StationarityChecks() {
    }

    /**
     * Checks NaN-free values, at least 2, in series order.
     *
     * @param values   the values
     * @param bounds   y range for TriScale's trend check, or null for min/max
     * @param mode     which checks
     * @param fallback TriScale's all-equal rule
     * @return the decision and the checks that made it
     */
    static Stationarity check(double[] values, ValueRange bounds, Mode mode, Fallback fallback) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        int n = values.length;
        List<CheckResult> checks = new ArrayList<>();
        if (mode == Mode.TRISCALE) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = i;
            }
            double low = bounds == null ? min : bounds.min();
            double high = bounds == null ? max : bounds.max();
            ConvergenceResult trend = ConvergenceTest.test(x, values, low, high, TREND_CONFIDENCE, TREND_TOLERANCE);
            checks.add(trendCheck(trend));
            CheckResult independence = AutocorrelationTest.test(values);
            checks.add(independence);
            boolean stationary = trend.converged() && independence.passed();
            if (!stationary) {
                boolean equal = fallback == Fallback.MIN_EQUALS_MAX ? min == max : values[0] == values[n - 1];
                if (equal) {
                    stationary = true;
                    checks.add(new CheckResult("all-equal", true, Double.NaN, Double.NaN,
                            fallback == Fallback.MIN_EQUALS_MAX
                                    ? "all values are equal; TriScale treats a constant series as stationary"
                                    : "the first and last values are equal; TriScale then treats the series as"
                                    + " stationary (it does not look at the values in between)"));
                }
            }
            return new Stationarity(stationary, mode, checks);
        }
        if (min == max) {
            checks.add(new CheckResult("constant", true, Double.NaN, Double.NaN,
                    "all " + n + " values are equal: no trend or dependence to detect"));
            return new Stationarity(true, mode, checks);
        }
        if (n < SOUND_MINIMUM) {
            checks.add(new CheckResult("too-few-values", true, Double.NaN, Double.NaN,
                    "too few values to test: " + n + " < " + SOUND_MINIMUM
                            + "; trend and independence were not checked"));
            return new Stationarity(true, mode, checks);
        }
        return sound(values, StationarityChecks::sizedTrend, LjungBoxTest::test);
    }

    /**
     * The smallest trend the SOUND trend check reports: a drift over the whole series of 1 % of
     * the values' median (the practical resolution, as the regression gate's tolerance floor). A
     * Mann–Kendall test of many precise runs finds trends far below anything that matters (0.0004
     * ms over a series of a 10.47 ms metric); those pass, and the description gives their size.
     */
    static final double TREND_RESOLUTION = 0.01;

    /**
     * The Mann–Kendall test with the trend's size: a detected trend carries its Theil–Sen (1950,
     * 1968) slope per value, its drift over the series and that drift relative to the median, and
     * passes when the drift is below {@link #TREND_RESOLUTION} of a median that is not 0.
     */
    static CheckResult sizedTrend(double[] values, double alpha) {
        CheckResult test = MannKendallTest.test(values, alpha);
        if (test.passed()) {
            return test;
        }
        double[] x = new double[values.length];
        java.util.Arrays.setAll(x, i -> i);
        double slope = org.triscale.engine.trend.TheilSen.fit(x, values, TREND_CONFIDENCE).slope();
        double drift = slope * (values.length - 1);
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double relative = median == 0 ? Double.NaN : Math.abs(drift / median);
        String size = "; size: " + signed(slope) + " per value (Theil–Sen), " + signed(drift) + " over the "
                + values.length + " values" + (Double.isNaN(relative) ? " (the median is 0: no relative size)"
                : ", " + number(100 * relative) + " % of the median " + number(median));
        if (relative < TREND_RESOLUTION) {
            return new CheckResult(test.name(), true, test.statistic(), test.pValue(), test.description() + size
                    + ", below the " + number(100 * TREND_RESOLUTION) + " % resolution: not reported as a trend");
        }
        return new CheckResult(test.name(), false, test.statistic(), test.pValue(), test.description() + size);
    }

    /** Four significant digits without trailing zeros: {@code 0.0004}, {@code 1.667e-05}, {@code 10.47}. */
    private static String number(double value) {
        String text = String.format(Locale.ROOT, "%.4g", value);
        int exponent = text.indexOf('e');
        String mantissa = exponent < 0 ? text : text.substring(0, exponent);
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return exponent < 0 ? mantissa : mantissa + text.substring(exponent);
    }

    private static String signed(double value) {
        return (value > 0 ? "+" : "") + number(value);
    }

    /**
     * The SOUND combination for at least {@value #SOUND_MINIMUM} non-constant values: both checks at
     * α = 2.5 %, stationary when both pass.
     *
     * @param values       the values
     * @param trend        the trend check (values, α)
     * @param independence the independence check (values, α)
     * @return the decision with both check results
     */
    static Stationarity sound(double[] values, BiFunction<double[], Double, CheckResult> trend,
                              BiFunction<double[], Double, CheckResult> independence) {
        CheckResult trendResult = trend.apply(values, SOUND_ALPHA);
        CheckResult independenceResult = independence.apply(values, SOUND_ALPHA);
        return new Stationarity(trendResult.passed() && independenceResult.passed(), Mode.SOUND,
                List.of(trendResult, independenceResult));
    }

    private static CheckResult trendCheck(ConvergenceResult trend) {
        double t = trend.tolerance() / 100;
        String description = String.format(Locale.ROOT,
                "Theil-Sen slope of the normalised values %.4g, %.0f%% interval [%.4g, %.4g] %s +/-%.2f",
                trend.fit().slope(), trend.fit().confidence(), trend.fit().lowSlope(), trend.fit().highSlope(),
                trend.converged() ? "within" : "not within", t);
        return new CheckResult("theil-sen-trend", trend.converged(), trend.fit().slope(), Double.NaN,
                description + (trend.converged() ? ": no trend detected" : ": the values drift"));
    }
}
