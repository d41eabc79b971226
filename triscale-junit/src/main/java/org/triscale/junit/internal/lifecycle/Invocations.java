package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

/**
 * The invocations of a test method, generated lazily in order: series 1 runs 1..N, series 2, ...,
 * then the verdict. Each one is created only when JUnit asks for it, after the previous one ran. A
 * shard ({@code triscale.shard}) generates the runs of its own series only, and no verdict.
 */
final class Invocations extends Spliterators.AbstractSpliterator<TestTemplateInvocationContext> {
    private final TemplateState state;
    private int next;

    Invocations(TemplateState state) {
        super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
        this.state = state;
    }

    @Override
    public boolean tryAdvance(Consumer<? super TestTemplateInvocationContext> action) {
        int runs = state.setup.runsPerSeries();
        int total = state.setup.totalRuns();
        if (next < total && state.stopReason() != null) {
            next = total; // a run-level configuration error: straight to the verdict, which reports it
        }
        while (next < total && !state.generates(next / runs + 1)) {
            next++; // a series of another shard
        }
        if (next < total) {
            int series = next / runs + 1;
            int run = next % runs + 1;
            next++;
            action.accept(new RunInvocationContext(state, state.generateRun(series, run)));
            return true;
        }
        if (next == total && state.shard == null) { // a shard has no verdict: the merge computes it
            next++;
            state.generateVerdict();
            action.accept(new VerdictInvocationContext(state));
            return true;
        }
        return false;
    }
}
