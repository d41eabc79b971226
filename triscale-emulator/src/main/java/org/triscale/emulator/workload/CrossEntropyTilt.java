package org.triscale.emulator.workload;

import org.apiguardian.api.API;

import java.util.Arrays;

/**
 * Chooses the tilt of a workload's flow sizes run after run, for importance sampling of a tail
 * percentile of the flow completion time (FCT), by the cross-entropy method (Rubinstein 1999;
 * de Boer, Kroese, Mannor and Rubinstein 2005).
 *
 * <p>The sampling laws are the stratified tilts of {@link TiltedFlowSizes}. Run 1 mixes the nominal
 * law with equal masses on all strata (in the proportions of the defensive mixture below): started
 * from the nominal law, the method never learns about strata in which no flow of the first runs
 * fell, and a run of the L4S workload often has no flow above its nominal 99th percentile. After
 * each run, {@link #next(long[], double[])} takes the run's flow sizes and FCTs, weights
 * them by the likelihood ratios of the law they were drawn from, adds them to those of the earlier
 * runs (one run holds only a handful of tail flows: updating from it alone makes the tilt jump
 * from run to run), and
 * <ol>
 *   <li>sets the level γ to the smaller of the weighted target percentile of the FCTs and the
 *       unweighted (1 − ρ) quantile (the multi-level rule: the rare event is approached through
 *       levels that a fraction ρ of the flows reach);</li>
 *   <li>solves the cross-entropy program for the strata: the new mass of stratum k is the weighted
 *       share of the flows with FCT ≥ γ that fell in stratum k (the closed form of the program for
 *       a discrete family);</li>
 *   <li>keeps a share of the nominal law in the mixture (a defensive mixture, Hesterberg 1995),
 *       which bounds every weight by 1 / share and keeps the body of the distribution sampled:
 *       a percentile needs both sides of it;</li>
 *   <li>smooths: the next masses are ν times the new ones plus 1 − ν times the current ones
 *       (de Boer et al. 2005).</li>
 * </ol>
 * The update is a deterministic function of the run's results, so runs seeded reproducibly give
 * a reproducible sequence of tilts. Instances are immutable.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class CrossEntropyTilt {
    /** The default strata: nominal cumulative probabilities, finer towards the tail. */
    private static final double[] DEFAULT_LEVELS = {0.5, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999};
    /** The default ρ: a level that a tenth of a run's flows reach. */
    private static final double DEFAULT_RARITY = 0.1;
    /** The default share of the nominal law: at most a weight of 2. */
    private static final double DEFAULT_NOMINAL_SHARE = 0.5;
    /** The default smoothing ν, in the range de Boer et al. recommend (0.4 to 0.9). */
    private static final double DEFAULT_SMOOTHING = 0.7;

    private final double percentile;
    private final double rarity;
    private final double nominalShare;
    private final double smoothing;
    private final TiltedFlowSizes sizes;
    private final double level;
    /** The FCTs of the runs so far, their weights and their strata shares (row per flow). */
    private final double[] fcts;
    private final double[] weights;
    private final double[][] shares;

    private CrossEntropyTilt(double percentile, double rarity, double nominalShare, double smoothing,
                             TiltedFlowSizes sizes, double level, double[] fcts, double[] weights, double[][] shares) {
        this.percentile = percentile;
        this.rarity = rarity;
        this.nominalShare = nominalShare;
        this.smoothing = smoothing;
        this.sizes = sizes;
        this.level = level;
        this.fcts = fcts;
        this.weights = weights;
        this.shares = shares;
    }

    /**
     * Starts with the default settings: strata at the nominal 50, 80, 90, 95,
     * 98, 99, 99.5 and 99.9 % points, ρ = 0.1, half of the nominal law kept, smoothing 0.7.
     *
     * @param nominal    the nominal flow sizes, log-normal or empirical
     * @param percentile the FCT percentile to estimate, in (0, 100), e.g. 99
     * @return the first tilt: the nominal law mixed with equal masses on all strata
     * @throws IllegalArgumentException if an argument is invalid
     */
    public static CrossEntropyTilt start(FlowSizes nominal, double percentile) {
        return start(nominal, percentile, DEFAULT_LEVELS, DEFAULT_RARITY, DEFAULT_NOMINAL_SHARE, DEFAULT_SMOOTHING);
    }

    /**
     * Starts the method.
     *
     * @param nominal      the nominal flow sizes, log-normal or empirical
     * @param percentile   the FCT percentile to estimate, in (0, 100), e.g. 99
     * @param levels       the strata's inner boundaries, increasing nominal probabilities in (0, 1)
     * @param rarity       ρ, the share of a run's flows above the intermediate level, in (0, 1)
     * @param nominalShare the share of the nominal law kept in every tilt, in (0, 1]: every weight is
     *                     at most 1 / nominalShare
     * @param smoothing    ν, the weight of the new masses against the current ones, in (0, 1]
     * @return the first tilt: the nominal law mixed with equal masses on all strata
     * @throws IllegalArgumentException naming the invalid argument
     */
    public static CrossEntropyTilt start(FlowSizes nominal, double percentile, double[] levels, double rarity,
                                         double nominalShare, double smoothing) {
        open("percentile", percentile, 0, 100, "99 for the P99 FCT");
        open("rarity", rarity, 0, 1, "0.1");
        if (!(nominalShare > 0 && nominalShare <= 1)) {
            throw new IllegalArgumentException("nominalShare must be in (0, 1], got " + nominalShare
                    + "; e.g. 0.5 keeps half of the nominal law and bounds the weights by 2");
        }
        if (!(smoothing > 0 && smoothing <= 1)) {
            throw new IllegalArgumentException("smoothing must be in (0, 1], got " + smoothing
                    + "; e.g. 0.7 (1 for no smoothing)");
        }
        TiltedFlowSizes untilted = TiltedFlowSizes.untilted(nominal, levels);
        double[] mass = new double[untilted.strata()];
        for (int k = 0; k < mass.length; k++) {
            mass[k] = nominalShare * untilted.nominalMass(k) + (1 - nominalShare) / mass.length;
        }
        return new CrossEntropyTilt(percentile, rarity, nominalShare, smoothing,
                new TiltedFlowSizes(nominal, untilted.levels(), mass), Double.NaN, new double[0], new double[0],
                new double[0][]);
    }

    /**
     * The sampling law of the next run.
     *
     * @return the tilted flow sizes; give them to the workload with {@code FctWorkload.Builder.sizes}
     */
    public TiltedFlowSizes sizes() {
        return sizes;
    }

    /**
     * The level γ of the last update (FCT in the unit of the FCTs given), NaN before the first.
     *
     * @return γ
     */
    public double level() {
        return level;
    }

    /**
     * The tilt for the next run, from the results of a run drawn with {@link #sizes()}.
     *
     * @param flowSizes the sizes of the run's completed flows, in bytes
     * @param fcts      their completion times, as many as {@code flowSizes}, finite
     * @return the next tilt; this one when the run has no flow
     * @throws IllegalArgumentException if the arrays are null, of different lengths, or an FCT is
     *                                  not finite
     */
    public CrossEntropyTilt next(long[] flowSizes, double[] fcts) {
        if (flowSizes == null || fcts == null || flowSizes.length != fcts.length) {
            throw new IllegalArgumentException("next(flowSizes, fcts) needs one FCT per flow size, got "
                    + (flowSizes == null ? "null" : flowSizes.length) + " sizes and "
                    + (fcts == null ? "null" : fcts.length) + " FCTs; pass the run's completed flows");
        }
        if (fcts.length == 0) {
            return this;
        }
        int before = this.fcts.length;
        int n = before + fcts.length;
        double[] allFcts = Arrays.copyOf(this.fcts, n);
        double[] allWeights = Arrays.copyOf(this.weights, n);
        double[][] allShares = Arrays.copyOf(this.shares, n);
        for (int i = 0; i < fcts.length; i++) {
            if (!Double.isFinite(fcts[i])) {
                throw new IllegalArgumentException("fcts[" + i + "] is " + fcts[i] + "; pass completed flows only");
            }
            allFcts[before + i] = fcts[i];
            allWeights[before + i] = sizes.likelihoodRatio(flowSizes[i]);
            allShares[before + i] = sizes.strataShares(flowSizes[i]);
        }
        double gamma = Math.min(weightedPercentile(allFcts, allWeights, percentile / 100),
                weightedPercentile(allFcts, null, 1 - rarity));
        int strata = sizes.strata();
        double[] elite = new double[strata];
        double eliteWeight = 0;
        for (int i = 0; i < n; i++) {
            if (allFcts[i] >= gamma) {
                for (int k = 0; k < strata; k++) {
                    elite[k] += allWeights[i] * allShares[i][k];
                }
                eliteWeight += allWeights[i];
            }
        }
        double[] current = sizes.mass();
        double[] mass = new double[strata];
        double sum = 0;
        for (int k = 0; k < strata; k++) {
            double target = (1 - nominalShare) * elite[k] / eliteWeight + nominalShare * sizes.nominalMass(k);
            mass[k] = smoothing * target + (1 - smoothing) * current[k];
            sum += mass[k];
        }
        for (int k = 0; k < strata; k++) {
            mass[k] /= sum;
        }
        return new CrossEntropyTilt(percentile, rarity, nominalShare, smoothing,
                new TiltedFlowSizes(sizes.nominal(), sizes.levels(), mass), gamma, allFcts, allWeights, allShares);
    }

    /** The smallest value whose cumulative weight reaches the share p (equal weights when null). */
    static double weightedPercentile(double[] values, double[] weights, double p) {
        Integer[] order = new Integer[values.length];
        double total = 0;
        for (int i = 0; i < values.length; i++) {
            order[i] = i;
            total += weights == null ? 1 : weights[i];
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        double cumulative = 0;
        for (Integer i : order) {
            cumulative += weights == null ? 1 : weights[i];
            if (cumulative >= p * total) {
                return values[i];
            }
        }
        return values[order[order.length - 1]];
    }

    private static void open(String name, double value, double low, double high, String example) {
        if (!(value > low && value < high)) {
            throw new IllegalArgumentException(name + " must be in (" + (long) low + ", " + (long) high + "), got "
                    + value + "; e.g. " + example);
        }
    }

    @Override
    public String toString() {
        return "CrossEntropyTilt[P" + percentile + ", level " + level + ", " + sizes + "]";
    }
}
