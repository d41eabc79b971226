package org.triscale.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link RunContext#note}: kept in the run's JSON entry, shown in a failed run's message, validated. */
class RunNotesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path folder;

    @Test
    void notesGoIntoTheRunsJsonEntryCleanedAndBounded() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(NotingFixture.class).testEvents().assertStatistics(stats -> stats.succeeded(6).failed(0));

        JsonNode runs = JSON.readTree(kit.json(NotingFixture.class, "cca").toFile()).get("runs");
        JsonNode first = runs.get(0).get("notes");
        assertThat(first.get("stderr").asText()).isEqualTo("line 1\nline 2\n\tindented \uFFFD[31mred\uFFFD[0m\nprogress\ndone");
        String log = first.get("stdout").asText();
        assertThat(log).hasSize(4_096).startsWith("[...]").endsWith("end of the log");
        assertThat(runs.get(1).get("notes").get("stdout").asText()).isEqualTo("replaced");
        assertThat(runs.get(1).get("notes").has("stderr")).isFalse();
        for (int run = 2; run < 5; run++) {
            assertThat(runs.get(run).has("notes")).as("run %d has no notes", run + 1).isFalse();
        }
    }

    @Test
    void aFailedRunsMessageEndsWithTheEndOfItsNotes() throws IOException {
        Kit kit = Kit.in(folder);
        EngineExecutionResults results = kit.run(FailingFixture.class);

        String expected = "IllegalStateException: the simulator crashed [notes: exit: 3; stderr: ..."
                + "x".repeat(181) + " segmentation fault]";
        JsonNode run = JSON.readTree(kit.json(FailingFixture.class, "cca").toFile()).get("runs").get(1);
        assertThat(run.get("status").asText()).isEqualTo("FAILED");
        assertThat(run.get("message").asText()).isEqualTo(expected);
        assertThat(run.get("notes").get("stderr").asText()).endsWith("\nsegmentation fault\n");
        Throwable verdict = Kit.error(results.testEvents().failed().list().get(1));
        assertThat(verdict.getMessage()).contains("series 1 run 2: " + expected);
    }

    @Test
    void aRunThatTheExtensionFailsShowsItsNotesInItsFailure() {
        EngineExecutionResults results = Kit.in(folder).run(NoValueFixture.class);

        Throwable failure = Kit.error(results.testEvents().failed().list().get(0));
        assertThat(failure.getMessage()).startsWith("series 1 run 1 recorded no usable value: ")
                .endsWith(" [notes: stderr: iperf3: error - unable to connect to server]");
    }

    @Test
    void badNotesAreRejectedWithTheRule() {
        BadNotesFixture.errors.clear();
        Kit.in(folder).run(BadNotesFixture.class).testEvents().assertStatistics(stats -> stats.succeeded(6));

        assertThat(BadNotesFixture.errors).containsExactly(
                "note(\" \", ...): the name must be 1 to 100 characters without control characters, e.g. \"stderr\"",
                "note(\"a?b\", ...): the name must be 1 to 100 characters without control characters (found U+000A at "
                        + "position 2), e.g. \"stderr\"",
                "note(\"" + "n".repeat(101) + "\", ...): the name must be 1 to 100 characters without control "
                        + "characters, e.g. \"stderr\"",
                "note(\"stderr\", null): the text is null; give a text, empty if there is nothing to say",
                "note(\"extra\", ...): the run already has 32 notes (n00, n01, n02, n03, n04, n05, n06, n07, n08, n09, "
                        + "n10, n11, n12, n13, n14, n15, n16, n17, n18, n19, n20, n21, n22, n23, n24, n25, n26, n27, "
                        + "n28, n29, n30, n31); reuse a name or combine notes");
    }

    @FixturesOnly
    static class NotingFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            if (run.run() == 1) {
                run.note("stderr", "line 1\r\nline 2\n\tindented \u001b[31mred\u001b[0m\rprogress\ndone");
                run.note("stdout", "x".repeat(10_000) + "end of the log");
            } else if (run.run() == 2) {
                run.note("stdout", "first");
                run.note("stdout", "replaced");
            }
            run.recordRunValue("delay", run.run());
        }
    }

    @FixturesOnly
    static class FailingFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            if (run.run() == 2) {
                run.note("stderr", "starting\n" + "x".repeat(500) + "\nsegmentation fault\n");
                run.note("exit", "3");
                throw new IllegalStateException("the simulator crashed");
            }
            run.recordRunValue("delay", run.run());
        }
    }

    @FixturesOnly
    static class NoValueFixture {
        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            run.note("stderr", "iperf3: error - unable to connect to server\n");
        }
    }

    @FixturesOnly
    static class BadNotesFixture {
        static final List<String> errors = new ArrayList<>();

        @Runs(kpiPercentile = 75, kpiConfidence = 75)
        @Metric(name = "delay")
        void cca(RunContext run) {
            if (run.run() == 1) {
                attempt(() -> run.note(" ", "text"));
                attempt(() -> run.note("a\nb", "text"));
                attempt(() -> run.note("n".repeat(101), "text"));
                attempt(() -> run.note("stderr", null));
                for (int i = 0; i < 32; i++) {
                    run.note(String.format("n%02d", i), "text");
                }
                run.note("n00", "a name already used may be given again");
                attempt(() -> run.note("extra", "text"));
            }
            run.recordRunValue("delay", run.run());
        }

        private static void attempt(Runnable call) {
            try {
                call.run();
            } catch (IllegalArgumentException e) {
                errors.add(e.getMessage());
            }
        }
    }
}
