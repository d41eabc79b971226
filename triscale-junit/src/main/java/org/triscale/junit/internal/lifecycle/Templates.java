package org.triscale.junit.internal.lifecycle;

import org.triscale.junit.internal.setup.Cells;
import org.triscale.junit.internal.setup.GridSize;
import org.triscale.junit.internal.setup.JUnitVersion;
import org.triscale.junit.internal.setup.SettingsReader;
import org.triscale.results.internal.setup.TestSetup;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The lifecycle behind {@code @Runs}, which the API's package-private extension delegates to:
 * validates the method's TriScale annotations (read by the API side, see {@link ApiAdapter}),
 * then produces, one at a time, an invocation per run of every series, after each series its KPI
 * checks (with a {@code @Kpi}), and a last invocation named {@code verdict} that analyses the runs
 * (under {@code triscale.shard}, the runs and checks of the shard's series and no verdict: see
 * {@code ShardEnd}).
 */
public final class Templates {
    static final Namespace NAMESPACE = Namespace.create(Templates.class);
    private final ApiAdapter api;

    /**
     * The lifecycle of one extension instance.
     *
     * @param api what the lifecycle needs from the API package
     */
    public Templates(ApiAdapter api) {
        this.api = api;
    }

    /**
     * Whether a test may have no invocation: a shard may own none of its series (more shards than
     * series), and it then runs nothing.
     *
     * @param context the test method's context
     * @return whether the launch is sharded
     */
    public boolean mayReturnZeroInvocations(ExtensionContext context) {
        return Shard.read(context).isPresent();
    }

    /**
     * Under {@code triscale.shard.by = cells}, skips the test in every shard but the one that runs
     * it whole, naming that shard; otherwise enabled. A configuration error is left to
     * {@link #invocations}, which names it as a failure.
     *
     * @param context the container's or test method's context
     * @return whether the test runs in this launch
     */
    public ConditionEvaluationResult executionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty() || context.getUniqueId().contains("/[test-template-invocation:")) {
            return ConditionEvaluationResult.enabled("decided for the test method");
        }
        Shard shard;
        try {
            shard = Shard.read(context).orElse(null);
            if (shard == null || !Shard.byCells(key -> SettingsReader.parameter(context, key))) {
                return ConditionEvaluationResult.enabled("not sharded by cells");
            }
        } catch (ExtensionConfigurationException e) {
            return ConditionEvaluationResult.enabled("the configuration error is reported by the test");
        }
        String testName = testName(context);
        int owner = shard.ownerOfTest(Cells.indices(context), testName);
        if (owner == shard.index()) {
            return ConditionEvaluationResult.enabled("runs in this shard, " + shard);
        }
        return ConditionEvaluationResult.disabled("TriScale: " + testName + " runs whole in shard " + owner + "/"
                + shard.count() + " (" + ConfigurationKeys.SHARD_BY + " = cells); this is shard " + shard);
    }

    /** {@code Class.method[cell]}, the name the cell's assignment hashes outside a single grid. */
    private static String testName(ExtensionContext context) {
        String cell = Cells.name(context);
        return context.getRequiredTestClass().getName() + "." + context.getRequiredTestMethod().getName()
                + (cell.isEmpty() ? "" : "[" + cell + "]");
    }

    /**
     * The invocations of a {@code @Runs} method, generated lazily.
     *
     * @param context the test method's context
     * @return the runs, KPI checks and verdict
     * @throws ExtensionConfigurationException for an invalid configuration, naming it
     */
    public Stream<TestTemplateInvocationContext> invocations(ExtensionContext context) {
        JUnitVersion.check(context);
        GridProgress grid = GridProgress.of(context);
        int cell = grid == null ? 0 : grid.start();
        TestSetup setup;
        Shard shard;
        boolean byCells;
        try {
            setup = api.readSetup(context);
            shard = Shard.read(context).orElse(null);
            byCells = shard != null && Shard.byCells(key -> SettingsReader.parameter(context, key));
            if (grid != null) {
                // Sized before the first run: a grid too large for a launch is refused before it starts.
                // Sharded by cells, a cell runs whole in one shard.
                long runsPerCell = shard == null || byCells
                        ? setup.totalRuns()
                        : (long) shard.series(setup.seriesCount()).size() * setup.runsPerSeries();
                GridSize.check(setup.testName(), grid.total().orElse(cell), grid.total().isPresent(),
                        runsPerCell, GridSize.maxRuns(context));
            }
        } catch (RuntimeException e) {
            if (grid != null) {
                grid.end(cell); // the cell has ended: the grid's count of cells done stays true
            }
            throw e;
        }
        if (grid != null && setup.settings().progress()) {
            Progress.grid(setup, grid.started(cell));
        }
        if (setup.kpis().isEmpty() && setup.scores().isEmpty() && setup.gate().isEmpty()) {
            Progress.warning(setup, "checks nothing: no @Kpi, @VariabilityScore or @Baseline, so the verdict fails"
                    + " only when a run fails; add the KPI the test is meant to hold");
        }
        if (shard != null && setup.gate().isPresent() && setup.gate().get().policies().update()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + ConfigurationKeys.SHARD + " = " + shard + " cannot be combined with " + ConfigurationKeys.BASELINE_UPDATE
                    + " = true: a shard holds part of the sequel, not a baseline. Update the baseline from an unsharded"
                    + " run, or remove " + ConfigurationKeys.BASELINE_UPDATE);
        }
        if (shard != null && setup.adaptive()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + ConfigurationKeys.SHARD + " = " + shard + " cannot be combined with @Runs(adaptive = true):"
                    + " an adaptive series stops on its own runs, which the merge cannot replay. Run adaptive tests"
                    + " unsharded (e.g. exclude them from the sharded jobs with a tag), or set @Runs(count) instead");
        }
        if (shard != null && setup.adaptiveSeries()) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + ConfigurationKeys.SHARD + " = " + shard + " cannot be combined with @Series(adaptive = true):"
                    + " a shard runs a fixed subset of the series, but adaptive series stop on the scores of all of"
                    + " them. Run the test unsharded, or set @Series(count) instead");
        }
        boolean interleaved = setup.gate().map(gate -> gate.comparison().interleaved()).orElse(false);
        if (shard != null && !byCells && interleaved) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + ConfigurationKeys.SHARD + " = " + shard + " cannot be combined with @Baseline(interleaved = true):"
                    + " each pair's reference and candidate must run back to back in one launch. Run the test"
                    + " unsharded (e.g. exclude it from the sharded jobs with a tag) or whole in one shard ("
                    + ConfigurationKeys.SHARD_BY + " = cells)");
        }
        if (interleaved && ParallelRuns.parallelism(context) > 1) {
            throw new ExtensionConfigurationException("TriScale configuration error in " + setup.testName() + ": "
                    + ConfigurationKeys.RUNS_PARALLELISM + " = " + ParallelRuns.parallelism(context) + " cannot be"
                    + " combined with @Baseline(interleaved = true): the pairs must run one after the other, each"
                    + " reference and candidate back to back, for drift to cancel. Set "
                    + ConfigurationKeys.RUNS_PARALLELISM + " = 1 for this test");
        }
        TemplateState state;
        if (byCells) {
            // The whole test, all its series, as the one shard of its own partial result: the merge
            // then judges it exactly as an unsharded launch would (triscale.shard.by = cells).
            state = new TemplateState(setup, new Shard(1, 1));
            state.cellsOf = shard;
        } else {
            state = new TemplateState(setup, shard);
        }
        if (grid != null) {
            state.inGrid(grid, cell);
        }
        // The store closes the state when the template ends; see TemplateState#close.
        context.getStore(NAMESPACE).put(TemplateState.class, state);
        ParallelRuns parallel = ParallelRuns.create(context, state, api);
        if (parallel != null) {
            context.getStore(NAMESPACE).put(ParallelRuns.class, parallel); // closed when the template ends
        }
        return StreamSupport.stream(new Invocations(state, api), false);
    }
}
