package org.triscale.emulator.workload;

import java.time.Duration;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apiguardian.api.API;

/**
 * Flow sizes drawn from a tilted version of a nominal distribution, for importance sampling of
 * tail flow-completion times: each flow's size comes with its likelihood ratio
 * {@link #likelihoodRatio(long)}, the nominal density over the tilted one at that size.
 *
 * <p>The tilt is stratified: the nominal law is cut into strata at cumulative probabilities
 * {@code levels} (e.g. 0.5, 0.9, 0.99), stratum k holding nominal probability π_k, and a size is
 * drawn by picking stratum k with probability {@code mass[k]} and then a size from the nominal law
 * conditioned on that stratum. The likelihood ratio of a size in stratum k is π_k / mass[k]. Large
 * flows become more frequent without changing the shape of the law within a stratum, and the
 * weights stay bounded (by max π_k / mass[k]), unlike the unbounded weights of a shifted
 * log-normal. {@link CrossEntropyTilt} chooses the masses. With {@code mass = π} the law is the
 * nominal one and every weight is 1.
 *
 * <p>Tilting changes the mean size, hence the offered load; {@link #sameLoadInterArrival(Duration)}
 * gives the mean inter-arrival time that keeps the load of the nominal workload. Each flow's
 * weight accounts for its own size only: the weighted FCTs estimate the nominal FCT distribution
 * as far as a flow's completion time depends on its own size and the load rather than on the
 * sizes of the flows it meets (exactly so for a processor-sharing link, whose mean sojourn time
 * given the size depends on the load alone, Kleinrock 1976). The emulator's validation measures
 * what is left.
 *
 * @param nominal the nominal law: {@link FlowSizes.LogNormal} or {@link FlowSizes.Empirical}
 * @param levels  the strata's inner boundaries, nominal cumulative probabilities, increasing in (0, 1)
 * @param mass    the sampling probability of each stratum, one more than {@code levels}, each &gt; 0,
 *                summing to 1
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record TiltedFlowSizes(FlowSizes nominal, double[] levels, double[] mass) implements FlowSizes {
    private static final NormalDistribution STANDARD = NormalDistribution.of(0, 1);
    private static final double SUM_TOLERANCE = 1e-9;

    /**
     * Validates and copies the strata.
     *
     * @param nominal the nominal law, log-normal or empirical
     * @param levels  inner strata boundaries, increasing in (0, 1)
     * @param mass    one sampling probability per stratum, each &gt; 0, summing to 1
     * @throws IllegalArgumentException naming the invalid part
     */
    public TiltedFlowSizes {
        if (!(nominal instanceof LogNormal || nominal instanceof Empirical)) {
            throw new IllegalArgumentException("nominal must be a log-normal or empirical flow-size law, got " + nominal
                    + "; fixed sizes have no tail to tilt (use FlowSizes.l4sWorkload() or FlowSizes.webSearch())");
        }
        if (levels == null || mass == null || mass.length != levels.length + 1) {
            throw new IllegalArgumentException("a tilt needs one mass per stratum, that is levels.length + 1 masses, got "
                    + (levels == null ? "null" : levels.length) + " levels and "
                    + (mass == null ? "null" : mass.length) + " masses");
        }
        levels = levels.clone();
        mass = mass.clone();
        for (int k = 0; k < levels.length; k++) {
            if (!(levels[k] > (k == 0 ? 0 : levels[k - 1]) && levels[k] < 1)) {
                throw new IllegalArgumentException("levels[" + k + "] is " + levels[k] + "; strata boundaries must be"
                        + " increasing nominal probabilities in (0, 1), e.g. {0.5, 0.9, 0.99}");
            }
        }
        double sum = 0;
        for (int k = 0; k < mass.length; k++) {
            if (!(mass[k] > 0 && mass[k] <= 1)) {
                throw new IllegalArgumentException("mass[" + k + "] is " + mass[k] + "; every stratum needs a sampling"
                        + " probability in (0, 1], otherwise the weights of its sizes would be infinite");
            }
            sum += mass[k];
        }
        if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            throw new IllegalArgumentException("the masses sum to " + sum + "; they are probabilities and must sum to 1");
        }
    }

    /**
     * The nominal law cut at {@code levels}, not tilted: every stratum keeps its nominal probability.
     *
     * @param nominal the nominal law, log-normal or empirical
     * @param levels  inner strata boundaries, increasing in (0, 1)
     * @return the untilted law, whose weights are all 1
     * @throws IllegalArgumentException if the law or a level is invalid
     */
    public static TiltedFlowSizes untilted(FlowSizes nominal, double... levels) {
        double[] copy = levels == null ? null : levels.clone();
        double[] mass = new double[copy == null ? 1 : copy.length + 1];
        for (int k = 0; k < mass.length; k++) {
            mass[k] = (k < mass.length - 1 ? copy[k] : 1) - (k == 0 ? 0 : copy[k - 1]);
        }
        return new TiltedFlowSizes(nominal, copy, mass);
    }

    /**
     * The nominal probability of stratum k.
     *
     * @param k the stratum, from 0
     * @return π_k
     */
    public double nominalMass(int k) {
        return upper(k) - lower(k);
    }

    /**
     * The number of strata.
     *
     * @return {@code levels.length + 1}
     */
    public int strata() {
        return mass.length;
    }

    /**
     * The likelihood ratio of a size: its nominal density over its tilted density. A size that two
     * strata share (an atom of an empirical law on a stratum boundary) gets the ratio of their
     * combined probabilities.
     *
     * @param bytes a flow size drawn from this law
     * @return the weight, &gt; 0; its mean under this law is 1
     */
    public double likelihoodRatio(long bytes) {
        double[] range = nominalRange(bytes);
        if (range[1] <= range[0]) {
            int k = stratum(range[0]);
            return nominalMass(k) / mass[k];
        }
        double tilted = 0;
        for (int k = 0; k < mass.length; k++) {
            double overlap = Math.min(range[1], upper(k)) - Math.max(range[0], lower(k));
            if (overlap > 0) {
                tilted += overlap * mass[k] / nominalMass(k);
            }
        }
        return (range[1] - range[0]) / tilted;
    }

    /**
     * The probability with which a size falls in each stratum under the nominal law, split
     * evenly over the probability it spans when it is an atom on a boundary.
     *
     * @param bytes a flow size
     * @return one share per stratum, summing to 1
     */
    double[] strataShares(long bytes) {
        double[] range = nominalRange(bytes);
        double[] shares = new double[mass.length];
        if (range[1] <= range[0]) {
            shares[stratum(range[0])] = 1;
            return shares;
        }
        for (int k = 0; k < mass.length; k++) {
            shares[k] = Math.max(0, Math.min(range[1], upper(k)) - Math.max(range[0], lower(k))) / (range[1] - range[0]);
        }
        return shares;
    }

    /**
     * Calibrates importance weights to the strata (post-stratification, Holt and Smith 1979): the
     * weights are rescaled, stratum by stratum, so that the weighted share of every stratum equals
     * its nominal probability instead of its share in the sample. The known stratum probabilities
     * act as control variates (Hesterberg 1995; Owen and Zhou 2000): the estimate no longer pays for
     * the luck of how many flows fell in each stratum, which for a tail percentile of the FCT is
     * most of its variance when the FCT grows with the size. Strata holding fewer than
     * {@code minimum} flows are merged with the next lower ones first (from the top), so that no
     * stratum rests on one or two flows.
     *
     * <p>The sizes may come from runs with different tilts of the same nominal law, and from the
     * nominal law itself (weights 1): within a stratum the sizes follow the nominal law restricted
     * to it, whatever the tilt. The strata used are this law's; they need not be those of the tilt
     * the sizes were drawn from.
     *
     * @param sizes   flow sizes drawn from tilts of this law's nominal law
     * @param weights their likelihood ratios, as many, finite and &gt; 0
     * @param minimum the fewest flows a (merged) stratum may hold, &gt;= 1, e.g. 5
     * @return the calibrated weights, in the order of {@code sizes}; their sum is 1
     * @throws IllegalArgumentException if the arrays are null or of different lengths, a weight is
     *                                  not finite and positive, or {@code minimum < 1}
     */
    public double[] calibrate(long[] sizes, double[] weights, int minimum) {
        if (sizes == null || weights == null || sizes.length != weights.length) {
            throw new IllegalArgumentException("calibrate(sizes, weights, minimum) needs one weight per size, got "
                    + (sizes == null ? "null" : sizes.length) + " sizes and "
                    + (weights == null ? "null" : weights.length) + " weights");
        }
        if (minimum < 1) {
            throw new IllegalArgumentException("minimum must be >= 1 flow per stratum, got " + minimum + "; e.g. 5");
        }
        int n = sizes.length;
        double[][] shares = new double[n][];
        double[] count = new double[mass.length];
        for (int i = 0; i < n; i++) {
            if (!(weights[i] > 0) || weights[i] == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("weights[" + i + "] is " + weights[i]
                        + "; a likelihood ratio must be finite and > 0");
            }
            shares[i] = strataShares(sizes[i]);
            for (int k = 0; k < mass.length; k++) {
                count[k] += shares[i][k];
            }
        }
        int[] group = Strata.mergeFromTop(count, minimum);
        int total = mass.length;
        double[] probability = new double[total];
        double[] weight = new double[total];
        for (int k = 0; k < mass.length; k++) {
            probability[group[k]] += nominalMass(k);
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < mass.length; k++) {
                weight[group[k]] += weights[i] * shares[i][k];
            }
        }
        double[] calibrated = new double[n];
        for (int i = 0; i < n; i++) {
            double factor = 0;
            for (int k = 0; k < mass.length; k++) {
                if (shares[i][k] > 0) {
                    factor += shares[i][k] * probability[group[k]] / weight[group[k]];
                }
            }
            calibrated[i] = weights[i] * factor;
        }
        return calibrated;
    }

    /**
     * The mean inter-arrival time that gives this law the offered load that {@code nominalMean}
     * gives the nominal law: the nominal mean scaled by the ratio of the mean sizes.
     *
     * @param nominalMean the nominal workload's mean inter-arrival time, &gt; 0
     * @return the tilted workload's mean inter-arrival time
     * @throws IllegalArgumentException if {@code nominalMean} is not positive
     */
    public Duration sameLoadInterArrival(Duration nominalMean) {
        if (nominalMean == null || nominalMean.isNegative() || nominalMean.isZero()) {
            throw new IllegalArgumentException("nominalMean must be a positive duration, got " + nominalMean
                    + "; use the nominal workload's meanInterArrival, e.g. Duration.ofMillis(200)");
        }
        return Duration.ofNanos(Math.round(nominalMean.toNanos() * meanBytes() / nominal.meanBytes()));
    }

    @Override
    public double meanBytes() {
        double mean = 0;
        for (int k = 0; k < mass.length; k++) {
            mean += mass[k] / nominalMass(k) * partialMean(lower(k), upper(k));
        }
        return mean;
    }

    @Override
    public Sampler sampler(UniformRandomProvider rng) {
        double[] cumulative = new double[mass.length];
        for (int k = 0; k < mass.length; k++) {
            cumulative[k] = (k == 0 ? 0 : cumulative[k - 1]) + mass[k];
        }
        double total = cumulative[mass.length - 1];
        return () -> {
            double pick = rng.nextDouble() * total;
            int k = 0;
            while (k < mass.length - 1 && cumulative[k] <= pick) {
                k++;
            }
            return quantile(lower(k) + rng.nextDouble() * nominalMass(k));
        };
    }

    private double lower(int k) {
        return k == 0 ? 0 : levels[k - 1];
    }

    private double upper(int k) {
        return k == levels.length ? 1 : levels[k];
    }

    /** The stratum holding nominal cumulative probability u. */
    private int stratum(double u) {
        int k = 0;
        while (k < levels.length && u >= levels[k]) {
            k++;
        }
        return k;
    }

    /** The nominal size at cumulative probability u, as the nominal sampler rounds it. */
    private long quantile(double u) {
        if (nominal instanceof LogNormal l) {
            return Math.max(1L, Math.round(Math.exp(l.mu() + l.sigma() * STANDARD.inverseCumulativeProbability(u))));
        }
        return ((Empirical) nominal).quantile(u);
    }

    /**
     * The nominal cumulative probabilities that give this size: one point, or the range an atom
     * of an empirical law spans.
     */
    private double[] nominalRange(long bytes) {
        if (nominal instanceof LogNormal l) {
            double u = STANDARD.cumulativeProbability((Math.log(bytes) - l.mu()) / l.sigma());
            return new double[] {u, u};
        }
        Empirical e = (Empirical) nominal;
        long[] b = e.bytes();
        double[] p = e.probability();
        double from = Double.NaN;
        double to = Double.NaN;
        for (int i = 1; i < b.length; i++) {
            if (bytes < b[i - 1] || bytes > b[i]) {
                continue;
            }
            double start;
            double end;
            if (b[i] == b[i - 1]) {
                start = p[i - 1];
                end = p[i];
            } else {
                start = p[i - 1] + (bytes - b[i - 1]) / (double) (b[i] - b[i - 1]) * (p[i] - p[i - 1]);
                end = start;
            }
            from = Double.isNaN(from) ? start : Math.min(from, start);
            to = Double.isNaN(to) ? end : Math.max(to, end);
        }
        if (Double.isNaN(from)) {
            double u = bytes < b[0] ? 0 : 1;
            return new double[] {u, u};
        }
        return new double[] {from, to};
    }

    /** ∫ Q(u) du over [a, b] for the nominal quantile function Q (rounding ignored). */
    private double partialMean(double a, double b) {
        if (nominal instanceof LogNormal l) {
            // E[X; a < F(X) < b] = e^(μ + σ²/2) (Φ(z_b − σ) − Φ(z_a − σ)).
            double s = l.sigma();
            double za = a == 0 ? Double.NEGATIVE_INFINITY : STANDARD.inverseCumulativeProbability(a);
            double zb = b == 1 ? Double.POSITIVE_INFINITY : STANDARD.inverseCumulativeProbability(b);
            return Math.exp(l.mu() + s * s / 2) * (STANDARD.cumulativeProbability(zb - s)
                    - STANDARD.cumulativeProbability(za - s));
        }
        Empirical e = (Empirical) nominal;
        long[] x = e.bytes();
        double[] p = e.probability();
        double sum = 0;
        for (int i = 1; i < x.length; i++) {
            double from = Math.max(a, p[i - 1]);
            double to = Math.min(b, p[i]);
            if (to <= from) {
                continue;
            }
            // Q is linear on [p[i−1], p[i]]: integrate it exactly by the midpoint value.
            double mid = (from + to) / 2;
            double q = x[i - 1] + (mid - p[i - 1]) / (p[i] - p[i - 1]) * (x[i] - x[i - 1]);
            sum += (to - from) * q;
        }
        return sum;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TiltedFlowSizes t && nominal.equals(t.nominal) && Arrays.equals(levels, t.levels)
                && Arrays.equals(mass, t.mass);
    }

    @Override
    public int hashCode() {
        return (31 * nominal.hashCode() + Arrays.hashCode(levels)) * 31 + Arrays.hashCode(mass);
    }

    @Override
    public String toString() {
        return "TiltedFlowSizes[" + nominal + ", levels " + Arrays.toString(levels) + ", mass " + Arrays.toString(mass)
                + "]";
    }

    /**
     * The strata's inner boundaries.
     *
     * @return a copy
     */
    @Override
    public double[] levels() {
        return levels.clone();
    }

    /**
     * The strata's sampling probabilities.
     *
     * @return a copy
     */
    @Override
    public double[] mass() {
        return mass.clone();
    }
}
