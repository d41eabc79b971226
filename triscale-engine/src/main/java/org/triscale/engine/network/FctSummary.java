package org.triscale.engine.network;

import org.apache.commons.statistics.descriptive.GeometricMean;
import org.apache.commons.statistics.descriptive.Quantile;
import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

import java.util.Arrays;

/**
 * Summary of the flow completion times (FCTs) of one run: geometric mean, median and 95th
 * percentile, the three numbers FCT comparisons of congestion-control algorithms usually report
 * (each then compared with {@link Harm}).
 *
 * <p><b>Quantile definition.</b> The median and the 95th percentile use Hyndman and Fan's (1996)
 * definition 7: linear interpolation between the order statistics at position (n − 1)·p. It is
 * the default of numpy, R and spreadsheet {@code PERCENTILE}, so the numbers agree with the
 * scripts FCT tables are usually produced with, and for n = 1 it returns the single value.
 * Computed with Apache Commons Statistics ({@code Quantile}, {@code GeometricMean}).
 *
 * @param geometricMean geometric mean of the FCTs
 * @param median        median of the FCTs
 * @param p95           95th percentile of the FCTs
 * @param count         number of FCTs summarised (after dropping NaN)
 * @param droppedNaN    number of NaN values dropped (flows that did not complete, for example)
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record FctSummary(double geometricMean, double median, double p95, int count, int droppedNaN) {

    private static final Quantile QUANTILE = Quantile.withDefaults()
            .with(Quantile.EstimationMethod.HF7)
            .withCopy(false);

    /**
     * Summarises flow completion times.
     *
     * @param fcts flow completion times in any unit, each finite and &gt; 0; NaN values are dropped
     *             and counted
     * @return the summary
     * @throws IllegalArgumentException if {@code fcts} is null, holds an infinity or a value ≤ 0,
     *                                  or has no value left after dropping NaN
     */
    public static FctSummary of(double[] fcts) {
        Arguments.samples("fcts", fcts);
        double[] values = new double[fcts.length];
        int count = 0;
        for (int i = 0; i < fcts.length; i++) {
            double v = fcts[i];
            if (Double.isNaN(v)) {
                continue;
            }
            if (!(v > 0)) {
                throw new IllegalArgumentException("fcts[" + i + "] is " + v + "; flow completion times must be > 0 "
                        + "(the geometric mean takes logarithms), check the unit and the measurement");
            }
            values[count++] = v;
        }
        int dropped = fcts.length - count;
        if (count == 0) {
            throw new IllegalArgumentException("fcts must hold at least one value, got " + fcts.length
                    + " values of which " + dropped + " NaN; record the completion times of the flows");
        }
        values = Arrays.copyOf(values, count);
        double geometricMean = GeometricMean.of(values).getAsDouble();
        double[] quantiles = QUANTILE.evaluate(values, 0.5, 0.95);
        return new FctSummary(geometricMean, quantiles[0], quantiles[1], count, dropped);
    }
}
