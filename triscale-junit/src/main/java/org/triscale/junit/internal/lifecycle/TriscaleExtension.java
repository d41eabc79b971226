package org.triscale.junit.internal.lifecycle;

import org.triscale.junit.internal.setup.JUnitVersion;
import org.triscale.junit.internal.setup.SetupReader;
import org.triscale.results.internal.setup.TestSetup;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import org.triscale.junit.Runs;
import org.triscale.junit.TriscaleConstants;

import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The JUnit Jupiter extension behind {@link Runs}: validates the method's TriScale annotations,
 * then produces, one at a time, an invocation per run of every series, after each series its KPI
 * checks (with a {@code @Kpi}), and a last invocation named {@code verdict} that analyses the runs
 * (under {@code triscale.shard}, the runs and checks of the shard's series and no verdict: see
 * {@code ShardEnd}). Registered by {@code @Runs}; users do not register it
 * themselves.
 */
public final class TriscaleExtension implements TestTemplateInvocationContextProvider {
    static final Namespace NAMESPACE = Namespace.create(TriscaleExtension.class);

    /** Creates the extension; JUnit calls it. */
    public TriscaleExtension() {
    }

    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(method -> AnnotationSupport.isAnnotated(method, Runs.class)).orElse(false);
    }

    /** A shard may own none of a test's series (more shards than series): it then runs nothing. */
    @Override
    public boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
        return Shard.read(context).isPresent();
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        JUnitVersion.check(context);
        TestSetup setup = SetupReader.read(context);
        if (setup.kpis().isEmpty() && setup.scores().isEmpty() && setup.gate().isEmpty()) {
            Progress.warning(setup, "checks nothing: no @Kpi, @VariabilityScore or @Baseline, so the verdict fails"
                    + " only when a run fails; add the KPI the test is meant to hold");
        }
        Shard shard = Shard.read(context).orElse(null);
        if (shard != null && setup.gate().isPresent() && setup.gate().get().policies().update()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + TriscaleConstants.SHARD + " = " + shard + " cannot be combined with " + TriscaleConstants.BASELINE_UPDATE
                    + " = true: a shard holds part of the sequel, not a baseline. Update the baseline from an unsharded"
                    + " run, or remove " + TriscaleConstants.BASELINE_UPDATE);
        }
        if (shard != null && setup.adaptive()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + TriscaleConstants.SHARD + " = " + shard + " cannot be combined with @Runs(adaptive = true):"
                    + " an adaptive series stops on its own runs, which the merge cannot replay. Run adaptive tests"
                    + " unsharded (e.g. exclude them from the sharded jobs with a tag), or set @Runs(count) instead");
        }
        if (shard != null && setup.adaptiveSeries()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + TriscaleConstants.SHARD + " = " + shard + " cannot be combined with @Series(adaptive = true):"
                    + " a shard runs a fixed subset of the series, but adaptive series stop on the scores of all of"
                    + " them. Run the test unsharded, or set @Series(count) instead");
        }
        boolean interleaved = setup.gate().map(gate -> gate.comparison().interleaved()).orElse(false);
        if (shard != null && interleaved) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + TriscaleConstants.SHARD + " = " + shard + " cannot be combined with @Baseline(interleaved = true):"
                    + " each pair's reference and candidate must run back to back in one launch. Run the test"
                    + " unsharded (e.g. exclude it from the sharded jobs with a tag)");
        }
        if (interleaved && ParallelRuns.parallelism(context) > 1) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + TriscaleConstants.RUNS_PARALLELISM + " = " + ParallelRuns.parallelism(context) + " cannot be"
                    + " combined with @Baseline(interleaved = true): the pairs must run one after the other, each"
                    + " reference and candidate back to back, for drift to cancel. Set "
                    + TriscaleConstants.RUNS_PARALLELISM + " = 1 for this test");
        }
        TemplateState state = new TemplateState(setup, shard);
        // The store closes the state when the template ends; see TemplateState#close.
        context.getStore(NAMESPACE).put(TemplateState.class, state);
        ParallelRuns parallel = ParallelRuns.create(context, state);
        if (parallel != null) {
            context.getStore(NAMESPACE).put(ParallelRuns.class, parallel); // closed when the template ends
        }
        return StreamSupport.stream(new Invocations(state), false);
    }
}
