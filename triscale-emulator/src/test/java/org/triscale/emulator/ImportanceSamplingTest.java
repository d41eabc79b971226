package org.triscale.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.workload.CrossEntropyTilt;
import org.triscale.emulator.workload.FlowSizes;
import org.triscale.emulator.workload.TiltedFlowSizes;

/**
 * Tilted flow sizes and the cross-entropy tilt: the likelihood ratios average to 1 under the
 * tilted law, and weighted estimates of known nominal quantities are unbiased within their Monte
 * Carlo error (seeded, 4 standard errors, about 1 in 16,000 false alarms per check).
 */
class ImportanceSamplingTest {
    private static final double[] LEVELS = {0.5, 0.9, 0.99};
    private static final double[] TAIL_HEAVY = {0.2, 0.2, 0.3, 0.3};
    private static final int N = 100_000;
    private static final double Z4 = 4;

    @Test
    void weightsAverageToOneAndEstimateTheNominalLogNormal() {
        FlowSizes.LogNormal nominal = FlowSizes.l4sWorkload();
        TiltedFlowSizes tilted = new TiltedFlowSizes(nominal, LEVELS, TAIL_HEAVY);
        double[][] draws = draw(tilted, 1);
        double[] x = draws[0];
        double[] w = draws[1];

        assertWithinMonteCarloError(w, 1);
        // E_f[X] by Σ w x / n, and the nominal P(X > P99) = 1 % by Σ w 1{x > q99} / n.
        double q99 = Math.exp(nominal.mu() + nominal.sigma() * NormalDistribution.of(0, 1).inverseCumulativeProbability(0.99));
        double[] wx = new double[N];
        double[] tail = new double[N];
        for (int i = 0; i < N; i++) {
            wx[i] = w[i] * x[i];
            tail[i] = x[i] > q99 ? w[i] : 0;
        }
        assertWithinMonteCarloError(wx, nominal.meanBytes());
        assertWithinMonteCarloError(tail, 0.01);
        // 30 % of the draws land above the nominal P99 instead of 1 %.
        assertThat(count(x, q99) / (double) N).isCloseTo(0.3, within(0.01));
        // The law's mean, used to keep the offered load, is the sample's.
        assertWithinMonteCarloError(x, tilted.meanBytes());
    }

    @Test
    void weightsAverageToOneOnAnEmpiricalLawWithAtomsOnStrataBoundaries() {
        // Web search: 15 % of the flows are exactly 6 packets (an atom from P0 to P15); a boundary
        // at 0.1 splits it between two strata.
        FlowSizes.Empirical nominal = FlowSizes.webSearch();
        TiltedFlowSizes tilted = new TiltedFlowSizes(nominal, new double[] {0.1, 0.5, 0.9}, new double[] {0.3, 0.1, 0.2, 0.4});
        double[][] draws = draw(tilted, 2);
        double[] wx = new double[N];
        for (int i = 0; i < N; i++) {
            wx[i] = draws[1][i] * draws[0][i];
        }

        assertWithinMonteCarloError(draws[1], 1);
        assertWithinMonteCarloError(wx, nominal.meanBytes());
        // The atom's weight combines both strata: (0.1 + 0.05) / (0.3 + 0.05 · 0.1 / 0.4).
        assertThat(tilted.likelihoodRatio(6 * 1460)).isCloseTo(0.15 / (0.3 + 0.05 * 0.1 / 0.4), within(1e-12));
    }

    @Test
    void calibrationGivesEveryStratumItsNominalProbability() {
        FlowSizes.LogNormal nominal = FlowSizes.l4sWorkload();
        TiltedFlowSizes tilted = new TiltedFlowSizes(nominal, LEVELS, TAIL_HEAVY);
        double[][] draws = draw(tilted, 3);
        long[] sizes = new long[N];
        for (int i = 0; i < N; i++) {
            sizes[i] = (long) draws[0][i];
        }
        double[] calibrated = tilted.calibrate(sizes, draws[1], 5);

        // P(X > nominal P99) is exactly 1 % once calibrated, where the raw weights give it within
        // their Monte Carlo error only.
        double q99 = Math.exp(nominal.mu() + nominal.sigma() * NormalDistribution.of(0, 1).inverseCumulativeProbability(0.99));
        double tail = 0;
        double sum = 0;
        for (int i = 0; i < N; i++) {
            tail += sizes[i] > q99 ? calibrated[i] : 0;
            sum += calibrated[i];
        }
        assertThat(sum).isCloseTo(1, within(1e-9));
        assertThat(tail).isCloseTo(0.01, within(1e-9));
    }

    @Test
    void calibrationMergesSparseStrataFromTheTop() {
        TiltedFlowSizes strata = TiltedFlowSizes.untilted(FlowSizes.l4sWorkload(), LEVELS);
        // Two flows in the body, one in (0.5, 0.9), one in the top 1 %: with a minimum of 2 the top
        // two strata merge with (0.5, 0.9): 0.5 of the probability on its two flows.
        long[] sizes = {100_000, 200_000, 1_000_000, 20_000_000};
        double[] calibrated = strata.calibrate(sizes, new double[] {1, 1, 1, 1}, 2);

        assertThat(calibrated).containsExactly(new double[] {0.25, 0.25, 0.25, 0.25}, within(1e-12));
        // With a minimum of 1 each stratum stands alone but the empty (0.9, 0.99), which merges with
        // the stratum below it: the 1 MB flow stands for 0.4 + 0.09 of the probability.
        assertThat(strata.calibrate(sizes, new double[] {1, 1, 1, 1}, 1))
                .containsExactly(new double[] {0.25, 0.25, 0.49, 0.01}, within(1e-12));
        assertThatThrownBy(() -> strata.calibrate(sizes, new double[] {1, 1, 1, 0}, 1))
                .hasMessageStartingWith("weights[3] is 0.0");
        assertThatThrownBy(() -> strata.calibrate(sizes, new double[] {1}, 1)).hasMessageContaining("4 sizes and 1 weights");
        assertThatThrownBy(() -> strata.calibrate(sizes, new double[] {1, 1, 1, 1}, 0)).hasMessageStartingWith("minimum"
                + " must be >= 1");
    }

    @Test
    void untiltedLawHasUnitWeightsAndTheNominalMean() {
        TiltedFlowSizes untilted = TiltedFlowSizes.untilted(FlowSizes.l4sWorkload(), LEVELS);

        assertThat(untilted.mass()).containsExactly(new double[] {0.5, 0.4, 0.09, 0.01}, within(1e-12));
        assertThat(untilted.likelihoodRatio(10_000)).isEqualTo(1);
        assertThat(untilted.likelihoodRatio(50_000_000)).isCloseTo(1, within(1e-12));
        assertThat(untilted.meanBytes()).isCloseTo(FlowSizes.l4sWorkload().meanBytes(), within(1e-6));
        assertThat(untilted.sameLoadInterArrival(Duration.ofMillis(200))).isEqualTo(Duration.ofMillis(200));
        TiltedFlowSizes tilted = new TiltedFlowSizes(FlowSizes.l4sWorkload(), LEVELS, TAIL_HEAVY);
        assertThat(tilted.sameLoadInterArrival(Duration.ofMillis(200)).toNanos() / 2e8)
                .isCloseTo(tilted.meanBytes() / FlowSizes.l4sWorkload().meanBytes(), within(1e-6));
    }

    @Test
    void crossEntropyMovesMassToTheStrataOfTheTailFlows() {
        // An FCT that grows with the size: the tail FCTs are the tail sizes.
        CrossEntropyTilt tilt = CrossEntropyTilt.start(FlowSizes.l4sWorkload(), 99);
        // Run 1: half the nominal law, half equal masses on the 9 strata.
        double[] nominal = TiltedFlowSizes.untilted(FlowSizes.l4sWorkload(), 0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995,
                0.999).mass();
        for (int k = 0; k < nominal.length; k++) {
            assertThat(tilt.sizes().mass()[k]).isCloseTo(nominal[k] / 2 + 0.5 / 9, within(1e-12));
        }
        for (int run = 0; run < 10; run++) {
            tilt = nextOnSizes(tilt, 100 + run);
        }
        double[] mass = tilt.sizes().mass();
        double aboveP99 = mass[6] + mass[7] + mass[8];
        // Half of the nominal law is kept (0.01 above P99), and the elite flows are above P99.
        assertThat(aboveP99).isBetween(0.3, 0.505);
        assertThat(tilt.level()).isGreaterThan(0);
        // Deterministic: the same runs give the same tilt.
        CrossEntropyTilt again = CrossEntropyTilt.start(FlowSizes.l4sWorkload(), 99);
        for (int run = 0; run < 10; run++) {
            again = nextOnSizes(again, 100 + run);
        }
        assertThat(again.sizes()).isEqualTo(tilt.sizes());
        // Every weight is at most 1 / nominalShare = 2.
        for (double m : mass) {
            assertThat(m).isPositive();
        }
        for (int k = 0; k < mass.length; k++) {
            assertThat(tilt.sizes().nominalMass(k) / mass[k]).isLessThanOrEqualTo(2 + 1e-12);
        }
    }

    private static CrossEntropyTilt nextOnSizes(CrossEntropyTilt tilt, long seed) {
        FlowSizes.Sampler sampler = tilt.sizes().sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(seed));
        long[] sizes = new long[100];
        double[] fcts = new double[100];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = sampler.next();
            fcts[i] = 20 + sizes[i] / 6250.0; // one RTT plus the transmission at 50 Mbit/s, in ms
        }
        return tilt.next(sizes, fcts);
    }

    @Test
    void rejectsInvalidTiltsWithTheFix() {
        FlowSizes nominal = FlowSizes.l4sWorkload();
        assertThatThrownBy(() -> new TiltedFlowSizes(FlowSizes.fixed(1000), LEVELS, TAIL_HEAVY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fixed sizes have no tail to tilt");
        assertThatThrownBy(() -> new TiltedFlowSizes(nominal, LEVELS, new double[] {0.5, 0.5}))
                .hasMessageContaining("levels.length + 1 masses, got 3 levels and 2 masses");
        assertThatThrownBy(() -> new TiltedFlowSizes(nominal, new double[] {0.5, 0.4, 0.99}, TAIL_HEAVY))
                .hasMessageStartingWith("levels[1] is 0.4; strata boundaries must be increasing");
        assertThatThrownBy(() -> new TiltedFlowSizes(nominal, LEVELS, new double[] {0.5, 0.5, 0, 0}))
                .hasMessageStartingWith("mass[2] is 0.0; every stratum needs a sampling probability in (0, 1]");
        assertThatThrownBy(() -> new TiltedFlowSizes(nominal, LEVELS, new double[] {0.5, 0.5, 0.5, 0.5}))
                .hasMessageStartingWith("the masses sum to 2.0");
        assertThatThrownBy(() -> CrossEntropyTilt.start(nominal, 100)).hasMessageStartingWith("percentile must be in"
                + " (0, 100), got 100.0");
        assertThatThrownBy(() -> CrossEntropyTilt.start(nominal, 99, LEVELS, 0.1, 0, 0.7))
                .hasMessageStartingWith("nominalShare must be in (0, 1], got 0.0");
        CrossEntropyTilt tilt = CrossEntropyTilt.start(nominal, 99);
        assertThatThrownBy(() -> tilt.next(new long[] {1}, new double[] {Double.NaN}))
                .hasMessageStartingWith("fcts[0] is NaN; pass completed flows only");
        assertThatThrownBy(() -> tilt.next(new long[] {1}, new double[0])).hasMessageContaining("got 1 sizes and 0 FCTs");
        assertThat(tilt.next(new long[0], new double[0])).isSameAs(tilt);
    }

    private static double[][] draw(TiltedFlowSizes sizes, long seed) {
        FlowSizes.Sampler sampler = sizes.sampler(RandomSource.XO_RO_SHI_RO_128_PP.create(seed));
        double[] x = new double[N];
        double[] w = new double[N];
        for (int i = 0; i < N; i++) {
            long size = sampler.next();
            x[i] = size;
            w[i] = sizes.likelihoodRatio(size);
        }
        return new double[][] {x, w};
    }

    /** The sample mean is within 4 standard errors of the expected value. */
    private static void assertWithinMonteCarloError(double[] values, double expected) {
        double mean = Stats.mean(values);
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double standardError = Math.sqrt(squares / (values.length - 1) / values.length);
        assertThat(mean).isCloseTo(expected, within(Z4 * standardError));
    }

    private static int count(double[] x, double above) {
        int n = 0;
        for (double v : x) {
            n += v > above ? 1 : 0;
        }
        return n;
    }
}
