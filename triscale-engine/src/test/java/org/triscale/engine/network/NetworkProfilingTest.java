package org.triscale.engine.network;

import org.junit.jupiter.api.Test;
import org.triscale.engine.Mode;
import org.triscale.engine.ValueRange;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link NetworkProfiling} on generated series whose answer is known, and on bad input. */
class NetworkProfilingTest {
    private static final ValueRange PERCENT = ValueRange.of(0, 100);

    /** Two-hourly reception rate for {@code weeks} weeks: a daily cycle (lag 12), AR(1) noise. */
    private static double[] daily(long seed, int weeks, boolean weekly) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 84 * weeks;
        double[] x = new double[n];
        double noise = 0;
        for (int t = 0; t < n; t++) {
            noise = 0.5 * noise + gaussian(random);
            double weekend = weekly && t % 84 >= 60 ? 1.5 : 0;
            x[t] = 93 + 2 * Math.cos(2 * Math.PI * t / 12) + weekend + 0.6 * noise;
        }
        return x;
    }

    private static double gaussian(SplittableRandom random) {
        // Box–Muller: enough for test data, and reproducible from the seed alone.
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static double[] iid(long seed, int n) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 90 + 3 * gaussian(random);
        }
        return x;
    }

    /** Seeds of the rate tests: enough series to tell 75 % from 50 %, fast enough for every build. */
    private static final int SEEDS = 40;

    @Test
    void aDailyCycleIsItsOneSeasonalPeriod() {
        NetworkProfile profile = NetworkProfiling.profile(daily(1, 3, false), PERCENT, Mode.TRISCALE);
        assertThat(profile.iid()).isFalse();
        assertThat(profile.convergence().converged()).isTrue();
        // The day first; noise lifted the repeat at 60 above those at 48 and 72 in this series.
        assertThat(profile.seasonalPeriods()).containsExactly(12, 60);
        assertThat(profile.largestPeriod()).isEqualTo(60);
        // The other repeats (24, 36 ...) are peaks but fall off: not periods of their own.
        assertThat(profile.peaks()).extracting(NetworkProfile.Peak::lag).contains(12, 24, 36);
        assertThat(profile.guidance()).contains("Seasonal periods of 12, 60 samples")
                .contains("multiple of the largest, 60 samples");

        int dayAlone = 0;
        for (int seed = 0; seed < SEEDS; seed++) {
            NetworkProfile p = NetworkProfiling.profile(daily(100 + seed, 3, false), PERCENT, Mode.SOUND);
            assertThat(p.independence().passed()).isFalse();
            // Whatever noise adds, the span asked for is a whole number of days.
            assertThat(p.largestPeriod() % 12).as("seed %d: %s", seed, p.seasonalPeriods()).isZero();
            dayAlone += p.seasonalPeriods().equals(java.util.List.of(12)) ? 1 : 0;
        }
        System.out.printf("daily cycle: the day alone in %d of %d series%n", dayAlone, SEEDS);
        assertThat(dayAlone).as("series naming the day alone").isGreaterThanOrEqualTo(SEEDS * 6 / 10);
    }

    @Test
    void aWeeklyComponentOnTopOfTheDailyOneIsNamedToo() {
        NetworkProfile profile = NetworkProfiling.profile(daily(2, 3, true), PERCENT, Mode.TRISCALE);
        assertThat(profile.seasonalPeriods()).containsExactly(12, 84);
        assertThat(profile.largestPeriod()).isEqualTo(84);

        int week = 0;
        int both = 0;
        for (int seed = 0; seed < SEEDS; seed++) {
            NetworkProfile p = NetworkProfiling.profile(daily(200 + seed, 3, true), PERCENT, Mode.TRISCALE);
            week += p.largestPeriod() == 84 ? 1 : 0;
            both += p.seasonalPeriods().equals(java.util.List.of(12, 84)) ? 1 : 0;
        }
        System.out.printf("daily and weekly: the week largest in %d, exactly day and week in %d of %d series%n", week,
                both, SEEDS);
        assertThat(week).as("series whose largest period is the week").isGreaterThanOrEqualTo(SEEDS * 7 / 10);
    }

    @Test
    void anAr1SeriesIsDependentWithoutASeasonalPeriod() {
        int none = 0;
        int persistentNone = 0;
        for (int seed = 0; seed < SEEDS; seed++) {
            NetworkProfile p = NetworkProfiling.profile(ar1(300 + seed, 0.5, 400), PERCENT, Mode.SOUND);
            assertThat(p.independence().passed()).isFalse();
            assertThat(p.lagsOutsideBand()).startsWith(1);
            if (p.seasonalPeriods().isEmpty()) {
                none++;
                assertThat(p.guidance()).contains("no seasonal peak").contains("first falls inside the band at lag");
            }
            persistentNone += NetworkProfiling.profile(ar1(400 + seed, 0.8, 400), PERCENT, Mode.SOUND)
                    .seasonalPeriods().isEmpty() ? 1 : 0;
        }
        System.out.printf("AR(1) without season: no period in %d (phi 0.5), %d (phi 0.8) of %d series%n", none,
                persistentNone, SEEDS);
        assertThat(none).as("AR(1) series, phi = 0.5, without a period").isGreaterThanOrEqualTo(SEEDS * 85 / 100);
    }

    private static double[] ar1(long seed, double phi, int n) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[n];
        double v = 0;
        for (int t = 0; t < n; t++) {
            v = phi * v + gaussian(random);
            x[t] = 90 + v;
        }
        return x;
    }

    @Test
    void iidValuesPassTheSoundCheck() {
        NetworkProfile profile = NetworkProfiling.profile(iid(4, 300), PERCENT, Mode.SOUND);

        assertThat(profile.independence().name()).isEqualTo("ljung-box");
        assertThat(profile.independence().passed()).isTrue();
        assertThat(profile.convergence().converged()).isTrue();
        assertThat(profile.iid()).isTrue();
        assertThat(profile.guidance()).contains("passes the independence check").contains("any interval");
    }

    @Test
    void aTrendFailsTheConvergenceTestAndTheGuidanceSaysSo() {
        double[] x = iid(5, 200);
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.min(100, x[i] - 20 + 0.1 * i);
        }
        NetworkProfile profile = NetworkProfiling.profile(x, PERCENT, Mode.SOUND);

        assertThat(profile.convergence().converged()).isFalse();
        assertThat(profile.iid()).isFalse();
        assertThat(profile.guidance()).startsWith("The link quality drifts over the profiled span");
    }

    @Test
    void nanValuesAreReplacedByTheMedianAndCounted() {
        double[] x = {90, Double.NaN, 99, 92, Double.NaN, 91, 93}; // median 92, mean 93
        NetworkProfile profile = NetworkProfiling.profile(x, PERCENT, Mode.TRISCALE);

        assertThat(profile.values()).isEqualTo(7);
        assertThat(profile.replacedNaN()).isEqualTo(2);
        assertThat(profile.replacement()).isEqualTo(92.0);
        assertThat(profile.convergence().droppedNaN()).isEqualTo(2);
        assertThat(profile.autocorrelation()).hasSize(7).allMatch(Double::isFinite);
        assertThat(NetworkProfiling.profile(new double[] {90, 91, 92}, PERCENT, Mode.TRISCALE).replacement()).isNaN();
    }

    @Test
    void constantValuesAreIidWithNoPeak() {
        double[] x = new double[50];
        Arrays.fill(x, 97.5);
        for (Mode mode : Mode.values()) {
            NetworkProfile profile = NetworkProfiling.profile(x, null, mode);

            assertThat(profile.iid()).as(mode.name()).isTrue();
            assertThat(profile.peaks()).isEmpty();
            assertThat(profile.autocorrelation()).containsOnly(0.0);
        }
    }

    @Test
    void tiedValuesAreProfiled() {
        double[] x = new double[120];
        for (int i = 0; i < x.length; i++) {
            x[i] = i % 6 < 3 ? 95 : 97;
        }
        NetworkProfile profile = NetworkProfiling.profile(x, PERCENT, Mode.TRISCALE);

        assertThat(profile.seasonalPeriods()).containsExactly(6);
    }

    @Test
    void theResultIsImmutable() {
        NetworkProfile profile = NetworkProfiling.profile(daily(6, 2, false), PERCENT, Mode.TRISCALE);

        assertThatThrownBy(() -> profile.autocorrelation().set(0, 2.0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> profile.seasonalPeriods().add(3)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void badInputIsRefusedWithParameterValueRangeAndFix() {
        assertThatThrownBy(() -> NetworkProfiling.profile(null, PERCENT, Mode.SOUND))
                .hasMessageContaining("linkQuality must not be null");
        assertThatThrownBy(() -> NetworkProfiling.profile(new double[] {90}, PERCENT, Mode.SOUND))
                .hasMessageContaining("linkQuality has 1 value(s)").hasMessageContaining("at least 3")
                .hasMessageContaining("valid range: 3 or more").hasMessageContaining("measure the link quality");
        assertThatThrownBy(() -> NetworkProfiling.profile(new double[] {90, Double.NaN, 91, Double.NaN}, PERCENT,
                Mode.SOUND)).hasMessageContaining("has 2 value(s) that are not NaN (of 4)");
        assertThatThrownBy(() -> NetworkProfiling.profile(new double[] {90, Double.POSITIVE_INFINITY, 91}, PERCENT,
                Mode.SOUND)).hasMessageContaining("linkQuality[1] is Infinity").hasMessageContaining("finite");
        assertThatThrownBy(() -> NetworkProfiling.profile(new double[] {90, 0.95, 91}, ValueRange.of(0, 1), Mode.SOUND))
                .hasMessageContaining("linkQuality[0] is 90.0, outside bounds [0.0, 1.0]")
                .hasMessageContaining("give bounds that contain every value");
        assertThatThrownBy(() -> NetworkProfiling.profile(new double[] {90, 91, 92}, PERCENT, null))
                .hasMessageContaining("mode must not be null");
    }

    @Test
    void peaksNeedToRiseAboveTheirNeighbours() {
        // r: a peak at 2 (0.5) and one at 4 (0.6), both at least twice a band of 0.2; 4 rises above 2,
        // so 2 is not seasonal.
        double[] r = {1, 0.2, 0.5, 0.1, 0.6, 0.2, 0.1, 0.0, 0.0, 0.0};
        assertThat(NetworkProfiling.peaks(r, 0.2)).containsExactly(new NetworkProfile.Peak(2, 0.5, false),
                new NetworkProfile.Peak(4, 0.6, true));
        // Above the band but below twice the band, a local maximum is no peak.
        assertThat(NetworkProfiling.peaks(new double[] {1, 0.0, 0.3, 0.0, 0.0, 0.0}, 0.2)).isEmpty();
    }
}
