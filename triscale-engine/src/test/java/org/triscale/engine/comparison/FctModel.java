package org.triscale.engine.comparison;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.RunMetrics;

/**
 * FCT-like data for the gate's calibration. A run has 900 flows (3 minutes at a mean
 * inter-arrival time of 200 ms) whose completion times are log-normal with σ = 1 of the log; the
 * run's metric is the 95th percentile of its FCTs (nearest rank). A series effect multiplies every
 * FCT of a series by {@code exp(σs · Z)}, Z standard normal, shared by its runs (a machine or a
 * time of day); a shift multiplies every FCT of the new build. The median FCT is 1 (arbitrary: the
 * gate's decision does not depend on the unit).
 */
public final class FctModel {
    static final int FLOWS = 900;
    public static final int RUNS = 5;
    private static final Measure P95 = Measure.percentile(95);

    private final ZigguratSampler.NormalizedGaussian gaussian;
    private final double seriesEffect;
    private final double[] flows = new double[FLOWS];

    // Test code: its callers bring Commons RNG, which the engine's module does not export.
    @SuppressWarnings("exports")
    public FctModel(UniformRandomProvider rng, double seriesEffect) {
        this.gaussian = ZigguratSampler.NormalizedGaussian.of(rng);
        this.seriesEffect = seriesEffect;
    }

    /** A sequel: {@code series} series of {@link #RUNS} run metrics, every FCT multiplied by {@code scale}. */
    public double[][] sequel(int series, double scale) {
        double[][] sequel = new double[series][RUNS];
        for (int s = 0; s < series; s++) {
            double factor = scale * (seriesEffect == 0 ? 1 : Math.exp(seriesEffect * gaussian.sample()));
            for (int r = 0; r < RUNS; r++) {
                sequel[s][r] = run(factor);
            }
        }
        return sequel;
    }

    /**
     * The P95 of one run's FCTs. The nearest-rank percentile is an order statistic, which commutes
     * with the increasing map {@code z → factor · exp(z)}: it is taken of the normal logs and
     * mapped once, instead of mapping 900 values.
     */
    private double run(double factor) {
        for (int i = 0; i < FLOWS; i++) {
            flows[i] = gaussian.sample();
        }
        return factor * Math.exp(RunMetrics.compute(flows, P95).value());
    }
}
