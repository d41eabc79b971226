package org.triscale.engine.baseline;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.VariabilityResult;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.comparison.PairedTest;
import org.triscale.engine.comparison.SequelChange;
import org.triscale.engine.comparison.ToleranceSource;
import org.triscale.engine.comparison.SequelComparison;
import org.triscale.engine.numeric.NanFree;
import org.triscale.engine.numeric.SequelArrays;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;

/**
 * Compares a new sequel's run metrics with a baseline's: regressed, improved, unchanged or
 * inconclusive ({@link SequelComparison}), with TriScale's KPIs and the baseline's variability score
 * for context.
 *
 * <p><b>Design.</b> When the new sequel ran the baseline's seeds run by run, the comparison is
 * <b>paired</b>: the per-run changes share their workload (common random numbers), and the exact
 * Wilcoxon signed-rank test with the Hodges–Lehmann estimate sees changes far smaller than the
 * spread between runs. Otherwise it is <b>unpaired</b>: the series medians (or, with
 * {@link ComparisonUnit#RUNS}, every run) are compared by the exact rank-sum test with the
 * Hodges–Lehmann shift, exact when the series are exchangeable, whatever happens inside them.
 *
 * <p><b>Context.</b> TriScale's KPI of each series (a one-sided Thompson (1936) bound) and the
 * baseline's variability score (Jacob et al. 2021) are reported with the median KPI before and
 * after; they explain the change and do not decide it.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class RegressionGate {
    private RegressionGate() {
    }

    /**
     * Compares a new sequel with its baseline.
     *
     * @param baseline  the baseline's run metrics, one array per series; NaN marks an invalid run
     * @param candidate the new sequel's run metrics, one array per series; NaN marks an invalid run
     * @param paired    whether {@code candidate[s][r]} ran the seed of {@code baseline[s][r]} (then
     *                  both have the same shape)
     * @param settings  how to compare
     * @return the decision
     * @throws IllegalArgumentException if an array is null, a value is infinite, or paired sequels
     *                                  differ in shape
     */
    public static GateResult compare(double[][] baseline, double[][] candidate, boolean paired,
                                     GateSettings settings) {
        return compare(baseline, candidate, paired, settings, LaunchVariation.none());
    }

    /**
     * Compares a new launch with its baseline launch, the variation between launches included
     * ({@link SequelComparison#withLaunchVariation}): the change must stand out of what two
     * launches of unchanged code differ by. With a variation estimated from the history
     * ({@link LaunchVariation.Source#HISTORY}) the paired test {@link PairedTest#AUTO} tests the runs:
     * the history's launch pairs were compared by the same per-run test, so their variance beyond
     * its standard error (series effects and carried-over noise included) is in the estimate, and
     * the series-level fallback would only cost power.
     *
     * @param baseline  the baseline's run metrics, one array per series; NaN marks an invalid run
     * @param candidate the new sequel's run metrics, one array per series; NaN marks an invalid run
     * @param paired    whether {@code candidate[s][r]} ran the seed of {@code baseline[s][r]}
     * @param settings  how to compare
     * @param launch    the launch-to-launch variation: {@link LaunchVariation#none()} for runs
     *                  declared independent
     * @return the decision
     * @throws IllegalArgumentException if an array is null, a value is infinite, or paired sequels
     *                                  differ in shape
     */
    public static GateResult compare(double[][] baseline, double[][] candidate, boolean paired,
                                     GateSettings settings, LaunchVariation launch) {
        Arguments.notNull("settings", settings);
        Arguments.notNull("launch", launch);
        SequelArrays.check("baseline", baseline);
        SequelArrays.check("candidate", candidate);
        GateSettings used = launch.source() == LaunchVariation.Source.HISTORY
                && settings.pairedTest() == PairedTest.AUTO ? settings.withPairedTest(PairedTest.RUNS) : settings;
        SequelChange change = within(baseline, candidate, paired, used);
        if (launch.source() != LaunchVariation.Source.NONE) {
            change = SequelComparison.withLaunchVariation(change, launch.variance(), launch.degreesOfFreedom(),
                    launch.source() == LaunchVariation.Source.HISTORY ? ToleranceSource.HISTORY
                            : ToleranceSource.LAUNCH_BOUND);
        }
        return new GateResult(change, settings.unit(), kpiChange(baseline, candidate, settings), launch);
    }

    /**
     * Compares the two arms of one interleaved launch: {@code candidate[s][r]} ran the seed of
     * {@code reference[s][r]}, right before or right after it in an order drawn by a seeded fair
     * coin ({@link SequelComparison#interleaved}). Both arms met the same launch, so no
     * launch-to-launch variation enters the decision: the randomised order makes each pair's
     * change a sign-symmetric variable under no change, whatever the drift.
     *
     * @param reference the reference arm's run metrics, one array per series; NaN marks an invalid run
     * @param candidate the candidate arm's, of the same shape
     * @param settings  how to compare
     * @return the decision, of design {@link org.triscale.engine.comparison.Design#INTERLEAVED}
     * @throws IllegalArgumentException if an array is null, a value is infinite or the shapes differ
     */
    public static GateResult compareInterleaved(double[][] reference, double[][] candidate, GateSettings settings) {
        Arguments.notNull("settings", settings);
        SequelArrays.check("reference", reference);
        SequelArrays.check("candidate", candidate);
        return new GateResult(SequelComparison.interleaved(reference, candidate, settings.comparison()),
                settings.unit(), kpiChange(reference, candidate, settings), LaunchVariation.none());
    }

    /**
     * The launch-to-launch variation of a test bed from pairs of consecutive accepted launches of
     * its history ({@link LaunchVariation#of}): each pair is compared as the gate compares a
     * candidate with its baseline (per-run test when paired), and pairs without a finite change or
     * standard error (too few valid runs) are left out.
     *
     * @param pairs       consecutive accepted launches, oldest first; at most the last
     *                    {@link LaunchVariation#WINDOW} are used
     * @param settings    the gate's settings
     * @param launchShift the bound while the history is short, a fraction in [0, 1]
     * @param minimum     the pairs the estimate needs, ≥ 1
     * @return the variation: estimated, or the bound with the count of usable pairs
     * @throws IllegalArgumentException if a value is out of range or a launch invalid
     */
    public static LaunchVariation launchVariation(List<LaunchVariation.Pair> pairs, GateSettings settings,
                                                  double launchShift, int minimum) {
        Arguments.notNull("pairs", pairs);
        Arguments.notNull("settings", settings);
        GateSettings used = settings.pairedTest() == PairedTest.AUTO ? settings.withPairedTest(PairedTest.RUNS)
                : settings;
        List<LaunchVariation.Pair> last = pairs.subList(Math.max(0, pairs.size() - LaunchVariation.WINDOW),
                pairs.size());
        double[] differences = new double[last.size()];
        double[] errors = new double[last.size()];
        int k = 0;
        for (LaunchVariation.Pair pair : last) {
            SequelArrays.check("earlier", pair.earlier());
            SequelArrays.check("later", pair.later());
            SequelChange change = within(pair.earlier(), pair.later(), pair.paired(), used);
            double difference = change.relativeOnScale(change.change().estimate());
            double error = change.standardError();
            if (Double.isFinite(difference) && Double.isFinite(error)) {
                differences[k] = difference;
                errors[k++] = error;
            }
        }
        return LaunchVariation.of(Arrays.copyOf(differences, k), Arrays.copyOf(errors, k), launchShift, minimum);
    }

    /** The comparison of two checked launches' runs, without launch variation. */
    private static SequelChange within(double[][] baseline, double[][] candidate, boolean paired,
                                       GateSettings settings) {
        return paired
                ? SequelComparison.paired(baseline, candidate, settings.comparison())
                : SequelComparison.unpaired(validObservations(baseline, settings.unit()),
                        validObservations(candidate, settings.unit()), settings.comparison());
    }

    /**
     * The observations of the unpaired design: the median of each series' valid runs, or all valid
     * runs; series without a valid run and invalid (NaN) runs are left out.
     *
     * @param sequel run metrics, one array per series; NaN marks an invalid run
     * @param unit   what one observation is
     * @return the observations
     * @throws IllegalArgumentException if the sequel or a series is null, or a value is infinite
     */
    public static double[] observations(double[][] sequel, ComparisonUnit unit) {
        return validObservations(SequelArrays.check("sequel", sequel), unit);
    }

    /** {@link #observations} of a checked sequel. */
    private static double[] validObservations(double[][] sequel, ComparisonUnit unit) {
        double[] out = new double[unit == ComparisonUnit.SERIES ? sequel.length : SequelArrays.count(sequel)];
        int k = 0;
        for (double[] series : sequel) {
            double[] valid = NanFree.of(series);
            if (unit == ComparisonUnit.SERIES) {
                if (valid.length > 0) {
                    out[k++] = SequelArrays.median(valid);
                }
            } else {
                System.arraycopy(valid, 0, out, k, valid.length);
                k += valid.length;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /**
     * The KPIs of a sequel and their variability score, as the gate reports them for context.
     *
     * @param sequel   run metrics, one array per series; NaN marks an invalid run
     * @param settings the KPI and score to compute
     * @return the series KPIs, their median and their score
     * @throws IllegalArgumentException if an array is null or a value is infinite
     */
    public static SequelKpis summarise(double[][] sequel, GateSettings settings) {
        Arguments.notNull("settings", settings);
        return kpis(SequelArrays.check("sequel", sequel), settings);
    }

    /** {@link #summarise} of a checked sequel. */
    private static SequelKpis kpis(double[][] sequel, GateSettings settings) {
        double[] kpis = seriesKpis(sequel, settings);
        double[] defined = NanFree.of(kpis);
        double median = defined.length == 0 ? Double.NaN : SequelArrays.median(defined);
        // The stationarity checks of the score do not matter here: the score is context.
        VariabilityResult score = VariabilityScores.score(defined, settings.scorePercentile(),
                settings.scoreConfidence(), IntervalKind.TWO_SIDED, null, Mode.SOUND);
        return new SequelKpis(kpis, median, score.lowerValue(), score.upperValue(), score.score(),
                score.relativeScore());
    }

    private static KpiChange kpiChange(double[][] baseline, double[][] candidate, GateSettings settings) {
        SequelKpis old = kpis(baseline, settings);
        SequelKpis now = kpis(candidate, settings);
        double change = now.median() - old.median();
        return new KpiChange(old.seriesKpis(), now.seriesKpis(), old.median(), now.median(), change,
                change / Math.abs(old.median()), old.score(), old.relativeScore());
    }

    /** TriScale's KPI of each series: a one-sided Thompson bound of its valid run metrics. */
    private static double[] seriesKpis(double[][] sequel, GateSettings settings) {
        double[] kpis = new double[sequel.length];
        for (int s = 0; s < sequel.length; s++) {
            double[] valid = NanFree.of(sequel[s]);
            kpis[s] = Double.NaN;
            if (valid.length >= 1) {
                OrderStatisticInterval interval = ThompsonBounds.indices(valid.length, settings.kpiPercentile(),
                        settings.kpiConfidence(), IntervalKind.ONE_SIDED);
                OptionalInt index = settings.kpiSide() == Side.LOWER ? interval.lowerIndex() : interval.upperIndex();
                if (index.isPresent()) {
                    Arrays.sort(valid);
                    kpis[s] = valid[index.getAsInt()];
                }
            }
        }
        return kpis;
    }
}
