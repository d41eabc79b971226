package org.triscale.emulator.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.LogNormalSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;

/**
 * The distribution of flow sizes of an {@link FctWorkload}, in payload bytes.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public sealed interface FlowSizes permits FlowSizes.LogNormal, FlowSizes.Fixed, FlowSizes.Empirical, TiltedFlowSizes {

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
     * The web-search workload (Alizadeh et al. 2010, as tabulated for the pFabric simulations,
     * Alizadeh et al. 2013, point by point): 60 % of the flows are below 200 kB, yet flows above
     * 1 MB carry most bytes; mean 1141 packets of 1,460 bytes (1.67 MB).
     *
     * @return the distribution
     */
    static Empirical webSearch() {
        return Empirical.resource("web-search.cdf");
    }

    /**
     * The data-mining workload (the VL2 measurement, Greenberg et al. 2009, as tabulated for the
     * pFabric simulations, Alizadeh et al. 2013, point by point): half of the flows are one
     * packet, the largest reach 1 GB; mean 5116 packets of 1,460 bytes (7.47 MB).
     *
     * @return the distribution
     */
    static Empirical dataMining() {
        return Empirical.resource("data-mining.cdf");
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

    /**
     * An empirical distribution given by points of its CDF, sampled by inverse transform with
     * linear interpolation between the points (as ns-2's and pFabric's samplers do).
     *
     * @param bytes       flow sizes, non-decreasing, &gt;= 1
     * @param probability cumulative probabilities, non-decreasing from 0 to 1, one per size
     */
    record Empirical(long[] bytes, double[] probability) implements FlowSizes {
        /**
         * Validates and copies the points.
         *
         * @param bytes flow sizes, non-decreasing, &gt;= 1
         * @param probability cumulative probabilities, non-decreasing from 0 to 1
         * @throws IllegalArgumentException naming the first invalid point
         */
        public Empirical {
            if (bytes == null || probability == null || bytes.length != probability.length || bytes.length < 2) {
                throw new IllegalArgumentException("an empirical CDF needs at least two points with one probability "
                        + "per size, got " + (bytes == null ? "null" : bytes.length) + " sizes and "
                        + (probability == null ? "null" : probability.length) + " probabilities");
            }
            bytes = bytes.clone();
            probability = probability.clone();
            if (probability[0] != 0 || probability[probability.length - 1] != 1) {
                throw new IllegalArgumentException("an empirical CDF must start at probability 0 and end at 1, got "
                        + probability[0] + " and " + probability[probability.length - 1]);
            }
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] < 1 || (i > 0 && (bytes[i] < bytes[i - 1] || probability[i] < probability[i - 1]))) {
                    throw new IllegalArgumentException("empirical CDF point " + i + " (" + bytes[i] + " bytes, "
                            + probability[i] + ") must have a size >= 1 and not go below the previous point");
                }
            }
        }

        /**
         * Reads a CDF in the format of the shipped ones: lines of {@code bytes probability},
         * {@code #} comments and blank lines skipped.
         *
         * @param name  a name shown in messages
         * @param lines the lines
         * @return the distribution
         * @throws IllegalArgumentException on a malformed line or an invalid CDF
         */
        public static Empirical parse(String name, List<String> lines) {
            List<long[]> sizes = new ArrayList<>();
            List<Double> cdf = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\\s+");
                try {
                    if (parts.length != 2) {
                        throw new NumberFormatException("two columns expected");
                    }
                    sizes.add(new long[] {Long.parseLong(parts[0])});
                    cdf.add(Double.parseDouble(parts[1]));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("flow-size CDF " + name + " line " + (i + 1)
                            + " must be '<bytes> <probability>', got '" + line + "'", e);
                }
            }
            return new Empirical(sizes.stream().mapToLong(a -> a[0]).toArray(),
                    cdf.stream().mapToDouble(Double::doubleValue).toArray());
        }

        static Empirical resource(String file) {
            try (InputStream in = FlowSizes.class.getResourceAsStream(file)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + file + " of the emulator's jar");
                }
                String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
                return parse(file, text.lines().toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The size at cumulative probability {@code u}, interpolated linearly. */
        long quantile(double u) {
            int i = 1;
            while (i < probability.length - 1 && probability[i] < u) {
                i++;
            }
            double span = probability[i] - probability[i - 1];
            double f = span > 0 ? (u - probability[i - 1]) / span : 1;
            return Math.max(1, Math.round(bytes[i - 1] + f * (bytes[i] - bytes[i - 1])));
        }

        @Override
        public double meanBytes() {
            double mean = 0;
            for (int i = 1; i < bytes.length; i++) {
                mean += (probability[i] - probability[i - 1]) * (bytes[i] + bytes[i - 1]) / 2.0;
            }
            return mean;
        }

        @Override
        public Sampler sampler(UniformRandomProvider rng) {
            return () -> quantile(rng.nextDouble());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && Arrays.equals(bytes, e.bytes)
                    && Arrays.equals(probability, e.probability);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(bytes) + Arrays.hashCode(probability);
        }

        @Override
        public String toString() {
            return "Empirical[" + bytes.length + " points, mean " + Math.round(meanBytes()) + " bytes]";
        }

        /**
         * The sizes of the CDF's points.
         *
         * @return a copy, bytes
         */
        @Override
        public long[] bytes() {
            return bytes.clone();
        }

        /**
         * The cumulative probabilities of the CDF's points.
         *
         * @return a copy
         */
        @Override
        public double[] probability() {
            return probability.clone();
        }
    }
}
