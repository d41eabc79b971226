package org.triscale.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.Emulator;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.queue.Packets;

/**
 * The README's first example: its scenario, printed there, gives distinct runs across seeds, so
 * that its 25 runs (5 series of 5) are 25 measurements and not one repeated.
 */
class ReadmeExampleTest {
    /** The README's scenario; {@link #theReadmePrintsThisScenario} keeps the two the same. */
    static final Scenario SCENARIO = Scenario.dumbbell()
            .bottleneck(Rate.mbps(20))
            .buffer(Packets.of(78))
            .flow(f -> f.cca(Cca.CUBIC).oneWayDelay(Duration.ofMillis(45)))
            .duration(Duration.ofSeconds(30))
            .ackJitter(Duration.ofMillis(1))
            .build();

    private static final String PRINTED = """
                static final Scenario LONG_PATH = Scenario.dumbbell()
                        .bottleneck(Rate.mbps(20))
                        .buffer(Packets.of(78))
                        .flow(f -> f.cca(Cca.CUBIC).oneWayDelay(Duration.ofMillis(45)))
                        .duration(Duration.ofSeconds(30))
                        .ackJitter(Duration.ofMillis(1))
                        .build();
            """;

    @Test
    void theReadmePrintsThisScenario() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));

        assertThat(readme).contains(PRINTED);
    }

    @Test
    void its25RunsAreDistinctAndEachSeedRepeatsItself() {
        List<double[]> runs = new ArrayList<>();
        Set<Double> p95s = new HashSet<>();
        for (int seed = 0; seed < 25; seed++) {
            double[] delays = Emulator.run(SCENARIO, seed).delays().delaysMillis();
            for (double[] earlier : runs) {
                assertThat(delays).as("seed %d repeats an earlier run", seed).isNotEqualTo(earlier);
            }
            runs.add(delays);
            p95s.add(p95(delays));
        }

        // The P95 of one CUBIC flow that fills its buffer is nearly a constant (the buffer's
        // queueing delay plus the path's): the ACK jitter moves it a little, so two seeds can
        // give the same P95, but most differ.
        assertThat(p95s).hasSizeGreaterThanOrEqualTo(20);
        assertThat(Emulator.run(SCENARIO, 3).delays().delaysMillis()).isEqualTo(runs.get(3));
    }

    @Test
    void deterministicAcrossSeedsGivesOneMeasurementRepeated() {
        Scenario deterministic = Scenario.dumbbell().bottleneck(Rate.mbps(20)).buffer(Packets.of(50))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(40))).deterministicAcrossSeeds().build();

        assertThat(Emulator.run(deterministic, 1).delays().delaysMillis())
                .isEqualTo(Emulator.run(deterministic, 2).delays().delaysMillis());
    }

    private static double p95(double[] delays) {
        double[] d = delays.clone();
        Arrays.sort(d);
        return d[(int) Math.ceil(0.95 * d.length) - 1]; // the nearest-rank P95, the example's metric
    }
}
