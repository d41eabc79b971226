package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;
import org.triscale.results.internal.launch.Partials;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.TestSetup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The end of a shard's test method ({@code triscale.shard}): instead of a verdict, the partial
 * result of the shard's runs, written when the test template ends. The method shows its runs only
 * and passes when they pass; a line on standard output says where the partial result is and that
 * the verdict comes from {@code triscale merge}. No baseline, history or Surefire verdict is
 * written: a shard holds part of the sequel, and a verdict on part of it would not be the test's.
 */
final class ShardEnd {
    private ShardEnd() {
    }

    static void close(TemplateState state) {
        TestSetup setup = state.setup;
        Shard shard = state.shard;
        if (state.stopReason() != null) {
            throw new ExtensionConfigurationException(state.stopReason());
        }
        int planned = state.plannedRuns();
        if (state.executedRuns() == 0 && planned > 0) {
            return; // a filter selected none of the method's runs: nothing ran, nothing to record
        }
        if (!state.complete()) {
            throw new AssertionFailedError("TriScale shard " + shard + " of " + setup.testName() + " wrote no partial"
                    + " result: only " + state.executedRuns() + " of its " + planned + " runs executed in this launch,"
                    + " e.g. because a rerun or a filter selected single invocations. A shard is merged only with all"
                    + " its runs; rerun the whole method with " + ConfigurationKeys.SHARD + " = "
                    + (state.cellsOf == null ? shard : state.cellsOf + " and " + ConfigurationKeys.SHARD_BY + " = cells")
                    + ".");
        }
        List<RunRecord> records = new ArrayList<>();
        for (int series : shard.series(setup.seriesCount())) {
            for (int run = 1; run <= setup.runsPerSeries(); run++) {
                records.add(state.run(series, run));
            }
        }
        Path file;
        try {
            file = Partials.write(state.recorded(), shard.index(), shard.count(), shard.series(setup.seriesCount()),
                    records);
        } catch (IOException | RuntimeException e) {
            throw new AssertionFailedError("TriScale shard " + shard + " of " + setup.testName() + ": its partial result"
                    + " could not be written to " + Partials.folder(setup.settings().outputDir()) + " ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); make the folder writable or set "
                    + ConfigurationKeys.OUTPUT_DIR + " to one that is", e);
        }
        // Printed even without progress lines: without it, a green shard would look like a verdict.
        Progress.shard(setup, state.cellsOf == null ? shard + " · " + describe(shard, setup) + " · partial result "
                + file + " · no verdict here: triscale merge computes it from all " + shard.count() + " shards"
                : state.cellsOf + " · the whole test (" + ConfigurationKeys.SHARD_BY + " = cells): " + describe(shard, setup)
                + " · partial result " + file + " · no verdict here: triscale merge computes it");
    }

    private static String describe(Shard shard, TestSetup setup) {
        List<Integer> series = shard.series(setup.seriesCount());
        if (series.isEmpty()) {
            return "none of the " + setup.seriesCount() + " series (more shards than series)";
        }
        return "series " + series.stream().map(String::valueOf)
                .collect(Collectors.joining(", ")) + " of " + setup.seriesCount() + " (" + series.size()
                * setup.runsPerSeries() + " runs)";
    }
}
