package org.triscale.engine.comparison;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.VariabilityScores;
import org.triscale.engine.bounds.IntervalKind;
import org.triscale.engine.numeric.NanFree;
import org.triscale.engine.numeric.SequelArrays;

import java.util.Arrays;
import java.util.Locale;

/**
 * Compares a candidate sequel with a reference sequel of the same metric: regressed, improved,
 * unchanged or inconclusive, with the change, its interval, the tolerance and the change the design
 * can detect. Used for a build against its baseline, and for one algorithm against another.
 *
 * <p><b>Designs.</b> {@link #paired} when the two sequels ran the same seeds run by run (common
 * random numbers): the per-run changes are tested with the exact Wilcoxon (1945) signed-rank test
 * with Pratt's (1959) zeros and mid-ranks ({@link SignedRankTest}), and estimated by the
 * Hodges–Lehmann (1963) estimate of their centre with its exact Walsh-average interval
 * ({@link HodgesLehmann#paired}); both members of a pair shared their workload, so only the change
 * remains. {@link #interleaved} when the two also ran interleaved in one launch, each pair back to
 * back in a randomised order: the same tests, exact then whatever the test bed's drift. {@link #unpaired} otherwise: the observations (series medians or runs) are tested with
 * the exact Wilcoxon–Mann–Whitney rank-sum test with mid-ranks ({@link RankSumTest}) and the shift
 * is estimated by the Hodges–Lehmann estimate with Moses' interval ({@link HodgesLehmann#shift}).
 * Changes are log ratios for positive metrics and differences otherwise ({@link ChangeScale}).
 *
 * <p><b>Outcomes</b>, with t the tolerance and the interval at confidence {@code 1 − 2α}:
 * <ol>
 *   <li><b>regressed</b>: the one-sided test of "worse" has p ≤ α and the estimated change is worse
 *       than t;</li>
 *   <li><b>unchanged</b>: otherwise, when the interval lies inside [−t, t]: two one-sided tests at α
 *       (Schuirmann 1987) show equivalence;</li>
 *   <li><b>improved</b>: otherwise, when the one-sided test of "better" has p ≤ α;</li>
 *   <li><b>inconclusive</b>: anything else, or when the counts cannot reach α, or no data.</li>
 * </ol>
 * A false "regressed" needs the exact test to reject at α, so its rate is at most α for any
 * distribution when the null hypothesis holds (exchangeable pairs, or exchangeable observations).
 *
 * <p><b>Tolerance</b> ({@link Tolerance}): by default the smaller of {@link Tolerance#DEFAULT_LIMIT}
 * and the variability score that applies, raised to the floor ({@link Tolerance#DEFAULT_FLOOR}, 1 %) (the width of the two-sided Thompson interval of the
 * settings' percentile pair, Jacob et al. 2021): of the reference's observations (unpaired) or of
 * its series medians (paired), never of the candidate. Relative or absolute otherwise; raised by
 * {@link #withLaunchVariation} when launches vary.
 *
 * <p><b>Minimum detectable change</b>: the change in the bad direction that is reported as
 * regressed with at least the settings' power, from the normal approximation of the estimate: its
 * standard error is {@code σ·√(π/3)·√(1/m + 1/n)} (unpaired, σ the robust standard deviation of
 * the reference's observations), {@code σ·√(π/3)/√n} (paired runs, σ that of the per-run
 * changes), √(π/3) the efficiency loss of ranks under normality (Lehmann 1975), or the t-test's
 * (series); the change must both reach {@code λ·se⁺} and exceed the tolerance by
 * {@code t(power)·se⁺}, where se⁺ is the standard error's upper 90 % confidence bound, t
 * Student's quantiles on the degrees of freedom the spread rests on (37 % of n − 1 for the
 * median absolute deviation's), and λ the noncentrality at which a t-test has the power (the
 * noncentral t, {@code NoncentralT}) for the t-tests, {@code t(1−α) + t(power)} for the rank tests.
 * The default paired design states the larger of the runs' and the series' changes, since it
 * chooses its test again on each comparison. Without the bound and t, an estimated spread gave a
 * true power of 63–88 % at the stated change; with the bound at 90 % the true power at the stated
 * change is at least 80 % in at least nine comparisons in ten where the spread's law is as
 * assumed (chi-squared on its degrees of freedom), measured in docs/checks-calibration.md.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class SequelComparison {
    /**
     * The level of each pre-check of {@link PairedTest#AUTO}: 50 %. Liberal on purpose: the
     * per-run test decides only when neither heterogeneity between series nor serial correlation
     * shows even at this level; at 25 % series effects of σs = 0.035 slip through often enough to
     * lift the two-stage false-alarm rate to 1.7 % (5 × 10 pairs, α = 1 %), at 50 % it stays
     * within the Monte Carlo error of α in every calibrated cell (docs/regression-gate.md).
     */
    public static final double PRE_CHECK_LEVEL = 0.5;
    /**
     * The fewest series with which {@link PairedTest#AUTO} pre-checks for series effects; with 2 or 3
     * series whose changes are not all equal it tests the series ({@link PairedTest#SERIES}).
     */
    public static final int AUTO_MIN_SERIES = 4;
    /**
     * The fewest pairs of a single series whose serial correlation {@link PairedTest#AUTO} corrects
     * for; with fewer, pairs that look correlated make the comparison inconclusive (with 10 pairs
     * and AR(1) φ = 0.6 the correction still gave 1.9 % false alarms at α = 1 %).
     */
    public static final int ONE_SERIES_MIN_PAIRS = 20;
    /**
     * The fewest pairs of a single series that {@link PairedTest#AUTO} decides on without declared
     * independence: the lag-1 check of fewer values is biased low (Marriott and Pope 1954) and
     * misses so much correlation that the exact test after it gave 1.3–1.8 % false alarms at
     * α = 1 % with 10 or 11 pairs (AR(1) φ 0.3–0.9), whatever level it ran at; from 12 to 19 pairs
     * the exact test at α/2 keeps the two stages at α (docs/checks-calibration.md).
     */
    public static final int ONE_SERIES_EXACT_MIN_PAIRS = 12;
    /** The largest lag-1 autocorrelation the one-series correction uses (a variance factor of 19). */
    static final double MAX_ONE_SERIES_RHO = 0.9;
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);
    /** The confidence of the upper bound of the spread the minimum detectable change uses. */
    static final double SPREAD_CONFIDENCE = 0.9;
    /** Asymptotic efficiency of the median absolute deviation under normality. */
    private static final double MAD_EFFICIENCY = 0.37;
    /** 1/Φ⁻¹(3/4): the median absolute deviation of a normal sample times this is σ. */
    private static final double MAD_TO_SD = 1.482602218505602;

    private SequelComparison() {
    }

    /**
     * Compares two sequels run on the same seeds: {@code candidate[s][r]} ran the seed of
     * {@code reference[s][r]}.
     *
     * @param reference the reference's run metrics, one array per series; NaN marks an invalid run
     * @param candidate the candidate's, of the same shape; NaN marks an invalid run
     * @param settings  how to compare
     * @return the change and the outcome
     * @throws IllegalArgumentException if an array is null, the shapes differ or a value is infinite
     */
    public static SequelChange paired(double[][] reference, double[][] candidate, ComparisonSettings settings) {
        return matched(reference, candidate, settings, Design.PAIRED);
    }

    /**
     * Compares two sequels whose runs were interleaved in one launch: {@code candidate[s][r]} ran
     * the seed of {@code reference[s][r]}, right before or right after it, in an order drawn by a
     * seeded fair coin per pair (randomised multiple interleaved trials, Abedi &amp; Brecht 2017).
     *
     * <p>The randomised order makes each pair's two time slots exchangeable between reference and
     * candidate: when the change is nil, the sign of each per-run change is a fair coin,
     * independent of the other pairs, whatever the drift, the series effects or the serial
     * correlation of the test bed (the randomisation argument of Fisher 1935, §21). The per-run
     * exact signed-rank test therefore keeps its level without the series-level fallback of
     * {@link PairedTest#AUTO}: {@code AUTO} and {@code RUNS} test the runs; an explicit
     * {@link PairedTest#SERIES} is honoured.
     *
     * @param reference the reference's run metrics, one array per series; NaN marks an invalid run
     * @param candidate the candidate's, of the same shape; NaN marks an invalid run
     * @param settings  how to compare
     * @return the change and the outcome, of design {@link Design#INTERLEAVED}
     * @throws IllegalArgumentException if an array is null, the shapes differ or a value is infinite
     */
    public static SequelChange interleaved(double[][] reference, double[][] candidate, ComparisonSettings settings) {
        return matched(reference, candidate, settings, Design.INTERLEAVED);
    }

    private static SequelChange matched(double[][] reference, double[][] candidate, ComparisonSettings settings,
                                        Design design) {
        Arguments.notNull("settings", settings);
        SequelArrays.check("reference", reference);
        SequelArrays.check("candidate", candidate);
        if (reference.length != candidate.length) {
            throw new IllegalArgumentException("paired sequels need the same series: reference has "
                    + reference.length + ", candidate " + candidate.length + "; compare them unpaired");
        }
        for (int s = 0; s < reference.length; s++) {
            if (reference[s].length != candidate[s].length) {
                throw new IllegalArgumentException("paired sequels need the same runs: series " + s + " has "
                        + reference[s].length + " reference runs and " + candidate[s].length
                        + " candidate runs; compare them unpaired");
            }
        }
        double[] refValues = new double[SequelArrays.count(reference)];
        double[] candValues = new double[refValues.length];
        int[] seriesOf = new int[refValues.length];
        int pairs = 0;
        for (int s = 0; s < reference.length; s++) {
            for (int r = 0; r < reference[s].length; r++) {
                if (!Double.isNaN(reference[s][r]) && !Double.isNaN(candidate[s][r])) {
                    refValues[pairs] = reference[s][r];
                    candValues[pairs] = candidate[s][r];
                    seriesOf[pairs++] = s;
                }
            }
        }
        refValues = Arrays.copyOf(refValues, pairs);
        candValues = Arrays.copyOf(candValues, pairs);
        ChangeScale scale = ChangeScale.of(refValues, candValues);
        double[] changes = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            changes[i] = scale.change(refValues[i], candValues[i]);
        }
        int seriesCount = 0;
        for (int i = 0; i < pairs; ) {
            int start = i;
            while (i < pairs && seriesOf[i] == seriesOf[start]) {
                i++;
            }
            seriesCount++;
        }
        Context context = new Context(design, scale, settings,
                pairs == 0 ? Double.NaN : SequelArrays.median(refValues), pairs, pairs, seriesCount);
        if (pairs == 0) {
            return context.inconclusive("no run is valid in both sequels", AppliedTolerance.NONE, Double.NaN);
        }
        // The default tolerance comes from the reference alone (its series medians), fixed before the
        // candidate's data: an equivalence margin must not move with the data it judges (Lakens 2017).
        AppliedTolerance tolerance = context.tolerance(referenceSeriesMedians(reference, scale));
        PairedTest used = settings.pairedTest();
        boolean prechecked = false;
        if (used == PairedTest.AUTO && design == Design.INTERLEAVED) {
            used = PairedTest.RUNS; // the randomised order makes the pairs' signs independent coins
        } else if (used == PairedTest.AUTO && seriesCount < 2) {
            // One series has no series-level test: the per-run test decides unless its pairs show
            // serial correlation, then a test with its variance inflated for it (oneSeries).
            // Too few pairs to reach α, or equal changes (a deterministic factor, nothing to correlate):
            // the per-run path decides at α, or says why it cannot.
            boolean decidable = SignedRankTest.smallestPValue(pairs) <= settings.alpha()
                    && varies(roundedChanges(changes));
            if (decidable && pairs < ONE_SERIES_EXACT_MIN_PAIRS) {
                return context.inconclusive(String.format(Locale.ROOT, "a single series of %d pairs cannot show that"
                        + " its changes are free of serial correlation (the lag-1 check reads few values too low:"
                        + " below %d pairs the correlation it missed gave up to 1.8 %% false alarms at alpha = 1 %%):"
                        + " run 2 series or more, %d pairs or more, or interleave the two sides; when each run depends"
                        + " only on its seed, declare the pairs independent (paired test runs)", pairs,
                        ONE_SERIES_EXACT_MIN_PAIRS, ONE_SERIES_EXACT_MIN_PAIRS), tolerance, Double.NaN);
            }
            double rho = !decidable
                    || serialCorrelationPValue(roundedChanges(changes), seriesOf) >= PRE_CHECK_LEVEL
                    ? 0 : serialCorrelationBound(changes);
            if (rho > 0 && pairs < ONE_SERIES_MIN_PAIRS) {
                return context.inconclusive(String.format(Locale.ROOT, "the %d pairs of the single series look"
                        + " serially correlated (lag-1 autocorrelation of their changes %.2f), and fewer than %d pairs"
                        + " cannot say by how much: run 2 series or more, %d pairs or more, or interleave the two"
                        + " sides; when each run depends only on its seed, declare the pairs independent (paired test"
                        + " runs)", pairs, lagOneAutocorrelation(changes), ONE_SERIES_MIN_PAIRS,
                        ONE_SERIES_MIN_PAIRS), tolerance, Double.NaN);
            }
            if (rho > 0) {
                return oneSeries(changes, context, tolerance, rho);
            }
            if (decidable && pairs < ONE_SERIES_MIN_PAIRS) {
                // The pre-check passed but, on fewer than 20 values, misses much of the correlation
                // there is: the exact test then decides at half the level (the share the pre-check's
                // misses may take), which keeps the two stages at α from 12 pairs (checks-calibration).
                return runs(changes, context, tolerance, settings.alpha() / 2);
            }
            used = PairedTest.RUNS;
        } else if (used == PairedTest.AUTO && seriesCount < AUTO_MIN_SERIES && varies(roundedChanges(changes))) {
            // Too few series for the heterogeneity pre-check to see series effects: with 3 series
            // the two-stage procedure gave 1.24 % and 1.31 % false alarms at α = 1 %. (Equal
            // changes, a deterministic factor, have no series effect to fear: the runs decide.)
            used = PairedTest.SERIES;
        } else if (used == PairedTest.AUTO) {
            prechecked = true;
            // Rounded to 1e-9 of the log: a constant factor gives changes equal up to rounding errors,
            // which must not look like differences between series.
            double[] rounded = roundedChanges(changes);
            used = heterogeneityPValue(rounded, seriesOf) < PRE_CHECK_LEVEL
                    || serialCorrelationPValue(rounded, seriesOf) < PRE_CHECK_LEVEL ? PairedTest.SERIES : PairedTest.RUNS;
        }
        Context seriesContext = new Context(Design.PAIRED_SERIES, scale, settings, context.referenceMedian(), pairs,
                pairs, seriesCount);
        if (used == PairedTest.SERIES) {
            return bySeries(changes, seriesOf, seriesContext, tolerance);
        }
        SequelChange byRuns = runs(changes, context, tolerance, settings.alpha());
        if (prechecked) {
            // auto chooses its test again on every comparison, and a change of the stated size may
            // meet the series-level test: the stated change must be detectable by both (the runs'
            // alone gave a mean power of 79.5 % at 5 × 10, 35 % at its 10th percentile).
            double seriesChange = bySeries(changes, seriesOf, seriesContext, tolerance).minimumDetectableChange();
            if (seriesChange > byRuns.minimumDetectableChange()) {
                return withDetectableChange(byRuns, seriesChange);
            }
        }
        return byRuns;
    }

    /** The result with another minimum detectable change. */
    private static SequelChange withDetectableChange(SequelChange c, double detectable) {
        return new SequelChange(c.design(), c.scale(), c.outcome(), c.reason(), c.counts(), c.pValues(), c.change(),
                new SequelChange.Thresholds(c.tolerance(), c.toleranceSource(), detectable), c.referenceMedian(),
                c.settings());
    }

    /**
     * The per-run exact signed-rank test (Wilcoxon 1945, Pratt 1959) and the Hodges–Lehmann
     * estimate with its exact interval, at the given one-sided level (the settings' α, or less when
     * a pre-check came first).
     */
    private static SequelChange runs(double[] changes, Context context, AppliedTolerance tolerance, double level) {
        int pairs = changes.length;
        double smallest = SignedRankTest.smallestPValue(pairs);
        double se = robustSd(changes) * Math.sqrt(Math.PI / 3 / pairs);
        if (smallest > level) {
            int needed = (int) Math.ceil(Math.log(1 / level) / Math.log(2));
            return context.inconclusive(String.format(Locale.ROOT, "too few pairs to decide at alpha = %s: %d pairs"
                    + " can give p-values no smaller than %.4g; at least %d are needed",
                    Double.toString(level), pairs, smallest, needed), tolerance, smallest);
        }
        SignedRankResult greater = SignedRankTest.greater(changes);
        SignedRankResult less = SignedRankTest.less(changes);
        ShiftEstimate estimate = HodgesLehmann.paired(changes, 1 - 2 * level);
        return context.decide(greater.pValue(), less.pValue(), smallest, estimate, tolerance, se,
                robustDegreesOfFreedom(pairs), greater.zeros(), level, false);
    }

    /** Whether the values are not all equal. */
    private static boolean varies(double[] values) {
        for (double v : values) {
            if (v != values[0]) {
                return true;
            }
        }
        return false;
    }

    /** The changes rounded to 1e-9: a constant factor gives changes equal up to rounding errors. */
    private static double[] roundedChanges(double[] changes) {
        double[] rounded = new double[changes.length];
        for (int i = 0; i < changes.length; i++) {
            rounded[i] = Math.rint(changes[i] * 1e9) / 1e9;
        }
        return rounded;
    }

    /**
     * A conservative lag-1 autocorrelation of the per-run changes of one series: the sample
     * autocorrelation r of the centred changes, corrected for its bias {@code −(1 + 3ρ)/n}
     * (Marriott and Pope 1954) and raised by 1.5 standard errors {@code √((1 − r²)/n)}, kept in
     * [0, {@value #MAX_ONE_SERIES_RHO}].
     */
    static double serialCorrelationBound(double[] changes) {
        int n = changes.length;
        double r = lagOneAutocorrelation(changes);
        if (Double.isNaN(r)) {
            return 0;
        }
        double bound = r + (1 + 3 * r) / n + 1.5 * Math.sqrt((1 - Math.min(r * r, 1)) / n);
        return Math.max(0, Math.min(MAX_ONE_SERIES_RHO, bound));
    }

    /** The lag-1 autocorrelation of the centred values; NaN without variation. */
    private static double lagOneAutocorrelation(double[] changes) {
        int n = changes.length;
        double mean = Arrays.stream(changes).average().orElse(0);
        double squares = 0;
        double lagged = 0;
        for (int i = 0; i < n; i++) {
            double c = changes[i] - mean;
            squares += c * c;
            if (i > 0) {
                lagged += c * (changes[i - 1] - mean);
            }
        }
        return squares > 0 ? lagged / squares : Double.NaN;
    }

    /**
     * The paired test of one series whose per-run changes are serially correlated: the
     * Hodges–Lehmann centre of the changes, its standard error {@code σ·√(π/3)/√n} (σ robust)
     * inflated by the AR(1) variance factor {@code (1 + ρ)/(1 − ρ)} of a mean of n correlated
     * values (Bartlett 1946; the effective sample size {@code n(1 − ρ)/(1 + ρ)}), ρ the
     * conservative bound of {@link #serialCorrelationBound}, σ² corrected for the bias of a spread of
     * correlated values ({@code E[s²] = σ²(1 − (f − 1)/(n − 1))}), and Student's t on
     * {@code n/f − 1} degrees of freedom (the effective pairs) for the p-values and the interval;
     * inconclusive when fewer than 3 effective pairs remain. The exact signed-rank test would treat the pairs
     * as independent and overstate its confidence: AR(1) φ = 0.6 gave about 10 % false "worse" and
     * "not worse" at α = 1 %.
     */
    private static SequelChange oneSeries(double[] changes, Context context, AppliedTolerance tolerance,
                                          double rho) {
        int n = changes.length;
        double alpha = context.settings().alpha();
        double inflation = (1 + rho) / (1 - rho);
        // The spread of n correlated values underestimates σ: E[s²] = σ²(1 − (f − 1)/(n − 1)).
        double shrink = 1 - (inflation - 1) / (n - 1);
        double effective = n / inflation;
        if (shrink <= 0.25 || effective < 3) {
            return context.inconclusive(String.format(Locale.ROOT, "the %d pairs of the single series are serially"
                    + " correlated (lag-1 autocorrelation up to %.2f): they hold about %.1f independent pairs' worth,"
                    + " too few to decide; run 2 series or more, or interleave the two sides", n, rho, effective),
                    tolerance, Double.NaN);
        }
        double se = robustSd(changes) * Math.sqrt(Math.PI / 3 / n * inflation / shrink);
        ShiftEstimate centre = HodgesLehmann.paired(changes, 1 - 2 * alpha);
        double estimate = centre.estimate();
        int zeros = 0;
        for (double change : changes) {
            zeros += change == 0 ? 1 : 0;
        }
        if (!(se > 0)) {
            // No spread around the centre beyond ties: the exact interval is as good as any.
            return context.decide(SignedRankTest.greater(changes).pValue(), SignedRankTest.less(changes).pValue(),
                    SignedRankTest.smallestPValue(n), centre, tolerance, se, effective - 1, zeros);
        }
        // Student's t on the effective pairs' degrees of freedom.
        TDistribution t = TDistribution.of(effective - 1);
        double critical = t.inverseSurvivalProbability(alpha);
        ShiftEstimate estimateWithInterval = new ShiftEstimate(estimate, estimate - critical * se,
                estimate + critical * se, 1 - 2 * alpha);
        return context.decideStudent(t.survivalProbability(estimate / se), t.cumulativeProbability(estimate / se),
                estimateWithInterval, tolerance, se, effective - 1, zeros);
    }

    /**
     * The series-level paired test: the mean change of each series, a one-sided Student (1908)
     * t-test across the S series (S − 1 degrees of freedom) and the t interval of their mean, a
     * cluster-level analysis (Donner &amp; Klar 2000) that stays valid whatever the dependence of
     * the runs within a series.
     */
    private static SequelChange bySeries(double[] changes, int[] seriesOf, Context context,
                                         AppliedTolerance tolerance) {
        double[] means = seriesMeans(changes, seriesOf);
        int count = means.length;
        int zeros = 0;
        for (double change : changes) {
            zeros += change == 0 ? 1 : 0;
        }
        double alpha = context.settings().alpha();
        if (count < 2) {
            return context.inconclusive("the series-level paired test needs 2 series at least, got " + count
                    + "; run more series, or declare the pairs independent (paired test RUNS)", tolerance,
                    Double.NaN);
        }
        double mean = Arrays.stream(means).average().orElse(0);
        double sum = 0;
        for (double m : means) {
            sum += (m - mean) * (m - mean);
        }
        double se = Math.sqrt(sum / (count - 1) / count);
        TDistribution t = TDistribution.of(count - 1);
        double greater;
        double less;
        if (se == 0) {
            // Every series changed by the same amount: a deterministic shift (or none).
            greater = mean > 0 ? 0 : 1;
            less = mean < 0 ? 0 : 1;
        } else {
            greater = t.survivalProbability(mean / se);
            less = t.cumulativeProbability(mean / se);
        }
        double critical = t.inverseSurvivalProbability(alpha);
        ShiftEstimate estimate = new ShiftEstimate(mean, mean - critical * se, mean + critical * se, 1 - 2 * alpha);
        return context.decideStudent(greater, less, estimate, tolerance, se, count - 1, zeros);
    }

    /** The mean change of each series that has a change, in series order. */
    private static double[] seriesMeans(double[] changes, int[] seriesOf) {
        double[] means = new double[changes.length];
        int count = 0;
        for (int i = 0; i < changes.length; ) {
            int start = i;
            double sum = 0;
            while (i < changes.length && seriesOf[i] == seriesOf[start]) {
                sum += changes[i++];
            }
            means[count++] = sum / (i - start);
        }
        return Arrays.copyOf(means, count);
    }

    /**
     * The p-value of the Kruskal–Wallis (1952) test that the per-run changes of the series come
     * from one distribution, with mid-ranks and the tie correction; 1 with one series or when
     * every change is equal.
     *
     * @param changes  the per-run changes, grouped by series
     * @param seriesOf the series of each change, non-decreasing
     * @return the p-value (chi-squared approximation on S − 1 degrees of freedom)
     */
    static double heterogeneityPValue(double[] changes, int[] seriesOf) {
        int total = changes.length;
        int[] doubled = Ranks.doubledMidRanks(changes);
        double sumOfTerms = 0;
        int groups = 0;
        for (int i = 0; i < total; ) {
            int start = i;
            double rankSum = 0;
            while (i < total && seriesOf[i] == seriesOf[start]) {
                rankSum += doubled[i++] / 2.0;
            }
            sumOfTerms += rankSum * rankSum / (i - start);
            groups++;
        }
        if (groups < 2) {
            return 1;
        }
        double[] sorted = changes.clone();
        Arrays.sort(sorted);
        double ties = 0;
        for (int i = 0; i < total; ) {
            int j = i;
            while (j < total && sorted[j] == sorted[i]) {
                j++;
            }
            double size = j - i;
            ties += size * size * size - size;
            i = j;
        }
        double correction = 1 - ties / ((double) total * total * total - total);
        if (correction <= 0) {
            return 1;
        }
        double h = (12.0 / (total * (total + 1.0)) * sumOfTerms - 3 * (total + 1.0)) / correction;
        return ChiSquaredDistribution.of(groups - 1).survivalProbability(Math.max(h, 0));
    }

    /**
     * The one-sided p-value of positive lag-1 serial correlation of the per-run changes within
     * series: the pooled lag-1 autocorrelation of the changes centred on their series' mean,
     * against its value under independence (−1/n for a series of n, Moran 1948), with standard
     * error 1/√N of N changes (Bartlett 1946); 1 without variation.
     *
     * @param changes  the per-run changes, grouped by series, in run order
     * @param seriesOf the series of each change, non-decreasing
     * @return the p-value (normal approximation)
     */
    static double serialCorrelationPValue(double[] changes, int[] seriesOf) {
        int total = changes.length;
        double lagged = 0;
        double squares = 0;
        double expected = 0;
        for (int i = 0; i < total; ) {
            int start = i;
            double sum = 0;
            while (i < total && seriesOf[i] == seriesOf[start]) {
                sum += changes[i++];
            }
            int n = i - start;
            double mean = sum / n;
            for (int k = start; k < i; k++) {
                double c = changes[k] - mean;
                squares += c * c;
                if (k > start) {
                    lagged += c * (changes[k - 1] - mean);
                }
            }
            expected += n * (-1.0 / n);
        }
        // No variation beyond rounding errors of the mean (changes equal to 1e-9): nothing to correlate.
        if (squares <= 1e-18 * total || total < 3) {
            return 1;
        }
        double r = lagged / squares;
        double z = (r - expected / total) * Math.sqrt(total);
        return NORMAL.survivalProbability(z);
    }

    /**
     * Compares two independent samples of observations of one metric (series medians or runs).
     *
     * @param reference the reference's observations; NaN is dropped
     * @param candidate the candidate's observations; NaN is dropped
     * @param settings  how to compare
     * @return the change and the outcome
     * @throws IllegalArgumentException if an array is null or a value is infinite
     */
    public static SequelChange unpaired(double[] reference, double[] candidate, ComparisonSettings settings) {
        Arguments.notNull("settings", settings);
        double[] ref = NanFree.of(Arguments.samples("reference", reference));
        double[] cand = NanFree.of(Arguments.samples("candidate", candidate));
        ChangeScale scale = ChangeScale.of(ref, cand);
        Context context = new Context(Design.UNPAIRED, scale, settings,
                ref.length == 0 ? Double.NaN : SequelArrays.median(ref), ref.length, cand.length, ref.length);
        if (ref.length == 0 || cand.length == 0) {
            String which = ref.length == 0 && cand.length == 0 ? "neither sequel has"
                    : ref.length == 0 ? "the reference has no" : "the candidate has no";
            return context.inconclusive(which + " valid observations", AppliedTolerance.NONE, Double.NaN);
        }
        double[] x = transform(ref, scale);
        double[] y = transform(cand, scale);
        AppliedTolerance tolerance = context.tolerance(x);
        double smallest = RankSumTest.smallestPValue(cand.length, ref.length);
        double se = robustSd(x) * Math.sqrt(Math.PI / 3 * (1.0 / ref.length + 1.0 / cand.length));
        if (smallest > settings.alpha()) {
            int needed = cand.length;
            while (RankSumTest.smallestPValue(needed, ref.length) > settings.alpha() && needed < 10_000) {
                needed++;
            }
            return context.inconclusive(String.format(Locale.ROOT, "too few observations to decide at alpha = %s:"
                    + " %d reference and %d candidate observations can give p-values no smaller than %.4g; with %d"
                    + " reference observations, at least %d candidate ones are needed",
                    Double.toString(settings.alpha()), ref.length, cand.length, smallest, ref.length, needed),
                    tolerance, smallest);
        }
        RankSumResult greater = RankSumTest.greater(y, x);
        RankSumResult less = RankSumTest.less(y, x);
        ShiftEstimate estimate = HodgesLehmann.shift(x, y, 1 - 2 * settings.alpha());
        return context.decide(greater.pValue(), less.pValue(), smallest, estimate, tolerance, se,
                robustDegreesOfFreedom(ref.length), 0);
    }

    /**
     * The median of each reference series' valid runs on the change scale, the values whose
     * variability score gives the default tolerance of a paired comparison.
     */
    private static double[] referenceSeriesMedians(double[][] reference, ChangeScale scale) {
        double[] medians = new double[reference.length];
        int count = 0;
        for (double[] series : reference) {
            double[] valid = NanFree.of(series);
            if (valid.length > 0) {
                medians[count++] = scale.transform(SequelArrays.median(valid));
            }
        }
        return Arrays.copyOf(medians, count);
    }

    /**
     * The margin of the launch tolerance: z(0.95). The default tolerance under a launch variation is
     * {@code (q + z(0.95))·√v}, q the one-sided 1 − α quantile of the launch variance's degrees of
     * freedom and v the launch variance: beyond what two launches of unchanged code differ by at
     * level α, by a margin; the within-launch noise is left to the interval (as for runs declared
     * independent), so the tolerance does not grow with it and costs no power where launches do
     * not vary (measured: docs/checks-calibration.md).
     */
    public static final double LAUNCH_TOLERANCE_MARGIN = 1.6448536269514722;

    /**
     * The comparison of one launch against another, with the variation between launches added to
     * the change's variance: a launch is a random effect that no comparison of two launches alone
     * sees (a shift common to all series, series effects, carried-over noise).
     *
     * <p>With {@code se_w} the standard error of the within-launch comparison
     * ({@link SequelChange#standardError()}) and {@code v} the launch variance, the change's
     * standard error is {@code se = √(se_w² + v)}, its degrees of freedom Satterthwaite's (1946)
     * {@code se⁴ / (se_w⁴/df_w + v²/df_v)}, and the decision uses the t (or normal) quantile and
     * p-values of {@code estimate / se} with the Hodges–Lehmann estimate kept: a change must stand
     * out of the launch-to-launch variation to count. When the tolerance is the default
     * ({@link Tolerance.Kind#SCORE}) it is raised to {@code (q + }{@link #LAUNCH_TOLERANCE_MARGIN}{@code )·√v},
     * q the launch variance's own one-sided quantile:
     * what the history (or the bound) says two launches of unchanged code can differ by, known
     * before the candidate ran. With {@code v = 0} the within-launch test and interval decide.
     *
     * @param within           the comparison of the two launches' runs
     * @param variance         the launch variance, relative (fraction², log scale for positive metrics)
     * @param degreesOfFreedom its degrees of freedom, {@code +∞} for a bound
     * @param source           what to name as the tolerance's source when the launch raises it:
     *                         {@link ToleranceSource#HISTORY} or {@link ToleranceSource#LAUNCH_BOUND}
     * @return the comparison with the launch variation
     * @throws IllegalArgumentException if a value is out of range
     */
    public static SequelChange withLaunchVariation(SequelChange within, double variance, double degreesOfFreedom,
                                                   ToleranceSource source) {
        Arguments.notNull("within", within);
        Arguments.notNull("source", source);
        if (!(variance >= 0) || Double.isInfinite(variance)) {
            throw new IllegalArgumentException("variance must be finite and >= 0, got " + variance);
        }
        if (!(degreesOfFreedom > 0)) {
            throw new IllegalArgumentException("degreesOfFreedom must be > 0 (or +inf), got " + degreesOfFreedom);
        }
        ComparisonSettings settings = within.settings();
        ChangeScale scale = within.scale();
        double alpha = settings.alpha();
        double magnitude = Math.abs(within.referenceMedian());
        double v = scale == ChangeScale.LOG_RATIO ? variance : variance * magnitude * magnitude;
        double z = NORMAL.inverseSurvivalProbability(alpha);
        double launchQuantile = Double.isInfinite(degreesOfFreedom) ? z
                : TDistribution.of(degreesOfFreedom).inverseSurvivalProbability(alpha);
        double tolerance = within.tolerance();
        ToleranceSource tolSource = within.toleranceSource();
        if (settings.tolerance().kind() == Tolerance.Kind.SCORE && Double.isFinite(tolerance) && v > 0) {
            double launch = scale.reported((launchQuantile + LAUNCH_TOLERANCE_MARGIN) * Math.sqrt(v));
            if (launch > tolerance) {
                tolerance = launch;
                tolSource = source;
            }
        }
        AppliedTolerance applied = new AppliedTolerance(tolerance, tolSource);
        Context context = new Context(within.design(), scale, settings, within.referenceMedian(),
                within.referenceCount(), within.candidateCount(), within.seriesCount());
        double estimate = within.change().estimate();
        double lower = within.change().lower();
        double upper = within.change().upper();
        if (Double.isNaN(estimate)) {
            return new SequelChange(within.design(), scale, within.outcome(), within.reason(), within.counts(),
                    within.pValues(), within.change(),
                    new SequelChange.Thresholds(tolerance, tolSource, within.minimumDetectableChange()),
                    within.referenceMedian(), settings);
        }
        double onEstimate = scale.fromReported(estimate);
        double onLower = scale.fromReported(lower);
        double onUpper = scale.fromReported(upper);
        boolean series = within.design() == Design.PAIRED_SERIES && within.seriesCount() >= 2;
        double withinDf = series ? within.seriesCount() - 1 : Double.POSITIVE_INFINITY;
        double withinQuantile = series ? TDistribution.of(withinDf).inverseSurvivalProbability(alpha) : z;
        boolean lowerIsBetter = settings.direction() == Direction.LOWER_IS_BETTER;
        if (v == 0 || !Double.isFinite(onLower) || !Double.isFinite(onUpper)) {
            // Nothing to add (or no finite interval to add it to): the within-launch test decides.
            double greater = lowerIsBetter ? within.worsePValue() : within.betterPValue();
            double less = lowerIsBetter ? within.betterPValue() : within.worsePValue();
            double se = (onUpper - onLower) / (2 * z);
            return context.decide(greater, less, within.smallestPValue(),
                    new ShiftEstimate(onEstimate, onLower, onUpper, within.change().confidence()), applied, se,
                    series ? withinDf : robustDegreesOfFreedom(Math.min(within.referenceCount(),
                            within.candidateCount())), within.zeros());
        }
        double seWithin = (onUpper - onLower) / (2 * withinQuantile);
        double se = Math.sqrt(seWithin * seWithin + v);
        double inverse = (Double.isInfinite(withinDf) ? 0 : Math.pow(seWithin, 4) / withinDf)
                + (Double.isInfinite(degreesOfFreedom) ? 0 : v * v / degreesOfFreedom);
        double df = inverse == 0 ? Double.POSITIVE_INFINITY : Math.pow(se, 4) / inverse;
        double greater;
        double less;
        double quantile;
        if (Double.isInfinite(df)) {
            quantile = z;
            greater = NORMAL.survivalProbability(onEstimate / se);
            less = NORMAL.cumulativeProbability(onEstimate / se);
        } else {
            TDistribution t = TDistribution.of(df);
            quantile = t.inverseSurvivalProbability(alpha);
            greater = t.survivalProbability(onEstimate / se);
            less = t.cumulativeProbability(onEstimate / se);
        }
        ShiftEstimate interval = new ShiftEstimate(onEstimate, onEstimate - quantile * se, onEstimate + quantile * se,
                1 - 2 * alpha);
        // The detectable change bounds the spread on the Satterthwaite degrees of freedom (large when unbounded).
        return context.decideStudent(greater, less, interval, applied, se, Math.min(df, MAX_DEGREES_OF_FREEDOM),
                within.zeros());
    }

    /** A tolerance as a reported value, and where it came from. */
    private record AppliedTolerance(double value, ToleranceSource source) {
        /** No tolerance: a side has no valid data. */
        static final AppliedTolerance NONE = new AppliedTolerance(Double.NaN, ToleranceSource.SCORE);
    }

    /** What every result of one comparison shares, and the decision rule. */
    private record Context(Design design, ChangeScale scale, ComparisonSettings settings, double referenceMedian,
                           int referenceCount, int candidateCount, int seriesCount) {

        /**
         * The tolerance as a reported value and where it came from: the settings' relative or
         * absolute value converted to the scale, or the default, the smaller of the score of the
         * given values (on the change scale) and {@link Tolerance#DEFAULT_LIMIT} of the reference
         * (the limit alone when the score is undefined: too few values for its interval).
         */
        AppliedTolerance tolerance(double[] scoreValues) {
            Tolerance tolerance = settings.tolerance();
            double magnitude = Math.abs(referenceMedian);
            return switch (tolerance.kind()) {
                case RELATIVE -> new AppliedTolerance(scale == ChangeScale.LOG_RATIO ? tolerance.value()
                        : tolerance.value() * magnitude, ToleranceSource.RELATIVE);
                case ABSOLUTE -> new AppliedTolerance(scale == ChangeScale.DIFFERENCE ? tolerance.value()
                        : tolerance.value() / magnitude, ToleranceSource.ABSOLUTE);
                case SCORE -> {
                    double limit = scale == ChangeScale.LOG_RATIO ? Tolerance.DEFAULT_LIMIT
                            : Tolerance.DEFAULT_LIMIT * magnitude;
                    double floor = scale == ChangeScale.LOG_RATIO ? tolerance.value()
                            : tolerance.value() * magnitude;
                    double score = scale.reported(score(scoreValues, settings));
                    AppliedTolerance capped = score < limit ? new AppliedTolerance(score, ToleranceSource.SCORE)
                            : new AppliedTolerance(limit, ToleranceSource.LIMIT);
                    // The floor wins over the limit too: a floor set above 2 % is the user's resolution.
                    yield capped.value() < floor ? new AppliedTolerance(floor, ToleranceSource.FLOOR) : capped;
                }
            };
        }

        SequelChange inconclusive(String reason, AppliedTolerance tolerance, double smallest) {
            return new SequelChange(design, scale, ComparisonOutcome.INCONCLUSIVE, reason,
                    new SequelChange.Counts(referenceCount, candidateCount, 0, seriesCount),
                    new SequelChange.PValues(Double.NaN, Double.NaN, smallest),
                    new ShiftEstimate(Double.NaN, Double.NaN, Double.NaN, 1 - 2 * settings.alpha()),
                    new SequelChange.Thresholds(tolerance.value(), tolerance.source(),
                            Double.isNaN(smallest) ? Double.NaN : Double.POSITIVE_INFINITY),
                    referenceMedian, settings);
        }

        SequelChange decide(double greaterP, double lessP, double smallest, ShiftEstimate onScale,
                            AppliedTolerance tol, double se, double df, int zeros) {
            return decide(greaterP, lessP, smallest, onScale, tol, se, df, zeros, settings.alpha(), false);
        }

        /** As above, for a Student t-test of the estimate on {@code df} degrees of freedom. */
        SequelChange decideStudent(double greaterP, double lessP, ShiftEstimate onScale, AppliedTolerance tol,
                                   double se, double df, int zeros) {
            return decide(greaterP, lessP, 0, onScale, tol, se, df, zeros, settings.alpha(), true);
        }

        /**
         * As above, each one-sided p-value compared with {@code alpha} (at most the settings' α);
         * {@code student}: the test is Student's t on {@code df}, whose power the detectable change
         * takes from the noncentral t.
         */
        SequelChange decide(double greaterP, double lessP, double smallest, ShiftEstimate onScale,
                            AppliedTolerance tol, double se, double df, int zeros, double alpha, boolean student) {
            double tolerance = tol.value();
            boolean lowerIsBetter = settings.direction() == Direction.LOWER_IS_BETTER;
            double worseP = lowerIsBetter ? greaterP : lessP;
            double betterP = lowerIsBetter ? lessP : greaterP;
            ShiftEstimate change = new ShiftEstimate(scale.reported(onScale.estimate()),
                    scale.reported(onScale.lower()), scale.reported(onScale.upper()), onScale.confidence());
            double badEstimate = lowerIsBetter ? change.estimate() : -change.estimate();
            ComparisonOutcome outcome;
            String reason = "";
            if (worseP <= alpha && badEstimate > tolerance) {
                outcome = ComparisonOutcome.REGRESSED;
            } else if (change.lower() >= -tolerance && change.upper() <= tolerance) {
                outcome = ComparisonOutcome.UNCHANGED;
            } else if (betterP <= alpha) {
                outcome = ComparisonOutcome.IMPROVED;
            } else {
                outcome = ComparisonOutcome.INCONCLUSIVE;
                reason = "the interval of the change is neither inside the tolerance nor significantly beyond it";
            }
            return new SequelChange(design, scale, outcome, reason,
                    new SequelChange.Counts(referenceCount, candidateCount, zeros, seriesCount),
                    new SequelChange.PValues(worseP, betterP, smallest), change,
                    new SequelChange.Thresholds(tolerance, tol.source(), minimumDetectableChange(tolerance, se, df, alpha, student)),
                    referenceMedian, settings);
        }

        /**
         * The change in the bad direction reported as regressed with at least the settings' power
         * (reported value). The normal-theory change {@code max((z(1−α) + z(power))·se, t + z(power)·se)}
         * under-delivers with an estimated spread (a true power of 63–88 % at 80 % was measured), so
         * the standard error is replaced by its upper confidence bound at {@value #SPREAD_CONFIDENCE}
         * ({@code se·√(df/χ²(df))} for the {@code df} degrees of freedom its spread rests on) and the
         * quantiles by Student's t on {@code df}; docs/checks-calibration.md gives the power this
         * delivers.
         */
        private double minimumDetectableChange(double tolerance, double se, double df, double alpha,
                                               boolean student) {
            if (Double.isNaN(se)) {
                return Double.NaN;
            }
            double freedom = Math.max(1, df);
            TDistribution t = TDistribution.of(freedom);
            double upper = se * Math.sqrt(freedom / ChiSquaredDistribution.of(freedom)
                    .inverseCumulativeProbability(1 - SPREAD_CONFIDENCE));
            double tPower = t.inverseCumulativeProbability(settings.power());
            // A t-test's power is the noncentral t's (its own spread estimate spreads the statistic);
            // t(1−α) + t(power) gave 77 % at 4 degrees of freedom. Rank tests keep the sum.
            double shift = student ? NoncentralT.shift(freedom, alpha, settings.power())
                    : t.inverseSurvivalProbability(alpha) + tPower;
            double onScaleTolerance = scale.fromReported(tolerance);
            double needed = Math.max(shift * upper, onScaleTolerance + tPower * upper);
            return scale.reported(needed);
        }
    }

    /** Degrees of freedom that stand for "known spread": Student's t there is the normal law to 6 digits. */
    private static final double MAX_DEGREES_OF_FREEDOM = 1e6;

    /**
     * The degrees of freedom a robust spread of n values rests on: 37 % of n − 1, the asymptotic
     * efficiency of the median absolute deviation against the standard deviation under normality
     * (Huber and Ronchetti 2009, §5.1); at least 1.
     */
    static double robustDegreesOfFreedom(int n) {
        return Math.max(1, MAD_EFFICIENCY * (n - 1));
    }

    /**
     * The variability score of values on the change scale: the width of the two-sided Thompson
     * interval of the settings' percentile pair; NaN with too few values.
     */
    static double score(double[] values, ComparisonSettings settings) {
        // The stationarity checks of a series' score do not apply to changes; only the width is used.
        return VariabilityScores.score(values, settings.scorePercentile(), settings.scoreConfidence(),
                IntervalKind.TWO_SIDED, null, Mode.SOUND).score();
    }

    /**
     * A robust standard deviation: 1.4826 times the median absolute deviation, or the sample
     * standard deviation when more than half the values are equal; NaN below two values.
     */
    static double robustSd(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        double center = SequelArrays.median(values);
        double[] deviations = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            deviations[i] = Math.abs(values[i] - center);
        }
        double mad = SequelArrays.median(deviations);
        if (mad > 0) {
            return MAD_TO_SD * mad;
        }
        double mean = Arrays.stream(values).average().orElse(0);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return Math.sqrt(sum / (values.length - 1));
    }

    private static double[] transform(double[] values, ChangeScale scale) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = scale.transform(values[i]);
        }
        return out;
    }
}
