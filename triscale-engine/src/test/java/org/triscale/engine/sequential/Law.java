package org.triscale.engine.sequential;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.PoissonDistribution;

import java.util.function.DoubleSupplier;

/**
 * The six laws the fixed-N bounds are validated on, with the parameters of the engine's KPI
 * coverage tests (normal N(50, 5²), log-normal σ = 1, Pareto with shape 1.5 and scale 1, the equal
 * mixture of N(0, 1) and N(6, 1), uniform (0, 1)) and the Poisson law of mean 2 of the checks'
 * calibration: their quantile and distribution functions.
 */
enum Law {
    NORMAL("normal N(50, 5²)"),
    LOGNORMAL("log-normal (σ = 1)"),
    PARETO("Pareto 1.5"),
    BIMODAL("bimodal N(0,1) + N(6,1)"),
    POISSON("Poisson (mean 2)"),
    UNIFORM("uniform (0, 1)");

    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);
    private static final PoissonDistribution POISSON_2 = PoissonDistribution.of(2);

    private final String label;

    Law(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    DoubleSupplier sampler(UniformRandomProvider rng) {
        switch (this) {
            case NORMAL: {
                ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
                return () -> 50 + 5 * g.sample();
            }
            case LOGNORMAL: {
                ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
                return () -> Math.exp(g.sample());
            }
            case PARETO:
                return () -> Math.pow(1 - rng.nextDouble(), -1 / 1.5);
            case BIMODAL: {
                ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
                return () -> (rng.nextBoolean() ? 0 : 6) + g.sample();
            }
            case POISSON: {
                var s = PoissonSampler.of(rng, 2);
                return () -> s.sample();
            }
            case UNIFORM:
                return rng::nextDouble;
            default:
                throw new AssertionError(this);
        }
    }

    /** P(X ≤ x). */
    double cdf(double x) {
        switch (this) {
            case NORMAL: return STANDARD.cumulativeProbability((x - 50) / 5);
            case LOGNORMAL: return x <= 0 ? 0 : STANDARD.cumulativeProbability(Math.log(x));
            case PARETO: return x <= 1 ? 0 : 1 - Math.pow(x, -1.5);
            case BIMODAL:
                return 0.5 * STANDARD.cumulativeProbability(x) + 0.5 * STANDARD.cumulativeProbability(x - 6);
            case POISSON: return POISSON_2.cumulativeProbability((int) Math.floor(x));
            case UNIFORM: return Math.max(0, Math.min(1, x));
            default: throw new AssertionError(this);
        }
    }

    /** The p-quantile inf{x : P(X ≤ x) ≥ p}. */
    double quantile(double p) {
        switch (this) {
            case NORMAL: return 50 + 5 * STANDARD.inverseCumulativeProbability(p);
            case LOGNORMAL: return Math.exp(STANDARD.inverseCumulativeProbability(p));
            case PARETO: return Math.pow(1 - p, -1 / 1.5);
            case POISSON: return POISSON_2.inverseCumulativeProbability(p);
            case UNIFORM: return p;
            case BIMODAL: {
                double lo = -10;
                double hi = 16;
                for (int i = 0; i < 200; i++) {
                    double mid = (lo + hi) / 2;
                    if (cdf(mid) < p) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                return hi;
            }
            default: throw new AssertionError(this);
        }
    }
}
