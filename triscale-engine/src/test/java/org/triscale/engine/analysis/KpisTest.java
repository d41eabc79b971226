package org.triscale.engine.analysis;

import org.junit.jupiter.api.Test;
import org.triscale.engine.CheckResult;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;
import org.triscale.engine.bounds.IntervalKind;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** KPIs: sides, edge cases, and the stationarity checks of both modes. */
class KpisTest {
    private static final double[] TEN = {50.77, 50.37, 48.59, 50.47, 49.28, 50.28, 49.71, 51.77, 49.02, 50.74};

    @Test
    void medianNeedsASide() {
        assertThatThrownBy(() -> Kpis.kpi(TEN, 50, 75, null, null, Mode.TRISCALE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("side")
                .hasMessageContaining("Side.LOWER");
        assertThat(Kpis.kpi(TEN, 50, 75, Side.LOWER, null, Mode.TRISCALE).side()).isEqualTo(Side.LOWER);
    }

    @Test
    void sideDefaultsByPercentileAndValueIsReadFromTheSortedData() {
        double[] sorted = TEN.clone();
        Arrays.sort(sorted);
        KpiResult upper = Kpis.kpi(TEN, 75, 75, null, null, Mode.TRISCALE);
        assertThat(upper.side()).isEqualTo(Side.UPPER);
        assertThat(upper.index()).isEqualTo(upper.interval().upperIndex().getAsInt());
        assertThat(upper.value()).isEqualTo(sorted[upper.index()]);
        assertThat(upper.defined()).isTrue();
        assertThat(upper.interval().kind()).isEqualTo(IntervalKind.ONE_SIDED);
        KpiResult lower = Kpis.kpi(TEN, 25, 75, null, null, Mode.TRISCALE);
        assertThat(lower.side()).isEqualTo(Side.LOWER);
        assertThat(lower.value()).isEqualTo(sorted[lower.interval().lowerIndex().getAsInt()]);
    }

    @Test
    void tooFewValuesForTheBound() {
        KpiResult kpi = Kpis.kpi(new double[] {1, 2, 3}, 95, 95, null, null, Mode.TRISCALE);
        assertThat(kpi.defined()).isFalse();
        assertThat(kpi.value()).isNaN();
        assertThat(kpi.index()).isEqualTo(-1);
    }

    @Test
    void nanIsDroppedAndCounted() {
        double[] values = Arrays.copyOf(TEN, 12);
        values[10] = Double.NaN;
        values[11] = Double.NaN;
        KpiResult kpi = Kpis.kpi(values, 75, 75, null, null, Mode.TRISCALE);
        assertThat(kpi.values()).isEqualTo(10);
        assertThat(kpi.droppedNaN()).isEqualTo(2);
        assertThat(kpi.value()).isEqualTo(Kpis.kpi(TEN, 75, 75, null, null, Mode.TRISCALE).value());
    }

    @Test
    void fewerThanTwoValues() {
        KpiResult kpi = Kpis.kpi(new double[] {Double.NaN, 3}, 75, 75, null, null, Mode.TRISCALE);
        assertThat(kpi.defined()).isFalse();
        assertThat(kpi.stationarity().stationary()).isFalse();
        assertThat(kpi.values()).isEqualTo(1);
        assertThat(Kpis.kpi(new double[0], 75, 75, null, null, Mode.SOUND).values()).isZero();
    }

    @Test
    void triscaleChecksTrendAndAutocorrelation() {
        KpiResult kpi = Kpis.kpi(TEN, 75, 75, null, ValueRange.of(0, 100), Mode.TRISCALE);
        assertThat(kpi.stationarity().mode()).isEqualTo(Mode.TRISCALE);
        assertThat(kpi.stationarity().checks()).extracting(CheckResult::name)
                .containsExactly("theil-sen-trend", "autocorrelation");
        assertThat(kpi.stationarity().stationary()).isTrue();
    }

    @Test
    void triscaleConstantValuesFallBackToStationary() {
        double[] constant = {7, 7, 7, 7, 7, 7};
        KpiResult kpi = Kpis.kpi(constant, 75, 75, null, ValueRange.of(0, 1), Mode.TRISCALE);
        assertThat(kpi.stationarity().stationary()).isTrue();
        assertThat(kpi.value()).isEqualTo(7);
    }

    @Test
    void triscaleTrendIsNotStationary() {
        double[] trend = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        KpiResult kpi = Kpis.kpi(trend, 75, 75, null, null, Mode.TRISCALE);
        assertThat(kpi.stationarity().stationary()).isFalse();
        assertThat(kpi.stationarity().checks().get(0).passed()).isFalse();
    }

    @Test
    void soundSkipsTheChecksBelowFiveValues() {
        KpiResult kpi = Kpis.kpi(new double[] {1, 3, 2, 4}, 75, 75, null, null, Mode.SOUND);
        assertThat(kpi.stationarity().stationary()).isTrue();
        assertThat(kpi.stationarity().checks()).singleElement()
                .satisfies(c -> assertThat(c.description()).contains("too few values to test"));
    }

    @Test
    void soundConstantValuesPass() {
        KpiResult kpi = Kpis.kpi(new double[] {2, 2, 2, 2, 2, 2, 2}, 75, 75, null, null, Mode.SOUND);
        assertThat(kpi.stationarity().stationary()).isTrue();
        assertThat(kpi.stationarity().checks()).extracting(CheckResult::name).containsExactly("constant");
    }

    @Test
    void soundCombinesBothChecksAtTwoAndAHalfPercent() {
        double[] values = {1, 3, 2, 5, 4, 6};
        CheckResult pass = new CheckResult("a", true, 0, 0.5, "ok");
        CheckResult fail = new CheckResult("b", false, 0, 0.001, "not ok");
        double[] seen = new double[2];
        Stationarity both = StationarityChecks.sound(values, (v, a) -> {
            seen[0] = a;
            return pass;
        }, (v, a) -> {
            seen[1] = a;
            return pass;
        });
        assertThat(both.stationary()).isTrue();
        assertThat(both.checks()).containsExactly(pass, pass);
        assertThat(seen).containsExactly(0.025, 0.025);
        assertThat(StationarityChecks.sound(values, (v, a) -> fail, (v, a) -> pass).stationary()).isFalse();
        assertThat(StationarityChecks.sound(values, (v, a) -> pass, (v, a) -> fail).stationary()).isFalse();
        assertThat(StationarityChecks.sound(values, (v, a) -> pass, (v, a) -> fail).mode()).isEqualTo(Mode.SOUND);
    }

    @Test
    void aTrendBelowTheResolutionIsQuietAndATrendAboveItCarriesItsSize() {
        // 25 runs of a 10.47 ms metric rising by 0.0004 ms in all: Mann–Kendall sees it, it does not matter.
        double[] tiny = new double[25];
        double[] large = new double[25];
        for (int i = 0; i < 25; i++) {
            double noise = ((i * 7) % 5 - 2) * 1e-6;
            tiny[i] = 10.47 + 0.0004 * i / 24 + noise;
            large[i] = 10.47 + 0.5 * i / 24 + 100 * noise;
        }
        assertThat(org.triscale.engine.trend.MannKendallTest.test(tiny, 0.025).passed()).isFalse();
        CheckResult quiet = StationarityChecks.sizedTrend(tiny, 0.025);
        assertThat(quiet.passed()).isTrue();
        assertThat(quiet.description()).contains("monotonic trend detected")
                .contains("size: +1.667e-05 per value (Theil–Sen), +0.0004 over the 25 values, 0.00382 % of the median 10.47, below the 1 % resolution: not reported");
        CheckResult drift = StationarityChecks.sizedTrend(large, 0.025);
        assertThat(drift.passed()).isFalse();
        assertThat(drift.description()).contains("size: +0.02083 per value (Theil–Sen), +0.5 over the 25 values, 4.664 %"
                + " of the median 10.72");
        // Around 0 there is no relative size: the trend is reported with its absolute size.
        double[] centred = large.clone();
        double[] sorted = large.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < centred.length; i++) {
            centred[i] -= sorted[12];
        }
        CheckResult absolute = StationarityChecks.sizedTrend(centred, 0.025);
        assertThat(absolute.passed()).isFalse();
        assertThat(absolute.description()).contains("(the median is 0: no relative size)");
        assertThat(Kpis.kpi(tiny, 75, 75, null, null, Mode.SOUND).stationarity().checks().get(0).passed()).isTrue();
    }

    @Test
    void rejectsInvalidArguments() {
        assertThatThrownBy(() -> Kpis.kpi(null, 75, 75, null, null, Mode.SOUND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values");
        assertThatThrownBy(() -> Kpis.kpi(new double[] {1, Double.POSITIVE_INFINITY}, 75, 75, null, null, Mode.SOUND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("values[1]");
        assertThatThrownBy(() -> Kpis.kpi(TEN, 0, 75, null, null, Mode.SOUND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("percentile");
        assertThatThrownBy(() -> Kpis.kpi(TEN, 75, 100, null, null, Mode.SOUND))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidence");
        assertThatThrownBy(() -> Kpis.kpi(TEN, 75, 75, null, null, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mode");
    }
}
