package org.triscale.engine.trend;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.triscale.engine.calibration.Calibration;
import org.triscale.engine.calibration.IidModel;

/**
 * Seeded Monte Carlo calibration of the Mann–Kendall check: false-alarm rate ≤ α on i.i.d. data
 * at every n, power against a linear drift, and an exact (not simulated) check that the normal
 * approximation is conservative where it replaces the exact distribution.
 */
class MannKendallCalibrationTest {
    private static final long FALSE_ALARM_SEED = 1_945_000_000L;
    private static final long POWER_SEED = 1_975_000_000L;
    private static final int[] POWER_SIZES = {10, 20, 50};

    /**
     * Power against a drift of 1 standard deviation over the series, measured with 20,000
     * replications per n in the full calibration (see docs/checks-calibration.md); α = 0.025, 0.05.
     */
    private static final double[][] MEASURED_POWER = {{0.053, 0.124}, {0.145, 0.221}, {0.393, 0.504}};

    @Test
    void falseAlarmRateIsAtMostAlphaOnIidData() {
        int r = Calibration.replications(1_000, 20_000);
        StringBuilder table = header("Mann–Kendall false-alarm rate on i.i.d. data (" + r + " replications per cell)");
        SoftAssertions soft = new SoftAssertions();
        for (IidModel model : IidModel.values()) {
            double[][] rates = new double[Calibration.ALPHAS.length][Calibration.SIZES.length];
            for (int c = 0; c < Calibration.SIZES.length; c++) {
                int n = Calibration.SIZES[c];
                DoubleSupplier gen = model.generator(Calibration.rng(Calibration.seed(FALSE_ALARM_SEED, model, n)));
                int[] rejected = new int[Calibration.ALPHAS.length];
                for (int rep = 0; rep < r; rep++) {
                    double p = MannKendallTest.pValue(IidModel.draw(gen, n));
                    for (int a = 0; a < Calibration.ALPHAS.length; a++) {
                        rejected[a] += p <= Calibration.ALPHAS[a] ? 1 : 0;
                    }
                }
                for (int a = 0; a < Calibration.ALPHAS.length; a++) {
                    double alpha = Calibration.ALPHAS[a];
                    rates[a][c] = rejected[a] / (double) r;
                    soft.assertThat(rates[a][c]).as("%s, n = %d, alpha = %s", model, n, alpha)
                            .isLessThanOrEqualTo(alpha + 3 * Calibration.standardError(alpha, r));
                }
            }
            for (int a = 0; a < Calibration.ALPHAS.length; a++) {
                row(table, model.label() + ", α = " + Calibration.ALPHAS[a], rates[a]);
            }
        }
        Calibration.publish("mann-kendall-false-alarm", table.toString());
        soft.assertAll();
    }

    @Test
    void powerAgainstALinearDriftOfOneStandardDeviation() {
        int r = Calibration.replications(1_000, 20_000);
        StringBuilder table = new StringBuilder("Mann–Kendall power against a linear drift of 1 standard deviation"
                + " over the series, normal noise (" + r + " replications per n)\n\n| n | α = 0.025 | α = 0.05 |\n"
                + "|---|---|---|\n");
        SoftAssertions soft = new SoftAssertions();
        for (int c = 0; c < POWER_SIZES.length; c++) {
            int n = POWER_SIZES[c];
            UniformRandomProvider rng = Calibration.rng(POWER_SEED + n);
            ZigguratSampler.NormalizedGaussian noise = ZigguratSampler.NormalizedGaussian.of(rng);
            int[] rejected = new int[Calibration.ALPHAS.length];
            for (int rep = 0; rep < r; rep++) {
                double[] x = new double[n];
                for (int t = 0; t < n; t++) {
                    x[t] = noise.sample() + t / (n - 1.0);
                }
                double p = MannKendallTest.pValue(x);
                for (int a = 0; a < Calibration.ALPHAS.length; a++) {
                    rejected[a] += p <= Calibration.ALPHAS[a] ? 1 : 0;
                }
            }
            table.append("| ").append(n);
            for (int a = 0; a < Calibration.ALPHAS.length; a++) {
                double power = rejected[a] / (double) r;
                table.append(" | ").append(Calibration.percent(power));
                double floor = MEASURED_POWER[c][a] - 3 * Calibration.standardError(MEASURED_POWER[c][a], r)
                        - 3 * Calibration.standardError(MEASURED_POWER[c][a], 20_000);
                soft.assertThat(power).as("power at n = %d, alpha = %s", n, Calibration.ALPHAS[a])
                        .isGreaterThanOrEqualTo(floor);
            }
            table.append(" |\n");
        }
        Calibration.publish("mann-kendall-power", table.toString());
        soft.assertAll();
    }

    /**
     * Where the normal approximation is used (more than 2^62 orderings), its false-alarm rate is
     * computed exactly from the permutation distribution of S (BigInteger arithmetic) for tie
     * structures from none to two-valued: it must not exceed α for α ≤ 0.05.
     */
    @Test
    void normalApproximationIsConservativeWhereItIsUsed() {
        // Asserted for α ≤ 0.05 (the promise); larger α are printed to document the approximation.
        double[] alphas = {0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5};
        List<int[]> structures = new ArrayList<>();
        int[] sizes = Calibration.full() ? new int[] {21, 25, 30, 40, 50, 60, 80, 100, 150, 200}
                : new int[] {21, 30, 50, 100, 200};
        UniformRandomProvider rng = Calibration.rng(1_000_000_007L);
        for (int n : sizes) {
            structures.add(KendallScoreDistributionTest.ones(n));
            if (n > 100 && !Calibration.full()) {
                continue;
            }
            int[] twoValued = Calibration.full() ? new int[] {1, 2, 3, 5, 8, n / 4, n / 3, n / 2}
                    : new int[] {3, n / 2};
            for (int k : twoValued) {
                structures.add(new int[] {k, n - k});
            }
            structures.add(new int[] {n / 3, n / 3, n - 2 * (n / 3)});
            int[] pairs = new int[(n + 1) / 2];
            Arrays.fill(pairs, 2);
            pairs[pairs.length - 1] = 2 - n % 2;
            structures.add(pairs);
            for (double mean : Calibration.full() ? new double[] {0.5, 1, 2, 5, 10, 30} : new double[] {2, 10}) {
                structures.add(poissonGroups(PoissonSampler.of(rng, mean), n));
            }
        }
        StringBuilder worst = new StringBuilder();
        SoftAssertions soft = new SoftAssertions();
        double[] worstRatio = new double[alphas.length];
        int checked = 0;
        for (int[] groups : structures) {
            if (KendallScoreDistribution.orderings(groups) >= 0) {
                continue; // the exact distribution is used: nothing to approximate
            }
            checked++;
            double[] size = normalApproximationSize(groups, alphas);
            for (int a = 0; a < alphas.length; a++) {
                worstRatio[a] = Math.max(worstRatio[a], size[a] / alphas[a]);
                if (alphas[a] <= 0.05) {
                    soft.assertThat(size[a]).as("ties %s, alpha %s", Arrays.toString(groups), alphas[a])
                            .isLessThanOrEqualTo(alphas[a]);
                }
            }
        }
        worst.append("Mann–Kendall normal approximation, exact false-alarm rate / α, worst over ").append(checked)
                .append(" tie structures with n in ").append(Arrays.toString(sizes)).append(":");
        for (int a = 0; a < alphas.length; a++) {
            worst.append(String.format(Locale.ROOT, " α = %s: %.4f;", alphas[a], worstRatio[a]));
        }
        Calibration.publish("mann-kendall-normal-approximation", worst.toString());
        assertThat(checked).isGreaterThan(10);
        soft.assertAll();
    }

    private static int[] poissonGroups(org.apache.commons.rng.sampling.distribution.DiscreteSampler sampler, int n) {
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = sampler.sample();
        }
        Arrays.sort(values);
        List<Integer> groups = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || values[i] != values[start]) {
                groups.add(i - start);
                start = i;
            }
        }
        return groups.stream().mapToInt(Integer::intValue).toArray();
    }

    /** P(normal-approximation p ≤ α) under the exact permutation distribution of S. */
    private static double[] normalApproximationSize(int[] groups, double[] alphas) {
        BigInteger[] counts = exactCounts(groups);
        int n = Arrays.stream(groups).sum();
        int maxScore = counts.length - 1;
        BigInteger total = BigInteger.ZERO;
        BigInteger[] rejected = new BigInteger[alphas.length];
        Arrays.fill(rejected, BigInteger.ZERO);
        for (int inversions = 0; inversions <= maxScore; inversions++) {
            total = total.add(counts[inversions]);
            double p = MannKendallTest.normalPValue(maxScore - 2L * inversions, n, groups);
            for (int a = 0; a < alphas.length; a++) {
                if (p <= alphas[a]) {
                    rejected[a] = rejected[a].add(counts[inversions]);
                }
            }
        }
        double[] size = new double[alphas.length];
        for (int a = 0; a < alphas.length; a++) {
            size[a] = new BigDecimal(rejected[a]).divide(new BigDecimal(total), MathContext.DECIMAL64).doubleValue();
        }
        return size;
    }

    /** Counts of orderings by number of inversions, q-multinomial coefficients in BigInteger. */
    private static BigInteger[] exactCounts(int[] groups) {
        int n = Arrays.stream(groups).sum();
        long maxScore = (long) n * (n - 1) / 2;
        for (int g : groups) {
            maxScore -= (long) g * (g - 1) / 2;
        }
        BigInteger[] c = new BigInteger[(int) maxScore + n + 1];
        Arrays.fill(c, BigInteger.ZERO);
        c[0] = BigInteger.ONE;
        int degree = 0;
        int placed = 0;
        for (int size : groups) {
            for (int i = 1; i <= size; i++) {
                int d = placed + i;
                for (int s = degree + d; s >= d; s--) {
                    c[s] = c[s].subtract(c[s - d]);
                }
                for (int s = i; s <= degree + d; s++) {
                    c[s] = c[s].add(c[s - i]);
                }
                degree += placed;
            }
            placed += size;
        }
        return Arrays.copyOf(c, (int) maxScore + 1);
    }

    private static StringBuilder header(String title) {
        StringBuilder sb = new StringBuilder(title).append("\n\n| data, α |");
        for (int n : Calibration.SIZES) {
            sb.append(" n = ").append(n).append(" |");
        }
        sb.append("\n|---|");
        sb.append("---|".repeat(Calibration.SIZES.length));
        return sb.append('\n');
    }

    private static void row(StringBuilder table, String label, double[] rates) {
        table.append("| ").append(label).append(" |");
        for (double rate : rates) {
            table.append(' ').append(Calibration.percent(rate)).append(" |");
        }
        table.append('\n');
    }
}
