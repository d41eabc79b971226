package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.triscale.engine.network.FctHarmIntervals;

/** Assertions on the harm of each FCT statistic; pick one, then bound it with {@link HarmAssert}. *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class FctHarmAssert extends AbstractAssert<FctHarmAssert, FctHarmIntervals> {

    FctHarmAssert(FctHarmIntervals actual) {
        super(actual, FctHarmAssert.class);
        isNotNull();
    }

    /** The harm of the typical (geometric-mean type) FCT. */
    public HarmAssert geometricMean() {
        return pick(new HarmAssert(actual.geometricMean(), "harm of the typical FCT"));
    }

    /** The harm of the median FCT. */
    public HarmAssert median() {
        return pick(new HarmAssert(actual.median(), "harm of the median FCT"));
    }

    /** The harm of the 95th percentile of the FCTs. */
    public HarmAssert p95() {
        return pick(new HarmAssert(actual.p95(), "harm of the P95 FCT"));
    }

    private HarmAssert pick(HarmAssert assertion) {
        assertion.getWritableAssertionInfo().description(info.description());
        return assertion;
    }
}
