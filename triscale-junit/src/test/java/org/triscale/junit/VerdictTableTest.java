package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.report.VerdictTable;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The verdict's table of numbers, on passing and failing verdicts. */
class VerdictTableTest {
    @TempDir
    Path folder;

    @Test
    void failingVerdictCarriesTheNumbers() throws IOException {
        Kit kit = Kit.in(folder);
        String message = kit.run(ResultsTest.Fixture.class).allEvents().failed().stream()
                .map(event -> event.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                        .getThrowable().orElseThrow().getMessage())
                .filter(text -> text.startsWith("TriScale verdict")).findFirst().orElseThrow();
        // The table is printed with the verdict; the message states the failures without repeating it.
        assertThat(message).doesNotContain("Numbers:").doesNotContain("series values");

        Path json = kit.json(ResultsTest.Fixture.class, "cca");
        TestResult result = JsonResults.read(json);
        String table = VerdictTable.render(result, json);
        assertThat(table).containsPattern("KPI delay P75 upper +15 ms +≤ 14.5 ms +75 % +10 runs +15 14 +FAILED");
        assertThat(table.lines()).first().asString().startsWith("TriScale verdict of ResultsTest$Fixture.cca: FAILED");
        assertThat(table).containsPattern("score delay P75 KPIs +1 ms \\(6.897 %\\) +≤ 10 ms +50 % +2 series"
                + " +\\[14, 15\\] +ok").endsWith("results: " + json);
        // The columns are aligned: "value" starts where the KPI row's value starts.
        String[] lines = table.split("\n");
        assertThat(lines[2].indexOf("15 ms")).isEqualTo(lines[1].indexOf("value"));
    }

    @Test
    void passingVerdictPrintsTheNumbers() throws IOException {
        Kit kit = Kit.in(folder);
        kit.run(ResultsTest.PassingFixture.class);
        TestResult result = JsonResults.read(kit.json(ResultsTest.PassingFixture.class, "cca"));
        assertThat(VerdictTable.render(result, null)).contains(": PASSED (")
                .containsPattern("KPI delay P75 upper +\\d+")
                .contains("≤ 100").endsWith("ok");
    }
}
