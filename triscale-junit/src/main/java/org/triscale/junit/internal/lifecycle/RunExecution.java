package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.recording.MetricValue;
import org.triscale.junit.internal.recording.RunMetricValues;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.results.internal.model.RunStatus;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;

/**
 * The lifecycle of one run: marks it executed, times the method body, computes its metrics after
 * the {@code @AfterEach} methods (so they may still record), aborts it when a metric did not
 * converge, and records its outcome and prints its progress line.
 */
final class RunExecution implements BeforeEachCallback, InvocationInterceptor, AfterEachCallback, TestWatcher {
    private final TemplateState state;
    private final RunRecord record;
    /** The recorder bound for this run, closed when the run has ended whatever its outcome. */
    private RunRecorder bound;

    RunExecution(TemplateState state, RunRecord record) {
        this.state = state;
        this.record = record;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        state.started(record);
    }

    // The RunContext belongs to the thread that runs the test's code; JUnit may run the lifecycle
    // methods and the test method each in a thread of its own (@Timeout's SEPARATE_THREAD mode).
    // These interceptors are inside JUnit's own, so they run in that thread, one after the other.

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation,
                                          ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext extensionContext) throws Throwable {
        bindRecorder();
        invocation.proceed();
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
                                            ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext extensionContext) throws Throwable {
        ParallelRuns parallel = ParallelRuns.of(extensionContext);
        if (parallel != null) {
            parallel.execute(invocation, invocationContext, record);
            return;
        }
        bindRecorder();
        long start = System.nanoTime();
        try {
            invocation.proceed();
        } finally {
            record.timed(System.nanoTime() - start);
        }
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation,
                                         ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext extensionContext) throws Throwable {
        bindRecorder();
        invocation.proceed();
    }

    private void bindRecorder() {
        RunRecorder recorder = RunRecorder.of(record);
        if (recorder != null) {
            recorder.bindToCurrentThread();
            bound = recorder;
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        RunRecorder recorder = RunRecorder.of(record);
        if (recorder != null && recorder.configurationError() != null) {
            String message = "TriScale configuration error in " + state.setup.testName() + ", " + record.label() + ": "
                    + recorder.configurationError() + ". The remaining runs are not executed";
            state.stop(message);
            if (context.getExecutionException().isEmpty()) { // the test caught the exception: fail the run anyway
                record.finish(RunStatus.FAILED, message, List.of());
                throw new ExtensionConfigurationException(message);
            }
        }
        if (recorder != null && state.interleaved() && !recorder.armRead() && context.getExecutionException().isEmpty()) {
            String message = "TriScale configuration error in " + state.setup.testName() + ", " + record.label() + " ("
                    + state.arm(record).name().toLowerCase(java.util.Locale.ROOT) + "): @Baseline(interleaved = true)"
                    + " runs every run twice, as the reference and as the candidate, but the run never read its arm,"
                    + " so both arms ran the same code and the gate would compare it with itself. Branch on"
                    + " run.arm() (or take a Baseline.Arm parameter) to run the reference or the candidate code."
                    + " The remaining runs are not executed";
            state.stop(message);
            record.finish(RunStatus.FAILED, message, List.of());
            throw new ExtensionConfigurationException(message);
        }
        if (context.getExecutionException().isPresent() || recorder == null) {
            return; // the outcome is recorded by the TestWatcher methods below
        }
        recorder.close();
        if (recorder.misuse() != null) {
            String message = record.label() + " failed: " + recorder.misuse();
            record.finish(RunStatus.FAILED, message, List.of());
            throw new AssertionFailedError(record.message());
        }
        ParallelRuns parallel = ParallelRuns.of(context);
        List<MetricValue> values = parallel != null ? parallel.metricValues(record)
                : RunMetricValues.compute(state.setup, recorder);
        String missing = RunMetricValues.missing(values);
        if (!missing.isEmpty()) {
            String message = record.label() + " recorded no usable value: " + missing
                    + "; record at least 2 finite samples (or its run value with recordRunValue) of every declared metric"
                    + " in each run";
            record.finish(RunStatus.FAILED, message, values);
            throw new AssertionFailedError(record.message());
        }
        String notConverged = RunMetricValues.notConverged(values);
        if (!notConverged.isEmpty()) {
            String message = record.label() + " did not converge and is excluded from the KPIs: " + notConverged
                    + ". Make the runs longer, or relax @ConvergenceRequired(tolerance)";
            record.finish(RunStatus.NOT_CONVERGED, message, values);
            throw new TestAbortedException(message);
        }
        record.finish(RunStatus.PASSED, "", values);
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        ended(RunStatus.PASSED, null);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        ended(RunStatus.ABORTED, cause);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        ended(RunStatus.FAILED, cause);
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        // A run is never disabled on its own: conditions apply to the whole method.
    }

    private void ended(RunStatus outcome, Throwable cause) {
        if (bound != null) {
            // A failed run's context too: kept and used by a later run, it then refuses the call.
            bound.close();
        }
        state.started(record); // a failure before @BeforeEach callbacks (e.g. the constructor) still ran
        boolean keep = record.status() == outcome
                || (outcome == RunStatus.ABORTED && record.status() == RunStatus.NOT_CONVERGED);
        if (!keep) {
            record.finish(outcome, cause == null ? "" : firstLine(cause), record.metrics());
        }
        state.finished(record);
        if (state.setup.settings().progress()) {
            Progress.run(state, record);
        }
    }

    private static String firstLine(Throwable cause) {
        String message = cause.getMessage();
        String text = cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
