package org.triscale.results.internal.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.fixtures.RecordedSequels;
import org.triscale.results.fixtures.TestSetups;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A launch's end written by the library from the listener's request, without a JUnit launch. */
class LaunchEndTest {

    @TempDir
    Path dir;

    private Path result() {
        Verdicts.Judged judged = (Verdicts.Judged) Verdicts.decide(RecordedSequels.builder(TestSetups.builder()
                .metric("delay", "ms").kpi("delay", 75, 75).atMost(100).outputDir(dir.resolve("out")).build())
                .series(1, 12.0, 10.0, 14.5, 11.0, 13.0).build(), true);
        return judged.json().orElseThrow();
    }

    @Test
    void writesTheSummaryTheJobSummaryAndTheReportBesideTheResults() throws IOException {
        Path json = result();
        Path job = dir.resolve("job.md");
        LaunchEnd.start();

        String printed = LaunchEnd.finish(new LaunchEnd.Request(List.of(json), LaunchEnd.comparisons(), false,
                Optional.empty(), json.getParent(), true, Optional.of(dir.resolve("report")), Optional.of(job.toString())));

        assertThat(printed).contains("TriScale summary: " + json.getParent().resolve("summary.md"))
                .doesNotContain("could not");
        assertThat(json.getParent().resolve("summary.md")).isRegularFile();
        assertThat(Files.readString(job)).isEqualTo(Files.readString(json.getParent().resolve("summary.md")));
        assertThat(dir.resolve("report").resolve("index.html")).isRegularFile();
        assertThat(json.getParent().resolve("comparisons.json")).doesNotExist();
    }

    @Test
    void aDamagedResultIsNamedAndTheOthersAreStillSummarised() throws IOException {
        Path json = result();
        Path damaged = Files.writeString(json.getParent().resolve("damaged.json"), "{");
        LaunchEnd.start();

        String printed = LaunchEnd.finish(new LaunchEnd.Request(List.of(damaged, json), LaunchEnd.comparisons(), false,
                Optional.empty(), json.getParent(), true, Optional.empty(), Optional.empty()));

        assertThat(printed).contains("TriScale: could not read " + damaged).contains("TriScale summary: ");
        assertThat(dir.resolve("report")).doesNotExist();
    }

    @Test
    void aShardsComparisonsFileThatCannotBeWrittenIsAProblemToPrintNotAnException() throws IOException {
        Path blocked = Files.writeString(dir.resolve("partial"), "a file where the folder should be");
        LaunchEnd.start();

        LaunchEnd.ShardFile file = LaunchEnd.writeShard(blocked, 1, 2, "1/2", LaunchEnd.comparisons());

        assertThat(file.file()).isEmpty();
        assertThat(file.problem()).get().asString().startsWith("TriScale: the comparisons of shard 1/2 could not be"
                + " written to " + blocked).endsWith("; triscale merge will miss them\n");
    }

    @Test
    void aShardWritesItsComparisonsFileEvenEmpty() {
        LaunchEnd.start();

        LaunchEnd.ShardFile file = LaunchEnd.writeShard(dir, 2, 3, "2/3", LaunchEnd.comparisons());

        assertThat(file.problem()).isEmpty();
        assertThat(file.file()).get().satisfies(path -> assertThat(path).isRegularFile());
    }
}
