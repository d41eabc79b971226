package org.triscale.engine.independence;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.triscale.engine.CheckResult;

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

    private static double[] uniform(UniformRandomProvider rng, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextDouble();
        }
        return v;
    }
}
