package org.triscale.engine.network;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.independence.AutocorrelationTest;
import org.triscale.engine.independence.LjungBoxTest;
import org.triscale.engine.numeric.NanFree;
import org.triscale.engine.numeric.SequelArrays;
import org.triscale.engine.trend.ConvergenceResult;
import org.triscale.engine.trend.ConvergenceTest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * TriScale's network profiling (Jacob, Zimmerling, Boano, Vanbever and Thiele, "Designing
 * Replicable Networking Experiments With TriScale", Journal of Systems Research, 2021; the Python
 * TriScale's {@code network_profiling}): before running series on a test bed, measure its link
 * quality at equal intervals over a long span (days, weeks) and ask whether it is i.i.d.; where it
 * is not, the peaks of its autocorrelation name the seasonal periods (a day, a week) that each
 * series must span, so that it does not matter when a series starts.
 *
 * <p>As the Python original:
 * <ol>
 *   <li>the convergence test ({@link ConvergenceTest}, 95 % confidence, 5 % tolerance) of the link
 *       quality against its sample index 0 .. n−1, normalised with the given bounds (or the min and
 *       max), NaN values dropped;</li>
 *   <li>NaN values replaced by the median of the others (the autocorrelation needs equally spaced
 *       values), then the independence check: in {@link Mode#TRISCALE} TriScale's test, every
 *       autocorrelation at lag ≥ 1 within ± 1.96/√n ({@link AutocorrelationTest}; the band of one
 *       lag under independence, Brockwell and Davis, <i>Time Series: Theory and Methods</i>, 1991,
 *       §7.2); in {@link Mode#SOUND} the Ljung–Box permutation test at α = {@value #SOUND_ALPHA}
 *       ({@link LjungBoxTest}; Ljung and Box 1978), whose false-alarm rate on i.i.d. values is at
 *       most α at every n, where TriScale's test, checking all n − 1 lags against a one-lag band,
 *       calls about one i.i.d. series in five of 30 values dependent and three in four of 120
 *       ({@code NetworkProfilingCalibrationTest});</li>
 *   <li>the sample autocorrelation at every lag, the one TriScale plots.</li>
 * </ol>
 * The original stops at the plot: its user reads the peaks. Here they are named: a <b>peak</b> is
 * a lag k in 2 .. n/2 whose autocorrelation is a local maximum (greater than at k − 1, at least
 * that at k + 1) and at least twice the band: the autocorrelation of dependent values wanders
 * further from 0 than the band of independent ones (Bartlett's formula), and one band's height
 * would name the wanderings of a dependent but not seasonal series. A <b>seasonal period</b> is a
 * peak that stands above the peaks next to it (greater than the previous peak, at least the next).
 * A period's repeats at its multiples fall off and are left out; a longer period that lifts one of
 * them (the week at lag 84 of two-hourly data, above the daily peaks at 72 and 96) is kept.
 * Periods longer than half the span repeat fewer than twice and are not sought. The rule reads the
 * plot as its user would, and can err as the user can. In the seeded simulations of
 * {@code NetworkProfilingTest} (40 series each, three weeks of two-hourly values, AR(1) noise with
 * φ = 0.5): with a daily cycle it names the day alone in 31 series, and in the others adds a
 * multiple of the day (the largest period is always a whole number of days); with a daily cycle and
 * a weekly component the largest period is the week in 37 and the periods are exactly the day and
 * the week in 32; AR(1) series of 400 values without season get a spurious period in 1 series at
 * φ = 0.5 and in 11 at φ = 0.8 (the guidance then asks for a longer span than needed). The
 * guidance follows TriScale: a series should span a multiple of the largest seasonal period.
 *
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public final class NetworkProfiling {
    /** Fewest link-quality values (NaN not counted) a profile accepts. */
    public static final int MIN_VALUES = 3;
    /** Confidence of the convergence test, percent (TriScale's). */
    public static final double CONFIDENCE = 95;
    /** Tolerance of the convergence test on the normalised slope, percent (TriScale's). */
    public static final double TOLERANCE = 5;
    /** False-alarm rate of the {@code SOUND} independence check. */
    public static final double SOUND_ALPHA = 0.05;
    /** A peak's autocorrelation is at least this many times the band 1.96/√n. */
    public static final double PEAK_HEIGHT = 2;

    private NetworkProfiling() {
    }

    /**
     * Profiles a test bed's link quality.
     *
     * @param linkQuality link-quality values (packet reception rate, throughput, RTT) measured at
     *                    equal intervals, in time order; NaN marks a missing measurement, at least
     *                    {@value #MIN_VALUES} values are not NaN
     * @param bounds      the range the link quality can take (e.g. 0–100 for a reception rate in
     *                    percent), used to normalise it for the trend test, or {@code null} for its
     *                    min and max; every value must lie within it
     * @param mode        {@link Mode#TRISCALE} for the original's independence test,
     *                    {@link Mode#SOUND} for the calibrated one
     * @return the profile
     * @throws IllegalArgumentException if {@code linkQuality} is null, holds an infinity, has fewer
     *                                  than {@value #MIN_VALUES} values that are not NaN or a value
     *                                  outside {@code bounds}, or if {@code mode} is null
     */
    public static NetworkProfile profile(double[] linkQuality, ValueRange bounds, Mode mode) {
        Arguments.samples("linkQuality", linkQuality);
        Arguments.notNull("mode", mode);
        double[] present = NanFree.of(linkQuality);
        int n = linkQuality.length;
        if (present.length < MIN_VALUES) {
            throw new IllegalArgumentException("linkQuality has " + present.length + " value(s) that are not NaN (of "
                    + n + "); network profiling needs at least " + MIN_VALUES + " (valid range: " + MIN_VALUES
                    + " or more), and days of equally spaced measurements to find daily or weekly periods: measure"
                    + " the link quality over a longer span");
        }
        if (bounds != null) {
            for (int i = 0; i < n; i++) {
                double v = linkQuality[i];
                if (v < bounds.min() || v > bounds.max()) {
                    throw new IllegalArgumentException("linkQuality[" + i + "] is " + v + ", outside bounds ["
                            + bounds.min() + ", " + bounds.max() + "]; give bounds that contain every value (the"
                            + " range the link quality can take, e.g. 0,100 for a reception rate in percent), or none"
                            + " to use the values' min and max");
                }
            }
        }
        double[] index = new double[n];
        for (int i = 0; i < n; i++) {
            index[i] = i;
        }
        // The original regresses on the frame's row numbers (its date column never becomes the index).
        ConvergenceResult convergence = ConvergenceTest.test(index, linkQuality, bounds, CONFIDENCE, TOLERANCE);

        int replaced = n - present.length;
        double replacement = replaced == 0 ? Double.NaN : SequelArrays.median(present);
        double[] filled = linkQuality.clone();
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(filled[i])) {
                filled[i] = replacement;
            }
        }
        CheckResult independence = mode == Mode.TRISCALE
                ? AutocorrelationTest.test(filled)
                : LjungBoxTest.test(filled, SOUND_ALPHA);
        double[] r = AutocorrelationTest.autocorrelation(filled);
        double band = AutocorrelationTest.threshold(n);

        List<Double> autocorrelation = new ArrayList<>(n);
        List<Integer> outside = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            autocorrelation.add(r[k]);
            if (k > 0 && Math.abs(r[k]) >= band) {
                outside.add(k);
            }
        }
        List<NetworkProfile.Peak> peaks = peaks(r, band);
        List<Integer> periods = peaks.stream().filter(NetworkProfile.Peak::seasonal).map(NetworkProfile.Peak::lag)
                .collect(Collectors.toList());
        String guidance = guidance(convergence, independence, periods, r, band, n);
        return new NetworkProfile(mode, n, replaced, replacement, convergence, independence, band, autocorrelation,
                outside, peaks, periods, guidance);
    }

    /** The peaks of {@code r} at lags 2 .. n/2, each marked seasonal or not. */
    static List<NetworkProfile.Peak> peaks(double[] r, double band) {
        int last = r.length / 2;
        double height = PEAK_HEIGHT * band;
        List<Integer> lags = new ArrayList<>();
        for (int k = 2; k <= last; k++) {
            if (r[k] >= height && r[k] > r[k - 1] && r[k] >= r[k + 1]) {
                lags.add(k);
            }
        }
        List<NetworkProfile.Peak> peaks = new ArrayList<>(lags.size());
        for (int i = 0; i < lags.size(); i++) {
            double here = r[lags.get(i)];
            boolean abovePrevious = i == 0 || here > r[lags.get(i - 1)];
            boolean atLeastNext = i == lags.size() - 1 || here >= r[lags.get(i + 1)];
            peaks.add(new NetworkProfile.Peak(lags.get(i), here, abovePrevious && atLeastNext));
        }
        return peaks;
    }

    private static String guidance(ConvergenceResult convergence, CheckResult independence, List<Integer> periods,
                                   double[] r, double band, int n) {
        StringBuilder text = new StringBuilder();
        if (!convergence.converged()) {
            text.append(String.format(Locale.ROOT, "The link quality drifts over the profiled span (the %s %% interval"
                            + " of its normalised Theil-Sen slope, [%.4g, %.4g], exceeds +/-%s %%): the test bed is not"
                            + " stationary; find the cause, or profile a longer span, before running series. ",
                    plain(CONFIDENCE), convergence.fit().lowSlope(), convergence.fit().highSlope(), plain(TOLERANCE)));
        }
        if (independence.passed()) {
            text.append("The link quality passes the independence check: no seasonal component to account for");
            text.append(convergence.converged() ? ", so a series may span any interval." : ".");
            return text.toString().trim();
        }
        if (!periods.isEmpty()) {
            int largest = periods.get(periods.size() - 1);
            text.append("Seasonal period").append(periods.size() == 1 ? " of " : "s of ")
                    .append(periods.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                    .append(" samples: span every series over a multiple of the largest, ").append(largest)
                    .append(" samples, so that each series sees every phase of the test bed's cycles and it does not"
                            + " matter when it starts (TriScale).");
            return text.toString().trim();
        }
        int decorrelated = 0;
        for (int k = 1; k < n; k++) {
            if (Math.abs(r[k]) < band) {
                decorrelated = k;
                break;
            }
        }
        text.append("The link quality is dependent but shows no seasonal peak");
        if (decorrelated > 0) {
            text.append(": its autocorrelation first falls inside the band at lag ").append(decorrelated)
                    .append("; space the runs of a series at least ").append(decorrelated)
                    .append(" samples apart, or span each series over the whole profiled span (").append(n)
                    .append(" samples).");
        } else {
            text.append(" and never falls inside the band: span each series over the whole profiled span (")
                    .append(n).append(" samples) and profile a longer one.");
        }
        return text.toString().trim();
    }

    private static String plain(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent);
    }
}
