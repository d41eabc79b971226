package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.triscale.results.internal.recording.RunRecord;

import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

/**
 * The invocations of a test method, generated lazily in order: series 1 runs 1..N and its KPI
 * checks (when the test has a {@code @Kpi}), series 2, ..., then the verdict. Each one is created only when JUnit asks for it, after the previous one ran;
 * so an adaptive series ends as soon as its last run stopped it, and its remaining runs are never
 * generated; likewise a sequel with adaptive series ends with the series that decided it. A shard
 * ({@code triscale.shard}) generates the runs and KPI checks of its own series only, and no verdict.
 * An interleaved gate ({@code @Baseline(interleaved = true)}) generates each run twice, its
 * reference and candidate arms back to back, the reference first when the run's seed mixed with the
 * launch's arm order says so ({@code Settings.referenceFirst}).
 */
final class Invocations extends Spliterators.AbstractSpliterator<TestTemplateInvocationContext> {
    private final TemplateState state;
    private final ApiAdapter api;
    private int series = 1;
    private int run;
    /** Whether the current series' KPI checks were generated. */
    private boolean checked;
    private boolean ended;
    /** The second arm of an interleaved pair, generated with the first, or null. */
    private RunRecord pending;

    Invocations(TemplateState state, ApiAdapter api) {
        super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
        this.state = state;
        this.api = api;
    }

    @Override
    public boolean tryAdvance(Consumer<? super TestTemplateInvocationContext> action) {
        if (ended) {
            return false;
        }
        if (pending != null) {
            RunRecord second = pending;
            pending = null;
            if (state.stopReason() == null) {
                action.accept(new RunInvocationContext(state, second, api.parameters(second)));
                return true;
            }
        }
        // A run-level configuration error goes straight to the verdict, which reports it.
        while (state.stopReason() == null && series <= state.setup.seriesCount() && (run > 0 || state.starts(series))) {
            if (state.generates(series) && state.continues(series)) {
                run++;
                RunRecord first = state.generateRun(series, run);
                if (state.interleaved()) {
                    // Both arms back to back on the run's seed, in the order of a coin seeded by it.
                    RunRecord reference = state.generateReference(first);
                    if (state.setup.settings().referenceFirst(first.seed)) {
                        pending = first;
                        first = reference;
                    } else {
                        pending = reference;
                    }
                }
                action.accept(new RunInvocationContext(state, first, api.parameters(first)));
                return true;
            }
            if (run > 0 && !checked && !state.setup.kpis().isEmpty()) {
                // The series ended: its KPI checks are a test of their own, before the next series.
                checked = true;
                action.accept(new SeriesCheckInvocationContext(state, series, api.parameters(null)));
                return true;
            }
            series++;
            run = 0;
            checked = false;
        }
        ended = true;
        if (state.shard != null) {
            return false; // a shard has no verdict: the merge computes it
        }
        state.generateVerdict();
        action.accept(new VerdictInvocationContext(state, api.parameters(null)));
        return true;
    }
}
