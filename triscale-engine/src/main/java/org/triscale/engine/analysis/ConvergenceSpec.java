package org.triscale.engine.analysis;

import org.apiguardian.api.API;
import org.triscale.engine.Arguments;

/**
 * Parameters of the convergence test a run's metric must pass.
 *
 * @param confidence confidence of the Theil–Sen slope interval, percent in (0, 100)
 * @param tolerance  tolerance on the normalised slope, percent, &gt; 0
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record ConvergenceSpec(double confidence, double tolerance) {
    /** TriScale's defaults: 95 % confidence, 5 % tolerance. */
    public static final ConvergenceSpec DEFAULT = new ConvergenceSpec(95, 5);

    /** Validates both parameters. */
    public ConvergenceSpec {
        Arguments.percent("convergence confidence", confidence);
        Arguments.positive("convergence tolerance", tolerance);
    }

    /**
     * Returns {@code ConvergenceSpec[confidence=…, tolerance=…]}, the text a record's generated
     * {@code toString} gives, written out for the reason {@link org.triscale.engine.ValueRange#toString()} gives.
     *
     * @return the parameters by name
     */
    @Override
    public String toString() {
        return "ConvergenceSpec[confidence=" + confidence + ", tolerance=" + tolerance + "]";
    }
}
