package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Pairs of sequels for the calibration of {@link SequelComparison}: a reference sequel and a
 * candidate run on the same seeds, whose values are changed by a factor. The unpaired designs
 * compare the series medians of a reference and of a candidate drawn independently.
 */
enum ComparisonModel {
    /**
     * The FCT sample of the embedded emulator, 5 series of 10 runs: a run's P95 FCT is log-normal
     * with σ = 0.25 of the log (the spread of the committed baseline's 50 runs, 700–1,950 ms); the
     * candidate on the same seed is the reference's value times the factor times
     * {@code exp(σd · Z)}: σd is the part of the run that the seed does not fix (0 when the change
     * scales every flow alike, about 0.1 for a change of CUBIC's dynamics on the emulator, whose
     * flows then meet other bursts).
     */
    EMULATOR_FCT,
    /**
     * Heavy tails: run metrics Pareto with shape 1.2 (infinite variance); the candidate on the same
     * seed is perturbed by {@code exp(σd · C)}, C standard Cauchy (clipped at ±1,000).
     */
    HEAVY_TAILED,
    /**
     * Counts (retransmissions of a run, say): Poisson with a mean of 2 from a seed-level mean of
     * 1 plus 1 of the run's own, so many values are tied and some are 0.
     */
    COUNTS;

    static final int SERIES = 5;
    static final int RUNS = 10;

    /** One reference sequel and its candidate: {@code [0]} reference, {@code [1]} candidate. */
    double[][][] pair(Source source, double factor, double residual) {
        double[][] reference = new double[SERIES][RUNS];
        double[][] candidate = new double[SERIES][RUNS];
        for (int s = 0; s < SERIES; s++) {
            for (int r = 0; r < RUNS; r++) {
                switch (this) {
                    case EMULATOR_FCT: {
                        double run = 1000 * Math.exp(0.25 * source.gaussian.sample());
                        reference[s][r] = run;
                        candidate[s][r] = run * factor * Math.exp(residual * source.gaussian.sample());
                        break;
                    }
                    case HEAVY_TAILED: {
                        double run = Math.pow(source.rng.nextDouble(), -1 / 1.2);
                        // Clipped far out so that exp stays finite; the clip keeps the noise symmetric.
                        double cauchy = Math.tan(Math.PI * (source.rng.nextDouble() - 0.5));
                        cauchy = Math.max(-1e3, Math.min(1e3, cauchy));
                        reference[s][r] = run;
                        candidate[s][r] = run * factor * Math.exp(residual * cauchy);
                        break;
                    }
                    case COUNTS: {
                        int seed = source.seedCounts.sample();
                        reference[s][r] = seed + source.runCounts.sample();
                        candidate[s][r] = Math.round(factor * (seed + source.runCounts.sample()));
                        break;
                    }
                    default:
                        throw new AssertionError(this);
                }
            }
        }
        return new double[][][] {reference, candidate};
    }

    /** The random streams of one calibration cell. */
    static final class Source {
        final UniformRandomProvider rng;
        final ZigguratSampler.NormalizedGaussian gaussian;
        final SharedStateDiscreteSampler seedCounts;
        final SharedStateDiscreteSampler runCounts;

        Source(UniformRandomProvider rng) {
            this.rng = rng;
            this.gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
            this.seedCounts = PoissonSampler.of(rng, 1);
            this.runCounts = PoissonSampler.of(rng, 1);
        }
    }
}
