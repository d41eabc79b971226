package org.triscale.emulator.workload;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.LogNormalSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The distribution of flow sizes of an {@link FctWorkload}, in payload bytes.
 */
public sealed interface FlowSizes permits FlowSizes.LogNormal, FlowSizes.Fixed {

    /**
     * The workload of the L4S flow-completion-time tests: lognormal sizes with a 5th percentile of
     * 64 KiB and a 95th percentile of 2 MiB (mean about 631 KiB).
     *
     * @return the distribution
     */
    static LogNormal l4sWorkload() {
        return logNormal(64 * 1024, 2 * 1024 * 1024);
    }

    /**
     * Lognormal sizes given by two quantiles: {@code ln X ~ N(mu, sigma²)} with
     * {@code mu = (ln p5 + ln p95) / 2} and {@code sigma = (ln p95 − ln p5) / (2 z)}, where
     * {@code z} is the 95th percentile of the standard normal distribution.
     *
     * @param p5Bytes  5th percentile in bytes, &gt;= 1
     * @param p95Bytes 95th percentile in bytes, &gt; {@code p5Bytes}
     * @return the distribution
     * @throws IllegalArgumentException if the percentiles are not ordered or not positive
     */
    static LogNormal logNormal(long p5Bytes, long p95Bytes) {
        return new LogNormal(p5Bytes, p95Bytes);
    }

    /**
     * Every flow has the same size.
     *
     * @param bytes the size in bytes, &gt;= 1
     * @return the distribution
     */
    static Fixed fixed(long bytes) {
        return new Fixed(bytes);
    }

    /**
     * The mean size in bytes.
     *
     * @return the mean
     */
    double meanBytes();

    /** Draws sizes from one random stream; not thread-safe. */
    interface Sampler {
        /**
         * Draws one size.
         *
         * @return bytes, &gt;= 1
         */
        long next();
    }

    /**
     * A sampler over {@code rng}.
     *
     * @param rng the random stream
     * @return the sampler
     */
    Sampler sampler(UniformRandomProvider rng);

    /**
     * Lognormal flow sizes given by their 5th and 95th percentiles.
     *
     * @param p5Bytes  5th percentile in bytes
     * @param p95Bytes 95th percentile in bytes
     */
    record LogNormal(long p5Bytes, long p95Bytes) implements FlowSizes {
        /** The 95th percentile of the standard normal distribution. */
        private static final double Z95 = NormalDistribution.of(0, 1).inverseCumulativeProbability(0.95);

        /**
         * Validates the percentiles.
         *
         * @param p5Bytes  5th percentile in bytes, &gt;= 1
         * @param p95Bytes 95th percentile in bytes, &gt; {@code p5Bytes}
         * @throws IllegalArgumentException if {@code p5Bytes < 1} or {@code p95Bytes <= p5Bytes}
         */
        public LogNormal {
            if (p5Bytes < 1) {
                throw new IllegalArgumentException("p5Bytes must be >= 1, got " + p5Bytes);
            }
            if (p95Bytes <= p5Bytes) {
                throw new IllegalArgumentException("p95Bytes must be > p5Bytes (" + p5Bytes + "), got " + p95Bytes
                        + "; give the 5th percentile first");
            }
        }

        /**
         * Location {@code mu} of {@code ln X}.
         *
         * @return mu
         */
        public double mu() {
            return (Math.log(p5Bytes) + Math.log(p95Bytes)) / 2;
        }

        /**
         * Scale {@code sigma} of {@code ln X}.
         *
         * @return sigma
         */
        public double sigma() {
            return (Math.log(p95Bytes) - Math.log(p5Bytes)) / (2 * Z95);
        }

        @Override
        public double meanBytes() {
            double s = sigma();
            return Math.exp(mu() + s * s / 2);
        }

        @Override
        public Sampler sampler(UniformRandomProvider rng) {
            ContinuousSampler s = LogNormalSampler.of(ZigguratSampler.NormalizedGaussian.of(rng), mu(), sigma());
            return () -> Math.max(1L, Math.round(s.sample()));
        }
    }

    /**
     * Flows of one size.
     *
     * @param bytes the size in bytes
     */
    record Fixed(long bytes) implements FlowSizes {
        /**
         * Validates the size.
         *
         * @param bytes the size in bytes, &gt;= 1
         * @throws IllegalArgumentException if {@code bytes < 1}
         */
        public Fixed {
            if (bytes < 1) {
                throw new IllegalArgumentException("flow size must be >= 1 byte, got " + bytes);
            }
        }

        @Override
        public double meanBytes() {
            return bytes;
        }

        @Override
        public Sampler sampler(UniformRandomProvider rng) {
            return () -> bytes;
        }
    }
}
