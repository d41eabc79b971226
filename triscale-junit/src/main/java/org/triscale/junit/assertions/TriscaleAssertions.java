package org.triscale.junit.assertions;

import org.apiguardian.api.API;
import org.triscale.engine.network.FctHarmIntervals;
import org.triscale.engine.network.HarmInterval;
import org.triscale.junit.sequel.Percentile;
import org.triscale.junit.sequel.Sequel;

/**
 * Entry point of TriScale's AssertJ assertions.
 *
 * <pre>{@code
 * assertThat(prague).kpi("fct", p95()).isAtMost(400);
 * assertThat(prague).score("fct").isAtMostRelative(0.05);
 * assertThat(prague).metric("fct").isWorseThan(cubic).byAtLeast(0.10);
 * assertThat(prague).metric("fct").isNotWorseThan(cubic).withTolerance(0.05);
 * assertThat(Harm.ofRuns(aloneByRun, besideByRun, 95)).p95().isAtLeast(0.5);
 * }</pre>
 *
 * @since 0.2.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public final class TriscaleAssertions {
    private TriscaleAssertions() {
    }

    /**
     * Assertions on a sequel.
     *
     * @param actual the sequel
     * @return its assertions
     */
    public static SequelAssert assertThat(Sequel actual) {
        return new SequelAssert(actual);
    }

    /**
     * Assertions on a harm with its interval.
     *
     * @param actual the harm
     * @return its assertions
     */
    public static HarmAssert assertThat(HarmInterval actual) {
        return new HarmAssert(actual, "harm");
    }

    /**
     * Assertions on the harm of each FCT statistic.
     *
     * @param actual the harms
     * @return its assertions
     */
    public static FctHarmAssert assertThat(FctHarmIntervals actual) {
        return new FctHarmAssert(actual);
    }

    /** The 95th percentile at 75 % confidence. */
    public static Percentile p95() {
        return Percentile.p95();
    }

    /** The 75th percentile at 75 % confidence. */
    public static Percentile p75() {
        return Percentile.p75();
    }

    /**
     * A percentile at 75 % confidence.
     *
     * @param percentile percentile in (0, 100)
     * @return the KPI definition
     */
    public static Percentile percentile(double percentile) {
        return Percentile.of(percentile);
    }
}
