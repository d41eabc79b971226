package org.triscale.engine.calibration;

import java.util.function.DoubleSupplier;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.PoissonSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/** Models of i.i.d. data on which a check must keep its false-alarm rate. */
public enum IidModel {
    /** Standard normal. */
    NORMAL("normal N(0, 1)"),
    /** exp of a standard normal: skewed, heavy right tail. */
    LOGNORMAL("log-normal (σ = 1)"),
    /** Uniform on (0, 1): light tails. */
    UNIFORM("uniform (0, 1)"),
    /** Poisson with mean 2: discrete, many ties. */
    POISSON("Poisson (mean 2), ties"),
    /** Bernoulli with p = 0.3: two values, heavy ties (often constant at small n). */
    TWO_VALUED("two-valued, P(1) = 0.3");

    private final String label;

    IidModel(String label) {
        this.label = label;
    }

    /** Short description for tables. */
    public String label() {
        return label;
    }

    /** A generator of this model's values drawing from {@code rng}. */
    public DoubleSupplier generator(UniformRandomProvider rng) {
        switch (this) {
            case NORMAL: {
                ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
                return g::sample;
            }
            case LOGNORMAL: {
                ZigguratSampler.NormalizedGaussian g = ZigguratSampler.NormalizedGaussian.of(rng);
                return () -> Math.exp(g.sample());
            }
            case UNIFORM:
                return rng::nextDouble;
            case POISSON: {
                var p = PoissonSampler.of(rng, 2.0);
                return () -> p.sample();
            }
            case TWO_VALUED:
                return () -> rng.nextDouble() < 0.3 ? 1.0 : 0.0;
            default:
                throw new AssertionError(this);
        }
    }

    /** n values from the generator. */
    public static double[] draw(DoubleSupplier generator, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = generator.getAsDouble();
        }
        return x;
    }
}
