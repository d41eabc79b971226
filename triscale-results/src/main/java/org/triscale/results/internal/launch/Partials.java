package org.triscale.results.internal.launch;

import org.triscale.results.internal.model.PartialResult;
import org.triscale.results.internal.model.PartialResults;
import org.triscale.results.internal.model.StoredGate;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.results.internal.setup.Fingerprint;
import org.triscale.results.internal.setup.Machine;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.results.internal.verdict.RecordedSequel;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A shard's end ({@code triscale.shard}) as the extension hands it over: the partial result of
 * the shard's runs, which {@code triscale merge} judges with the other shards'. The extension
 * decides when a shard may write one (all its runs executed); the library maps and writes it.
 */
public final class Partials {
    private Partials() {
    }

    /**
     * Writes the partial result of one shard.
     *
     * @param recorded the test's runs as recorded (its setup, test bed, start)
     * @param index    the shard's index, from 1
     * @param count    the number of shards
     * @param series   the series the shard ran
     * @param runs     their runs, series by series
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path write(RecordedSequel recorded, int index, int count, List<Integer> series, List<RunRecord> runs)
            throws IOException {
        TestSetup setup = recorded.setup();
        PartialResult partial = new PartialResult(PartialResult.SCHEMA_VERSION, setup.testClass(), setup.testMethod(),
                setup.testName(), new PartialResult.ShardRuns(index, count, series),
                new PartialResult.Times(recorded.createdAt().toString(), Instant.now().toString()),
                Machine.current().triscaleVersion(),
                ResultMapper.parameters(recorded),
                setup.gate().map(gate -> StoredGate.of(gate, setup.testClass(), setup.testKey())).orElse(null),
                setup.gate().map(gate -> Fingerprint.current(gate.fingerprint().scenario(), recorded.testBed(),
                                gate.fingerprint().tags()))
                        .orElseGet(() -> Fingerprint.current("", recorded.testBed(), Map.of())),
                ResultMapper.currentEnvironment(),
                runs.stream().map(ResultMapper::run).collect(Collectors.toList()));
        return PartialResults.write(partial, setup.settings().outputDir());
    }

    /**
     * The folder partial results go to.
     *
     * @param outputDir the launch's output folder ({@code triscale.output.dir})
     * @return its partial folder
     */
    public static Path folder(Path outputDir) {
        return outputDir.resolve(PartialResults.FOLDER);
    }
}
