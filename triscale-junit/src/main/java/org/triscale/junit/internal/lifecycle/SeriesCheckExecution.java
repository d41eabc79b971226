package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.triscale.results.internal.launch.Verdicts;
import org.triscale.results.internal.model.RunStatus;
import org.triscale.results.internal.setup.TestSetup;

import java.lang.reflect.Method;

/**
 * A series' KPI checks: skips the method body and the {@code @BeforeEach}/{@code @AfterEach}
 * methods, computes the series' KPIs as the verdict will, publishes them as a report entry and
 * fails with the statement of each violated or undefined KPI. The message starts with the
 * invocation's display name, since Maven's {@code Failures:} line names an invocation by its
 * index and then prints the message.
 */
final class SeriesCheckExecution implements BodylessInvocation {
    private final TemplateState state;
    private final int series;

    SeriesCheckExecution(TemplateState state, int series) {
        this.state = state;
        this.series = series;
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> method,
                                            ExtensionContext context) {
        invocation.skip();
        TestSetup setup = state.setup;
        String name = SeriesCheckInvocationContext.name(state, series) + " of " + setup.testName();
        if (allAborted()) {
            // As the verdict: runs that skipped themselves leave nothing to judge, not a failure.
            throw new TestAbortedException(name + ": SKIPPED\n- all " + state.runsIn(series)
                    + " runs of the series were skipped by an assumption");
        }
        Verdicts.SeriesVerdict checks = Verdicts.seriesChecks(state.recorded(), series);
        String numbers = checks.numbers();
        context.publishReportEntry("triscale.series", numbers);
        if (setup.settings().progress()) {
            Progress.sequel(setup, SeriesCheckInvocationContext.name(state, series) + ": "
                    + (checks.passed() ? "passed" : "FAILED") + " · " + numbers.replace("\n", " · "));
        }
        if (!checks.passed()) {
            throw new AssertionFailedError(name + ": FAILED\n- " + String.join("\n- ", checks.failures()));
        }
    }

    private boolean allAborted() {
        for (int run = 1; run <= state.runsIn(series); run++) {
            if (state.run(series, run).status() != RunStatus.ABORTED) {
                return false;
            }
        }
        return true;
    }
}
