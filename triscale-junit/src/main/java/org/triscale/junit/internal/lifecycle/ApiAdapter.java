package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.TestSetup;

/**
 * What the lifecycle needs from the API package, which it does not name: the API package's
 * extension depends on the lifecycle, so the lifecycle reaches the annotations and the
 * {@code RunContext} only through this interface, which the extension implements. The packages
 * then depend on each other in one direction (API → internal).
 */
public interface ApiAdapter {

    /**
     * Reads and validates the TriScale annotations of a {@code @Runs} method.
     *
     * @param context the test method's context
     * @return its setup
     * @throws org.junit.jupiter.api.extension.ExtensionConfigurationException naming the problem
     */
    TestSetup readSetup(ExtensionContext context);

    /**
     * Whether the method declares its runs independent ({@code @Runs(independent = true)}).
     *
     * @param context the test method's context
     * @return whether they may run in parallel
     */
    boolean independentRuns(ExtensionContext context);

    /**
     * Whether a parameter of that type receives the run's {@code RunContext}.
     *
     * @param type a parameter's type
     * @return whether it is the API's run context
     */
    boolean isRunContext(Class<?> type);

    /**
     * The {@code RunContext} the run's code records through.
     *
     * @param recorder the run's recorder
     * @return its context
     */
    Object runContext(RunRecorder recorder);

    /**
     * Resolves the {@code RunContext} and {@code Baseline.Arm} parameters of an invocation.
     *
     * @param record the run, or {@code null} for a series' KPI checks and the verdict, whose
     *               bodies never run
     * @return the resolver
     */
    ParameterResolver parameters(RunRecord record);
}
