package org.triscale.samples;

import static org.triscale.samples.LongPathCcaTest.CUBIC_MAX_DELAY;
import static org.triscale.samples.LongPathCcaTest.CUBIC_MAX_LOSS;
import static org.triscale.samples.LongPathCcaTest.CUBIC_MIN_THROUGHPUT;

import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.junit.Kpi;
import org.triscale.junit.RunContext;

/**
 * CUBIC's regression test of {@link LongPathCcaTest#cubic}, unchanged, run on the broken
 * {@link CubicWithoutBackoff}: its verdict must fail. {@link BrokenCcaDetectionTest} runs it and
 * checks that it does, so the build stays green while it shows the detection.
 *
 * <p>Not run on its own: Surefire only picks up classes named {@code *Test}, {@code Test*},
 * {@code *Tests} or {@code *TestCase}, and when started directly (for example from an IDE) it is
 * disabled unless the configuration parameter {@value #ENABLED} is {@code true}, which only the
 * detection test sets.
 */
@EnabledIf(value = "launchedByTheDetectionTest",
        disabledReason = "a deliberately failing example; BrokenCcaDetectionTest runs it")
class BrokenCubicRegression {
    /** The configuration parameter that enables this class. */
    static final String ENABLED = "triscale.samples.brokenCca";

    @CcaRegressionTest
    @Kpi(metric = "throughput", percentile = 25, atLeast = CUBIC_MIN_THROUGHPUT)
    @Kpi(metric = "delay", percentile = 75, atMost = CUBIC_MAX_DELAY)
    @Kpi(metric = "loss", percentile = 75, atMost = CUBIC_MAX_LOSS)
    void cubicWithoutBackoff(RunContext run) {
        LongPathCcaTest.measureOnTheLongPath(CubicWithoutBackoff.CCA, run);
    }

    static boolean launchedByTheDetectionTest(ExtensionContext context) {
        return context.getConfigurationParameter(ENABLED).map(Boolean::parseBoolean).orElse(false);
    }
}
