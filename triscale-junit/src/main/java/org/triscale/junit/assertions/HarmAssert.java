package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.triscale.engine.network.HarmInterval;
import org.triscale.results.internal.common.Format;

/**
 * Assertions on a harm (Ware et al. 2019) with its confidence interval: a bound holds when the
 * whole interval is on its side, so each statement keeps the interval's one-sided confidence
 * {@code (1 + confidence) / 2}.
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class HarmAssert extends AbstractAssert<HarmAssert, HarmInterval> {
    private final String what;

    HarmAssert(HarmInterval actual, String what) {
        super(actual, HarmAssert.class);
        this.what = what;
        isNotNull();
    }

    /**
     * Verifies that the harm is at least {@code value}: the interval's lower end is.
     *
     * @param value the smallest harm expected, e.g. 0.5
     * @return this
     */
    public HarmAssert isAtLeast(double value) {
        Messages.threshold(value, "isAtLeast");
        if (!(actual.lower() >= value)) {
            failWithMessage("%s", expected("at least", value) + "its interval reaches below it.");
        }
        return this;
    }

    /**
     * Verifies that the harm is at most {@code value}: the interval's upper end is.
     *
     * @param value the largest harm accepted, e.g. 0.5
     * @return this
     */
    public HarmAssert isAtMost(double value) {
        Messages.threshold(value, "isAtMost");
        if (!(actual.upper() <= value)) {
            failWithMessage("%s", expected("at most", value) + "its interval reaches above it.");
        }
        return this;
    }

    private String expected(String relation, double value) {
        return "Expected the " + what + " to be " + relation + " " + Format.number(value) + " with "
                + Format.number(actual.confidence()) + " % confidence, but it is " + Format.number(actual.estimate())
                + " [" + Format.number(actual.lower()) + ", " + Format.number(actual.upper()) + "] and ";
    }
}
