package org.triscale.engine.independence;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.engine.CheckResult;
import org.triscale.engine.ReferenceVectors;
import org.triscale.engine.numeric.PairwiseSum;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** TriScale's autocorrelation test: edge cases and what it detects. */
class AutocorrelationTestTest {

    @Test
    void constantValuesPass() {
        CheckResult result = AutocorrelationTest.test(new double[] {5, 5, 5, 5, 5, 5});
        assertThat(result.passed()).isTrue();
        assertThat(result.statistic()).isZero();
        assertThat(result.name()).isEqualTo(AutocorrelationTest.NAME);
    }

    @Test
    void singleValuePasses() {
        CheckResult result = AutocorrelationTest.test(new double[] {1});
        assertThat(result.passed()).isTrue();
        assertThat(result.description()).contains("single value");
    }

    @Test
    void alternatingValuesFail() {
        double[] values = new double[20];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 2 == 0 ? 1 : -1;
        }
        CheckResult result = AutocorrelationTest.test(values);
        assertThat(result.passed()).isFalse();
        assertThat(result.description()).contains("outside");
        assertThat(AutocorrelationTest.autocorrelation(values)[0]).isEqualTo(1.0);
    }

    @Test
    void normalisesByTheLagZeroSum() {
        double[] r = AutocorrelationTest.autocorrelation(new double[] {1, 2, 3});
        // d = (−1, 0, 1): r0 = 2, r1 = 0, r2 = −1.
        assertThat(r).containsExactly(new double[] {1, 0, -0.5}, within(1e-15));
        assertThat(AutocorrelationTest.threshold(16)).isEqualTo(0.49);
    }

    /**
     * Expectations derived by hand from the definition r_k = Σ d_i d_(i+k) / Σ d_i² (d the
     * deviations from the mean) and the band ±1.96/√n, not from the implementation.
     */
    @Test
    void closedFormCasesGiveTheirLargestLagAndDecision() {
        // ±1 alternating, n = 20: r_k = (−1)^k (20 − k) / 20, largest |r_1| = 0.95 > 1.96/√20 = 0.438.
        double[] alternating = new double[20];
        // 1, 1, −1, −1 repeated, n = 20: r_1 = 1/20, r_2 = −18/20, r_4 = 16/20; largest 0.9 at lag 2.
        double[] pairs = new double[20];
        for (int i = 0; i < 20; i++) {
            alternating[i] = i % 2 == 0 ? 1 : -1;
            pairs[i] = i % 4 < 2 ? 1 : -1;
        }
        CheckResult a = AutocorrelationTest.test(alternating);
        assertThat(a.passed()).isFalse();
        assertThat(a.statistic()).isCloseTo(0.95, within(1e-15));
        assertThat(a.description()).contains("0.950 (lag 1)", "outside the band +/-0.438 = 1.96/sqrt(20)");
        CheckResult p = AutocorrelationTest.test(pairs);
        assertThat(p.passed()).isFalse();
        assertThat(p.statistic()).isCloseTo(0.9, within(1e-15));
        assertThat(p.description()).contains("0.900 (lag 2)");
        assertThat(AutocorrelationTest.autocorrelation(pairs)).startsWith(new double[] {1, 0.05, -0.9, -0.05, 0.8},
                within(1e-15));
        // 1, 2, 3: r = (1, 0, −0.5) inside the band 1.96/√3 = 1.132, largest 0.5 at lag 2.
        CheckResult ramp = AutocorrelationTest.test(new double[] {1, 2, 3});
        assertThat(ramp.passed()).isTrue();
        assertThat(ramp.statistic()).isCloseTo(0.5, within(1e-15));
        assertThat(ramp.description()).contains("0.500 (lag 2)", "within", "no dependence detected");
    }

    @Test
    void falseAlarmRateGrowsWithTheSampleSize() {
        // Documents the weakness SOUND mode fixes: on i.i.d. data this test fails far more often
        // than 5 % (about 15 % at n = 20, 66 % at n = 100).
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(17L);
        int replications = 1000;
        int fails20 = 0;
        int fails100 = 0;
        for (int r = 0; r < replications; r++) {
            fails20 += AutocorrelationTest.test(uniform(rng, 20)).passed() ? 0 : 1;
            fails100 += AutocorrelationTest.test(uniform(rng, 100)).passed() ? 0 : 1;
        }
        assertThat(fails20 / (double) replications).isBetween(0.08, 0.25);
        assertThat(fails100 / (double) replications).isBetween(0.5, 0.8);
    }

    @Test
    void rejectsInvalidValues() {
        assertThatThrownBy(() -> AutocorrelationTest.test(new double[0]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(">= 1");
        assertThatThrownBy(() -> AutocorrelationTest.test(new double[] {1, Double.NaN}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values[1]");
        assertThatThrownBy(() -> AutocorrelationTest.test(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values");
    }

    @Test
    void fftPathDecidesExactlyAsTheDirectSumsOnRandomAndAdversarialData() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(23L);
        List<double[]> series = new ArrayList<>();
        for (int n : new int[] {2, 3, 7, 64, 257, 1000, 3001}) {
            series.add(uniform(rng, n));
            double[] walk = new double[n];
            double[] sine = new double[n];
            double[] spike = new double[n];
            double[] steps = new double[n];
            for (int i = 0; i < n; i++) {
                walk[i] = (i == 0 ? 0 : walk[i - 1]) + rng.nextDouble() - 0.5;
                sine[i] = Math.sin(i / 7.0) + 0.1 * rng.nextDouble();
                spike[i] = i == n / 3 ? 1e6 : 1;
                steps[i] = Math.floor(4.0 * i / n) + 1e9;
            }
            series.addAll(List.of(walk, sine, spike, steps));
        }
        for (double[] values : series) {
            CheckResult expected = direct(values);
            CheckResult fft = AutocorrelationTest.test(values, 0);
            assertThat(fft).as("n=" + values.length).isEqualTo(expected);
            assertThat(AutocorrelationTest.test(values)).isEqualTo(expected);
        }
    }

    @Test
    void fftAutocorrelationIsWithinOneInATrillionOfTheDirectSums() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(29L);
        for (int n : new int[] {AutocorrelationTest.DIRECT_LIMIT + 1, 2000, 5000}) {
            double[] values = uniform(rng, n);
            for (int i = 1; i < n; i++) {
                values[i] += 0.7 * values[i - 1];
            }
            double[] fft = AutocorrelationTest.autocorrelation(values);
            double[] direct = directAutocorrelation(values);
            assertThat(fft[0]).isEqualTo(1.0);
            for (int k = 0; k < n; k++) {
                assertThat(fft[k]).as("lag " + k).isCloseTo(direct[k], within(1e-12));
            }
        }
    }

    @Test
    void referenceCasesGiveTheSameOutcomeThroughTheFft() {
        for (JsonNode c : ReferenceVectors.cases("independence_test")) {
            double[] data = ReferenceVectors.numbers(c.get("input").get("data"));
            CheckResult fft = AutocorrelationTest.test(data, 0);
            assertThat(fft).as(c.get("id").asText()).isEqualTo(direct(data));
            assertThat(fft.passed()).isEqualTo(c.get("expected").get("independent").asBoolean());
        }
    }

    @Test
    void longSeriesAreTestedInOLogN() {
        // 4·10^5 values took 49 s with the direct sums; the FFT takes well under a second. Not a
        // timing assertion: the test runs at all only because the cost is no longer quadratic.
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(31L);
        double[] values = uniform(rng, 400_000);
        CheckResult result = AutocorrelationTest.test(values);
        assertThat(result.statistic()).isBetween(0.0, 0.01);
        double[] trend = new double[400_000];
        for (int i = 0; i < trend.length; i++) {
            trend[i] = i + values[i];
        }
        assertThat(AutocorrelationTest.test(trend).passed()).isFalse();
    }

    @Test
    void extremeFiniteValuesAreTestedAsTheirScaledCopies() {
        // The products of 1.5e308 overflow and those of 1e-200 underflow: before, the first gave
        // NaN (dependent) and the second looked constant (independent).
        double[] pattern = {1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1};
        CheckResult plain = AutocorrelationTest.test(pattern);
        for (double scale : new double[] {1.5e308, 1e-200, 0x1p-1070}) {
            double[] values = pattern.clone();
            for (int i = 0; i < values.length; i++) {
                values[i] *= scale;
            }
            CheckResult result = AutocorrelationTest.test(values);
            assertThat(result.passed()).as("scale " + scale).isEqualTo(plain.passed());
            assertThat(result.statistic()).isCloseTo(plain.statistic(), within(1e-15));
            assertThat(AutocorrelationTest.autocorrelation(values)).containsExactly(
                    AutocorrelationTest.autocorrelation(pattern), within(1e-15));
        }
        assertThat(plain.passed()).isFalse();
    }

    /** The reference's quadratic algorithm, as this class computed it before the FFT. */
    private static double[] directAutocorrelation(double[] values) {
        int n = values.length;
        double mean = PairwiseSum.mean(values);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = values[i] - mean;
        }
        double[] r = new double[n];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            double s = 0;
            for (int i = 0; i + k < n; i++) {
                s += d[i] * d[i + k];
            }
            r[k] = s;
            max = Math.max(max, s);
        }
        if (!Double.isNaN(max) && max != 0) {
            for (int k = 0; k < n; k++) {
                r[k] /= max;
            }
        }
        return r;
    }

    /** The class's own exact path: every lag summed directly, no FFT. */
    private static CheckResult direct(double[] values) {
        return AutocorrelationTest.test(values, Integer.MAX_VALUE);
    }

    private static double[] uniform(UniformRandomProvider rng, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextDouble();
        }
        return v;
    }
}
