package org.triscale.engine.baseline;

import org.triscale.engine.Arguments;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.bounds.OrderStatisticInterval;
import org.triscale.engine.bounds.ThompsonBounds;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.RankSumResult;
import org.triscale.engine.comparison.RankSumTest;
import org.triscale.engine.numeric.NanFree;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.function.DoubleUnaryOperator;

/**
 * Compares a new sequel's run metrics with a baseline's: regressed, improved, unchanged or
 * inconclusive.
 *
 * <p><b>Decision.</b> A one-sided Wilcoxon–Mann–Whitney rank-sum test (Wilcoxon 1945; Mann &amp;
 * Whitney 1947) with its exact permutation distribution ({@link RankSumTest}) compares the new
 * observations with the baseline's. By default ({@link ComparisonUnit#SERIES}) an observation is
 * the median of a series' valid run metrics, so the test is exact when the series of both
 * sequels are exchangeable, even if the runs within a series are not: at most α of the
 * comparisons of two sequels of the same test bed report a regression, whatever the distribution.
 * The new observations, with the allowance removed ({@link Allowance}), are tested for being
 * larger (lower is better) or smaller (higher is better) than the baseline's:
 * <ul>
 *   <li>p ≤ α: <b>regressed</b>;</li>
 *   <li>otherwise, if the unadjusted observations are significantly better at α: <b>improved</b>;</li>
 *   <li>otherwise <b>unchanged</b>;</li>
 *   <li><b>inconclusive</b> when a side has no observation, or when the counts cannot reach α
 *       ({@code 1/C(m + n, m) > α}: with α = 1 %, 5 baseline series need 4 new ones).</li>
 * </ul>
 *
 * <p><b>Context.</b> TriScale's KPI of each series (a one-sided Thompson (1936) bound) and the
 * baseline's variability score (the width of the two-sided interval of a percentile pair of its
 * series KPIs, Jacob et al. 2021) are reported with the median KPI before and after, so that a
 * message can say whether the change exceeds the score. The score does not decide: on the
 * calibration's FCT-like data with 5 series of 5 runs, "median KPI moved by more than the score"
 * raises 2.1 % false alarms and detects a 15 % shift of P95 FCT 74 % of the time, where the rank
 * test of series medians raises 0.7 % (exactly at most 2/252) and detects it 97.8 % of the time
 * (see {@code docs/regression-gate.md}).
 *
 * <p>Time drift of the test bed between the baseline and the new sequel breaks exchangeability:
 * the gate then reports the drift as a change, exactly as it would a change of the code.
 */
public final class RegressionGate {
    private RegressionGate() {
    }

    /**
     * Compares a new sequel with its baseline.
     *
     * @param baseline  the baseline's run metrics, one array per series; NaN marks an invalid run
     * @param candidate the new sequel's run metrics, one array per series; NaN marks an invalid run
     * @param settings  how to compare
     * @return the decision
     * @throws IllegalArgumentException if an array is null or a value is infinite
     */
    public static GateResult compare(double[][] baseline, double[][] candidate, GateSettings settings) {
        Arguments.notNull("settings", settings);
        check("baseline", baseline);
        check("candidate", candidate);
        Direction direction = settings.direction();
        double[] old = observations(baseline, settings.unit());
        double[] now = observations(candidate, settings.unit());
        KpiChange kpi = kpiChange(baseline, candidate, settings);
        String units = settings.unit() == ComparisonUnit.SERIES ? "series" : "runs";
        if (old.length == 0 || now.length == 0) {
            String which = old.length == 0 && now.length == 0 ? "neither the baseline nor the new sequel has"
                    : old.length == 0 ? "the baseline has no" : "the new sequel has no";
            return inconclusive(settings, old.length, now.length, Double.NaN, which + " valid " + units, kpi);
        }
        double smallest = RankSumTest.smallestPValue(now.length, old.length);
        if (smallest > settings.alpha()) {
            return inconclusive(settings, old.length, now.length, smallest, tooFew(settings, units, old.length,
                    now.length, smallest), kpi);
        }
        RankSumResult worse = worse(now, old, settings);
        RankSumResult better = direction == Direction.LOWER_IS_BETTER ? RankSumTest.less(now, old)
                : RankSumTest.greater(now, old);
        GateOutcome outcome = worse.pValue() <= settings.alpha() ? GateOutcome.REGRESSED
                : better.pValue() <= settings.alpha() ? GateOutcome.IMPROVED : GateOutcome.UNCHANGED;
        return new GateResult(outcome, "", settings, old.length, now.length, smallest, worse, better, kpi);
    }

    /**
     * The test for a regression: the new observations with the allowance removed against the
     * baseline's. With both allowances, each is tested and the larger p-value kept, so that a
     * regression exceeds both.
     */
    private static RankSumResult worse(double[] now, double[] old, GateSettings settings) {
        Allowance allowance = settings.allowance();
        Direction direction = settings.direction();
        RankSumResult result = null;
        if (allowance.absolute() > 0 || !allowance.any()) {
            result = oneSidedWorse(forgiven(now, v -> allowance.absolutelyForgiven(v, direction)), old, direction);
        }
        if (allowance.relative() > 0) {
            RankSumResult relative = oneSidedWorse(forgiven(now, v -> allowance.relativelyForgiven(v, direction)),
                    old, direction);
            if (result == null || relative.pValue() > result.pValue()) {
                result = relative;
            }
        }
        return result;
    }

    /** The observations with the allowance removed, one by one. */
    private static double[] forgiven(double[] now, DoubleUnaryOperator forgive) {
        double[] out = new double[now.length];
        for (int i = 0; i < now.length; i++) {
            out[i] = forgive.applyAsDouble(now[i]);
        }
        return out;
    }

    private static RankSumResult oneSidedWorse(double[] now, double[] old, Direction direction) {
        return direction == Direction.LOWER_IS_BETTER ? RankSumTest.greater(now, old) : RankSumTest.less(now, old);
    }

    private static GateResult inconclusive(GateSettings settings, int oldCount, int newCount, double smallest,
                                           String reason, KpiChange kpi) {
        return new GateResult(GateOutcome.INCONCLUSIVE, reason, settings, oldCount, newCount, smallest, null, null,
                kpi);
    }

    private static String tooFew(GateSettings settings, String units, int oldCount, int newCount, double smallest) {
        int needed = newCount;
        while (RankSumTest.smallestPValue(needed, oldCount) > settings.alpha() && needed < 10_000) {
            needed++;
        }
        return String.format(Locale.ROOT, "too few %s to decide at alpha = %s: %d baseline and %d new %s can give"
                        + " p-values no smaller than %.4g; with %d baseline %s, at least %d new ones are needed",
                units, Double.toString(settings.alpha()), oldCount, newCount, units, smallest, oldCount, units, needed);
    }

    /** The observations the rank test compares: series medians or all valid runs. */
    static double[] observations(double[][] sequel, ComparisonUnit unit) {
        double[] out = new double[unit == ComparisonUnit.SERIES ? sequel.length : count(sequel)];
        int k = 0;
        for (double[] series : sequel) {
            double[] valid = NanFree.of(series);
            if (unit == ComparisonUnit.SERIES) {
                if (valid.length > 0) {
                    out[k++] = median(valid);
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
        check("sequel", sequel);
        double[] kpis = seriesKpis(sequel, settings);
        double[] defined = NanFree.of(kpis);
        double median = defined.length == 0 ? Double.NaN : median(defined);
        double lower = Double.NaN;
        double upper = Double.NaN;
        if (defined.length >= 2) {
            OrderStatisticInterval interval = ThompsonBounds.indices(defined.length, settings.scorePercentile(),
                    settings.scoreConfidence(), IntervalKind.TWO_SIDED);
            if (interval.complete()) {
                double[] sorted = defined.clone();
                Arrays.sort(sorted);
                lower = sorted[interval.lowerIndex().getAsInt()];
                upper = sorted[interval.upperIndex().getAsInt()];
            }
        }
        double score = upper - lower;
        return new SequelKpis(kpis, median, lower, upper, score, score / ((lower + upper) / 2));
    }

    private static KpiChange kpiChange(double[][] baseline, double[][] candidate, GateSettings settings) {
        SequelKpis old = summarise(baseline, settings);
        SequelKpis now = summarise(candidate, settings);
        double change = now.median() - old.median();
        double allowance = Double.isNaN(old.median()) ? settings.allowance().absolute()
                : settings.allowance().amount(old.median());
        boolean beyond = !Double.isNaN(old.score()) && !Double.isNaN(change)
                && settings.direction().badChange(now.median(), old.median()) > old.score() + allowance;
        return new KpiChange(old.seriesKpis(), now.seriesKpis(), old.median(), now.median(), change,
                change / Math.abs(old.median()), old.score(), old.relativeScore(), allowance, beyond);
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

    private static void check(String name, double[][] sequel) {
        Arguments.notNull(name, sequel);
        for (int s = 0; s < sequel.length; s++) {
            Arguments.samples(name + "[" + s + "]", sequel[s]);
        }
    }

    private static int count(double[][] sequel) {
        int n = 0;
        for (double[] series : sequel) {
            n += series.length;
        }
        return n;
    }

    /** The median: the middle value, or the mean of the two middle values. */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
