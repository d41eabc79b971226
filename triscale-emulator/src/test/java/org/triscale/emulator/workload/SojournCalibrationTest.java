package org.triscale.emulator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.base.Rate;

/**
 * The processor-sharing surrogate and the calibration to its strata: hand-computed sojourn times,
 * Kleinrock's mean sojourn time of an M/G/1 processor-sharing queue, exact strata probabilities
 * after calibration, and unbiased calibrated estimates of known nominal quantities (seeded, within
 * 4 Monte Carlo standard errors).
 */
class SojournCalibrationTest {
    /** 8,000 bytes per second. */
    private static final Rate KILO = Rate.bps(64_000);
    private static final double[] LEVELS = {0.5, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999};
    private static final FctWorkload WORKLOAD = FctWorkload.builder().meanInterArrival(Duration.ofMillis(330))
            .stop(Duration.ofSeconds(25)).build();
    private static final Duration RUN = Duration.ofSeconds(30);
    private static final Rate LINK = Rate.mbps(50 * 1448 / 1500.0);

    @Test
    void sojournTimesOfHandWorkedExamples() {
        // One flow alone: size / capacity.
        assertThat(SojournCalibration.sojournTimes(new double[] {3}, new long[] {8_000}, KILO)).containsExactly(1.0);
        // Two flows from 0: the small one leaves at 2 × 4,000 / 8,000 = 1 s, the large one has
        // 4,000 bytes left, alone, 0.5 s more.
        assertThat(SojournCalibration.sojournTimes(new double[] {0, 0}, new long[] {8_000, 4_000}, KILO))
                .containsExactly(1.5, 1.0);
        // Staggered and unordered: A (8,000 B) alone until 0.5 s (4,000 B left), then shares with B
        // (2,000 B): B leaves at 0.5 + 2 × 2,000 / 8,000 = 1.0 s, A at 1.0 + 2,000 / 8,000 = 1.25 s.
        assertThat(SojournCalibration.sojournTimes(new double[] {0.5, 0}, new long[] {2_000, 8_000}, KILO))
                .containsExactly(0.5, 1.25);
        // A flow of 0 bytes leaves at once; no flows, no sojourn times.
        assertThat(SojournCalibration.sojournTimes(new double[] {1}, new long[] {0}, KILO)).containsExactly(0.0);
        assertThat(SojournCalibration.sojournTimes(new double[0], new long[0], KILO)).isEmpty();
    }

    @Test
    void theLastFlowOfABusyPeriodLeavesWhenAllItsWorkIsDone() {
        // Processor sharing is work-conserving: flows arriving together leave the link idle after
        // (total bytes) / capacity, and the smaller flows leave first.
        long[] sizes = {5_000, 1_000, 20_000, 7_000};
        double[] t = SojournCalibration.sojournTimes(new double[4], sizes, KILO);
        assertThat(Arrays.stream(t).max().orElseThrow()).isCloseTo(33_000 / 8_000.0, within(1e-12));
        assertThat(t[1]).isLessThan(t[0]).isLessThan(t[3]).isLessThan(t[2]);
    }

    @Test
    void meanSojournTimeOfAnMg1ProcessorSharingQueueIsSizeOverTheSpareCapacity() {
        // Kleinrock (1976): E[T | size x] = x / (C (1 − ρ)) whatever the size law; here log-normal
        // sizes at ρ = 0.5, so E[T / X] = 2 / C. Runs are independent; the flows of the middle of a
        // long run are in steady state (relaxation time about 12 mean sizes / C, the run 1,000).
        FctWorkload workload = FctWorkload.builder().meanInterArrival(Duration.ofMillis(100))
                .sizes(FlowSizes.logNormal(1_000, 10_000)).build();
        double bytesPerSecond = 2 * workload.sizes().meanBytes() / 0.1;
        Rate capacity = Rate.bps(8 * bytesPerSecond);
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(11);
        int runs = 300;
        double[] ratio = new double[runs];
        for (int r = 0; r < runs; r++) {
            SojournCalibration.Workload w = SojournCalibration.Workload.draw(workload, Duration.ofSeconds(100), random);
            double[] t = SojournCalibration.sojournTimes(w.arrivalSeconds(), w.sizes(), capacity);
            double sum = 0;
            int n = 0;
            for (int i = 0; i < t.length; i++) {
                if (w.arrivalSeconds()[i] > 20 && w.arrivalSeconds()[i] < 80) {
                    sum += t[i] / w.sizes()[i];
                    n++;
                }
            }
            ratio[r] = sum / n * bytesPerSecond;
        }
        assertWithinMonteCarloError(ratio, 2);
    }

    @Test
    void calibratedWeightsGiveEveryStratumItsFirstPhaseProbability() {
        SojournCalibration calibration = calibration();
        double[] p = calibration.probabilities();
        assertThat(Arrays.stream(p).sum()).isCloseTo(1, within(1e-12));
        for (int k = 0; k < LEVELS.length; k++) {
            // The first phase's shares are the levels' steps (up to one flow of rounding).
            assertThat(p[k]).isCloseTo(LEVELS[k] - (k == 0 ? 0 : LEVELS[k - 1]), within(1e-5));
        }
        double[] cuts = calibration.cuts();
        for (int k = 1; k < cuts.length; k++) {
            assertThat(cuts[k]).isGreaterThanOrEqualTo(cuts[k - 1]);
        }
        // Flows crafted to fill every stratum with 6, 7, 8, … flows.
        double[] sojourns = new double[0];
        for (int k = 0; k <= cuts.length; k++) {
            double inside = k == cuts.length ? 2 * cuts[k - 1] : k == 0 ? cuts[0] / 2 : (cuts[k - 1] + cuts[k]) / 2;
            int at = sojourns.length;
            sojourns = Arrays.copyOf(sojourns, at + 6 + k);
            Arrays.fill(sojourns, at, sojourns.length, inside);
        }
        double[] w = calibration.calibrate(sojourns, 5);
        assertThat(Arrays.stream(w).sum()).isCloseTo(1, within(1e-12));
        for (int k = 0; k <= cuts.length; k++) {
            double share = 0;
            for (int i = 0; i < sojourns.length; i++) {
                int stratum = 0;
                while (stratum < cuts.length && sojourns[i] > cuts[stratum]) {
                    stratum++;
                }
                share += stratum == k ? w[i] : 0;
            }
            assertThat(share).isCloseTo(p[k], within(1e-12));
        }
    }

    /**
     * The first phase's flows: the workload's sizes (their law's mean) with their sojourn times,
     * whose cuts are exactly the calibration's from the same seed.
     */
    @Test
    void firstPhaseFlowsAreTheCalibrationsOwn() {
        SojournCalibration.FirstPhase flows = SojournCalibration.firstPhase(WORKLOAD, RUN, LINK, 2_000, 7);
        assertThat(flows.sizes()).hasSameSizeAs(flows.sojourns());
        // About 25 s / 330 ms = 76 flows a workload.
        assertThat(flows.sizes().length / 2_000.0).isCloseTo(25 / 0.33, within(1.0));
        assertThat(Arrays.stream(flows.sizes()).average().orElseThrow())
                .isCloseTo(WORKLOAD.sizes().meanBytes(), within(0.05 * WORKLOAD.sizes().meanBytes()));
        double[] sorted = flows.sojourns().clone();
        Arrays.sort(sorted);
        double[] cuts = calibration().cuts();
        for (int k = 0; k < LEVELS.length; k++) {
            assertThat(cuts[k]).isEqualTo(sorted[(int) Math.ceil(LEVELS[k] * sorted.length) - 1]);
        }
        for (int i = 0; i < flows.sizes().length; i++) {
            // A flow alone on the link takes size / capacity; sharing only slows it.
            assertThat(flows.sojourns()[i]).isGreaterThanOrEqualTo(flows.sizes()[i] / (LINK.bitsPerSecond() / 8) - 1e-12);
        }
        assertThatThrownBy(() -> SojournCalibration.firstPhase(WORKLOAD, RUN, LINK, 0, 1))
                .hasMessageContaining("runs must be >= 1");
        assertThatThrownBy(() -> SojournCalibration.firstPhase(WORKLOAD, RUN, null, 10, 1))
                .hasMessageContaining("capacity");
    }

    @Test
    void sparseStrataMergeAndEdgeCasesAreDefined() {
        SojournCalibration calibration = calibration();
        double[] p = calibration.probabilities();
        double top = calibration.cuts()[LEVELS.length - 1] * 2;
        // Two flows in the top stratum, 20 in the lowest: the top flows share the probability of
        // every stratum but the lowest with the empty strata (they merge down to the first group
        // holding 5 flows, here the lowest one, which then holds all).
        double[] sojourns = new double[22];
        sojourns[0] = top;
        sojourns[1] = top;
        double[] w = calibration.calibrate(sojourns, 5);
        assertThat(w).containsOnly(1.0 / 22);
        // With minimum 1 the top stratum keeps its probability.
        w = calibration.calibrate(sojourns, 1);
        assertThat(w[0] + w[1]).isCloseTo(p[LEVELS.length], within(1e-12));
        assertThat(Arrays.stream(w).sum()).isCloseTo(1, within(1e-12));
        // One flow gets all the weight; none, none.
        assertThat(calibration.calibrate(new double[] {top}, 5)).containsExactly(1.0);
        assertThat(calibration.calibrate(new double[0], 5)).isEmpty();
        // Repeatable.
        assertThat(calibration().cuts()).containsExactly(calibration.cuts());
    }

    @Test
    void calibratedEstimatesOfKnownNominalQuantitiesAreUnbiased() {
        // Fresh nominal workloads of 10 runs pooled, weighted by the calibration: the weighted mean
        // size and the weighted share of sizes above the nominal P99 must estimate the log-normal's
        // mean and 1 % (exact values), as the plain averages do.
        SojournCalibration calibration = calibration();
        FlowSizes.LogNormal law = FlowSizes.l4sWorkload();
        double p99 = Math.exp(law.mu() + law.sigma() * NormalDistribution.of(0, 1).inverseCumulativeProbability(0.99));
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(2_026);
        int replications = 400;
        double[] mean = new double[replications];
        double[] tail = new double[replications];
        for (int rep = 0; rep < replications; rep++) {
            double[] sojourns = new double[0];
            long[] sizes = new long[0];
            for (int r = 0; r < 10; r++) {
                SojournCalibration.Workload w = SojournCalibration.Workload.draw(WORKLOAD, RUN, random);
                double[] t = SojournCalibration.sojournTimes(w.arrivalSeconds(), w.sizes(), LINK);
                int at = sizes.length;
                sojourns = Arrays.copyOf(sojourns, at + t.length);
                sizes = Arrays.copyOf(sizes, at + t.length);
                System.arraycopy(t, 0, sojourns, at, t.length);
                System.arraycopy(w.sizes(), 0, sizes, at, t.length);
            }
            double[] weights = calibration.calibrate(sojourns, 5);
            for (int i = 0; i < sizes.length; i++) {
                mean[rep] += weights[i] * sizes[i];
                tail[rep] += sizes[i] > p99 ? weights[i] : 0;
            }
        }
        assertWithinMonteCarloError(mean, law.meanBytes());
        assertWithinMonteCarloError(tail, 0.01);
    }

    @Test
    void invalidArgumentsAreRejectedWithTheirNames() {
        assertThatThrownBy(() -> SojournCalibration.sojournTimes(new double[1], new long[2], KILO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 arrivals and 2 sizes");
        assertThatThrownBy(() -> SojournCalibration.sojournTimes(new double[] {Double.NaN}, new long[] {1}, KILO))
                .hasMessageContaining("arrivalSeconds[0] is NaN");
        assertThatThrownBy(() -> SojournCalibration.sojournTimes(new double[1], new long[] {-1}, KILO))
                .hasMessageContaining("sizes[0] is -1");
        assertThatThrownBy(() -> SojournCalibration.sojournTimes(new double[1], new long[1], null))
                .hasMessageContaining("capacity");
        assertThatThrownBy(() -> SojournCalibration.simulate(WORKLOAD, RUN, LINK, new double[] {0.9, 0.5}, 10, 1))
                .hasMessageContaining("levels[1] is 0.5");
        assertThatThrownBy(() -> SojournCalibration.simulate(WORKLOAD, RUN, LINK, new double[0], 10, 1))
                .hasMessageContaining("levels");
        assertThatThrownBy(() -> SojournCalibration.simulate(WORKLOAD, RUN, LINK, LEVELS, 0, 1))
                .hasMessageContaining("runs must be >= 1");
        assertThatThrownBy(() -> SojournCalibration.simulate(WORKLOAD, Duration.ZERO, LINK, LEVELS, 10, 1))
                .hasMessageContaining("duration");
        FctWorkload onOff = FctWorkload.builder().onOff(Duration.ofSeconds(1), Duration.ofSeconds(1)).build();
        assertThatThrownBy(() -> SojournCalibration.simulate(onOff, RUN, LINK, LEVELS, 10, 1))
                .hasMessageContaining("on-off and incast");
        FctWorkload incast = FctWorkload.builder().fanIn(8).build();
        assertThatThrownBy(() -> SojournCalibration.simulate(incast, RUN, LINK, LEVELS, 10, 1))
                .hasMessageContaining("on-off and incast");
        SojournCalibration calibration = calibration();
        assertThatThrownBy(() -> calibration.calibrate(new double[] {Double.NaN}, 5))
                .hasMessageContaining("sojourns[0] is NaN");
        assertThatThrownBy(() -> calibration.calibrate(new double[] {-1}, 5)).hasMessageContaining("sojourns[0] is -1");
        assertThatThrownBy(() -> calibration.calibrate(new double[] {1}, 0)).hasMessageContaining("minimum must be >= 1");
        assertThatThrownBy(() -> calibration.calibrate(null, 5)).hasMessageContaining("sojourns must not be null");
    }

    private static SojournCalibration calibration() {
        return SojournCalibration.simulate(WORKLOAD, RUN, LINK, LEVELS, 2_000, 7);
    }

    /** The mean of independent replicates is within 4 standard errors of the truth. */
    private static void assertWithinMonteCarloError(double[] x, double truth) {
        double mean = Arrays.stream(x).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1));
        assertThat(mean).isCloseTo(truth, within(4 * sd / Math.sqrt(x.length)));
    }
}
