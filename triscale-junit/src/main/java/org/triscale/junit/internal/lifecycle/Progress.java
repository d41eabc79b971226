package org.triscale.junit.internal.lifecycle;

import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.recording.MetricValue;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.TestSetup;

/**
 * One line per run on standard output, e.g.
 * {@code [CubicTest.cubicOnLongPath] series 2/5 run 3/5 · delay=41.8 ms · elapsed 12 s · ETA 31 s},
 * and a summary line for the verdict. An adaptive test's line shows each KPI's anytime-valid
 * interval so far and the runs predicted to be left instead of an ETA.
 */
public final class Progress {
    private Progress() {
    }

    static void run(TemplateState state, RunRecord record) {
        TestSetup setup = state.setup;
        StringBuilder line = new StringBuilder(120).append('[').append(setup.testName()).append("] series ")
                .append(record.series).append(setup.adaptiveSeries() ? " of max " : "/").append(setup.seriesCount())
                .append(" run ").append(record.run)
                .append(setup.adaptive() ? " of max " : "/").append(setup.runsPerSeries());
        if (state.interleaved()) {
            line.append(' ').append(state.arm(record).name().toLowerCase(java.util.Locale.ROOT));
        }
        // A switch expression, so that a new run status cannot print without its own line.
        String outcome = switch (record.status()) {
            case PASSED -> {
                StringBuilder values = new StringBuilder();
                for (MetricValue value : record.metrics()) {
                    values.append(" · ").append(value.metric().name()).append('=')
                            .append(value.metric().format(value.value()));
                    if (value.weighted()) {
                        values.append(" (ESS ").append(Format.number(Math.rint(value.effectiveSampleSize())))
                                .append(')');
                    }
                }
                yield values.toString();
            }
            case NOT_CONVERGED -> " · not converged, excluded";
            case ABORTED -> " · aborted, excluded";
            case FAILED, NOT_RUN, RUNNING -> " · FAILED: " + record.message();
        };
        line.append(outcome);
        long elapsed = state.elapsedNanos();
        if (setup.adaptive()) {
            line.append(" · ").append(state.adaptive(record.series).progress()).append(" · elapsed ")
                    .append(Format.duration(elapsed));
            print(line.toString());
            return;
        }
        int done = state.finishedRuns();
        int left = state.plannedRuns() - done;
        line.append(" · elapsed ").append(Format.duration(elapsed));
        if (left > 0 && done > 0) {
            line.append(" · ETA ").append(Format.duration(elapsed / done * left));
        }
        print(line.toString());
    }

    public static void verdict(TestSetup setup, String summary) {
        print("[" + setup.testName() + "] verdict · " + summary);
    }

    /** The state of a sequel with adaptive series after one of its series ended. */
    static void sequel(TestSetup setup, String text) {
        print("[" + setup.testName() + "] " + text);
    }

    /** The end of a shard's test: where its partial result is, and that it has no verdict. */
    static void shard(TestSetup setup, String text) {
        print("[" + setup.testName() + "] shard " + text);
    }

    /** A cell of a grid that starts or ends, with the grid's cells done and its ETA ({@link GridProgress}). */
    static void grid(TestSetup setup, String text) {
        print("[" + setup.testName() + "] " + text);
    }

    /** A warning about the setup, printed before the first run even when progress lines are off. */
    static void warning(TestSetup setup, String text) {
        print("[" + setup.testName() + "] WARNING · " + text);
    }

    private static void print(String line) {
        System.out.println(line);
    }
}
