package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.internal.common.InvalidRecordException;
import org.triscale.results.internal.model.TestResult.VerdictStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The gate's files keep their bytes: a history line and a baseline file with every typed field
 * (mode, verdict, measure, direction, KPI side, change outcome) read and written back are unchanged.
 * The texts are what the records wrote when those fields were strings.
 */
class SequelRecordsTest {
    /** A history line: two metrics, both directions and sides, a decimal percentile, two outcomes. */
    static final String LINE = "{\"schemaVersion\":2,\"testClass\":\"a.B\",\"testMethod\":\"m\",\"recordedAt\":\"2026-12-01T07:48:09.236976884Z\","
            + "\"fingerprint\":{\"java\":\"17\",\"os\":\"Linux\",\"arch\":\"amd64\",\"cpus\":2,"
            + "\"scenario\":\"a scenario\",\"testBed\":{\"backend\":\"emulator\"},\"tags\":{\"k\":\"v\"}},"
            + "\"environment\":{\"javaVersion\":\"17.0.15\",\"commit\":\"abc123\"},\"mode\":\"TRISCALE\","
            + "\"runsPerSeries\":2,\"seeds\":[[1,-2],[3,4]],\"metrics\":[{\"name\":\"fct\","
            + "\"measure\":\"P99.9\",\"unit\":\"ms\",\"direction\":\"LOWER_IS_BETTER\","
            + "\"runMetrics\":[[1.5,null],[2.0,2.25]],\"kpi\":{\"percentile\":95.0,"
            + "\"confidence\":90.0,\"side\":\"UPPER\",\"seriesKpis\":[2.0,null],\"median\":2.0},"
            + "\"score\":{\"percentile\":75.0,\"confidence\":75.0,\"lower\":1.0,\"upper\":2.0,"
            + "\"value\":1.0,\"relative\":0.6666666666666666}},{\"name\":\"throughput\","
            + "\"measure\":\"mean\",\"unit\":\"\",\"direction\":\"HIGHER_IS_BETTER\",\"runMetrics\":[[10.0,"
            + "11.0],[12.0,13.0]],\"kpi\":{\"percentile\":5.0,\"confidence\":75.0,"
            + "\"side\":\"LOWER\",\"seriesKpis\":[10.0,12.0],\"median\":11.0},\"score\":{\"percentile\":75.0,"
            + "\"confidence\":75.0,\"lower\":null,\"upper\":null,\"value\":null,\"relative\":null}}],"
            + "\"verdict\":\"FAILED\",\"accepted\":false,\"changes\":[{\"metric\":\"fct\","
            + "\"change\":0.125,\"lower\":0.0625,\"upper\":0.25,\"confidence\":0.98,"
            + "\"outcome\":\"REGRESSED\"},{\"metric\":\"throughput\",\"change\":null,"
            + "\"lower\":null,\"upper\":null,\"confidence\":0.98,\"outcome\":\"INCONCLUSIVE\"}]}";

    /** The same sequel as a baseline file. */
    static final String BASELINE = """
            {
              "schemaVersion" : 2,
              "testClass" : "a.B",
              "testMethod" : "m",
              "recordedAt" : "2026-12-01T07:48:09.236976884Z",
              "fingerprint" : {
                "java" : "17",
                "os" : "Linux",
                "arch" : "amd64",
                "cpus" : 2,
                "scenario" : "a scenario",
                "testBed" : {
                  "backend" : "emulator"
                },
                "tags" : {
                  "k" : "v"
                }
              },
              "environment" : {
                "javaVersion" : "17.0.15",
                "commit" : "abc123"
              },
              "mode" : "TRISCALE",
              "runsPerSeries" : 2,
              "seeds" : [ [ 1, -2 ], [ 3, 4 ] ],
              "metrics" : [ {
                "name" : "fct",
                "measure" : "P99.9",
                "unit" : "ms",
                "direction" : "LOWER_IS_BETTER",
                "runMetrics" : [ [ 1.5, null ], [ 2.0, 2.25 ] ],
                "kpi" : {
                  "percentile" : 95.0,
                  "confidence" : 90.0,
                  "side" : "UPPER",
                  "seriesKpis" : [ 2.0, null ],
                  "median" : 2.0
                },
                "score" : {
                  "percentile" : 75.0,
                  "confidence" : 75.0,
                  "lower" : 1.0,
                  "upper" : 2.0,
                  "value" : 1.0,
                  "relative" : 0.6666666666666666
                }
              }, {
                "name" : "throughput",
                "measure" : "mean",
                "unit" : "",
                "direction" : "HIGHER_IS_BETTER",
                "runMetrics" : [ [ 10.0, 11.0 ], [ 12.0, 13.0 ] ],
                "kpi" : {
                  "percentile" : 5.0,
                  "confidence" : 75.0,
                  "side" : "LOWER",
                  "seriesKpis" : [ 10.0, 12.0 ],
                  "median" : 11.0
                },
                "score" : {
                  "percentile" : 75.0,
                  "confidence" : 75.0,
                  "lower" : null,
                  "upper" : null,
                  "value" : null,
                  "relative" : null
                }
              } ],
              "verdict" : null,
              "accepted" : null,
              "changes" : null
            }""";

    @TempDir
    Path folder;

    @Test
    void aHistoryLineReadsAndWritesBackByteForByte() throws IOException {
        SequelRecord read = SequelRecords.parse(LINE, "history line");

        assertThat(SequelRecords.line(read)).isEqualTo(LINE);
        assertThat(read.mode()).isEqualTo(Mode.TRISCALE);
        assertThat(read.verdict()).isEqualTo(VerdictStatus.FAILED);
        assertThat(read.metric("fct").measure()).isEqualTo(Measure.percentile(99.9));
        assertThat(read.metric("throughput").measure()).isEqualTo(Measure.mean());
        assertThat(read.metric("fct").direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(read.metric("throughput").direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(read.metric("fct").kpi().side()).isEqualTo(Side.UPPER);
        assertThat(read.metric("throughput").kpi().side()).isEqualTo(Side.LOWER);
        assertThat(read.changes()).extracting(SequelRecord.Change::outcome)
                .isEqualTo(List.of(ComparisonOutcome.REGRESSED, ComparisonOutcome.INCONCLUSIVE));
    }

    @Test
    void aBaselineFileReadsAndWritesBackByteForByte() throws IOException {
        Path file = folder.resolve("in.json");
        Files.writeString(file, text(BASELINE));
        Path copy = folder.resolve("out.json");

        BaselineFiles.write(copy, BaselineFiles.read(file));

        assertThat(Files.readString(copy)).isEqualTo(text(BASELINE));
    }

    @Test
    void aHistoryLineBecomesTheSameBaselineFile() throws IOException {
        Path file = folder.resolve("baseline.json");

        BaselineFiles.write(file, SequelRecords.parse(LINE, "history line"));

        assertThat(Files.readString(file)).isEqualTo(text(BASELINE));
    }

    @Test
    void aHistoryFileReadsAndAppendsBackByteForByte() throws IOException {
        Path file = folder.resolve("in.jsonl");
        // A history line's KPIs are those of its run metrics (here too few runs for any).
        String line = LINE.replace("\"seriesKpis\":[2.0,null],\"median\":2.0", "\"seriesKpis\":[null,null],\"median\":null")
                .replace("\"seriesKpis\":[10.0,12.0],\"median\":11.0", "\"seriesKpis\":[null,null],\"median\":null");
        Files.writeString(file, line + "\n" + line + "\n");
        Path copy = folder.resolve("out.jsonl");

        for (SequelRecord record : HistoryStore.read(file).records()) {
            HistoryStore.append(copy, record);
        }

        assertThat(Files.readString(copy)).isEqualTo(line + "\n" + line + "\n");
    }

    /** A value outside a field's type names the field, the value and the valid values. */
    @Test
    void aValueOutsideItsTypeNamesTheFieldAndTheValidValues() {
        assertRefused(LINE.replace("\"TRISCALE\"", "\"FAST\""), "it has mode FAST; expected TRISCALE or SOUND");
        assertRefused(LINE.replace("\"FAILED\"", "\"BROKEN\""), "it has verdict BROKEN; expected PASSED or FAILED");
        assertRefused(LINE.replace("\"HIGHER_IS_BETTER\"", "\"up\""), "it metric \"throughput\" has direction up;"
                + " expected LOWER_IS_BETTER or HIGHER_IS_BETTER");
        assertRefused(LINE.replace("\"LOWER\"", "\"lower\""), "it metric \"throughput\" has kpi.side lower;"
                + " expected LOWER or UPPER");
        assertRefused(LINE.replace("\"INCONCLUSIVE\"", "\"\""), "it changes[1] of metric \"throughput\" has outcome"
                + " \"\"; expected REGRESSED, IMPROVED, UNCHANGED or INCONCLUSIVE");
        assertRefused(LINE.replace("\"UPPER\"", "1"), "it metric \"fct\" has kpi.side 1; expected LOWER or UPPER");
        assertRefused(LINE.replace("\"P99.9\"", "\"P99.x\""), "it metric \"fct\" has measure P99.x; expected P and"
                + " a percentile in (0, 100) such as P95 or P99.9, or mean, minimum or maximum");
        assertRefused(LINE.replace("\"mean\"", "\"average\""), "it metric \"throughput\" has measure average;"
                + " expected P and a percentile");
        assertRefused(LINE.replace("\"P99.9\"", "\"P100\""), "it metric \"fct\" has measure P100; expected P and");
        assertRefused(LINE.replace("\"direction\":\"LOWER_IS_BETTER\",", ""), "it metric \"fct\" has direction null;"
                + " expected LOWER_IS_BETTER or HIGHER_IS_BETTER");
    }

    /** The fields that may be absent still are: a record without mode, verdict, side or outcome reads. */
    @Test
    void absentTypedFieldsReadAsNull() throws IOException {
        SequelRecord read = SequelRecords.parse(LINE.replace("\"mode\":\"TRISCALE\",", "")
                .replace("\"verdict\":\"FAILED\",", "").replace("\"side\":\"UPPER\",", "")
                .replace(",\"outcome\":\"REGRESSED\"", ""), "history line");

        assertThat(read.mode()).isNull();
        assertThat(read.verdict()).isNull();
        assertThat(read.metric("fct").kpi().side()).isNull();
        assertThat(read.changes().get(0).outcome()).isNull();
    }

    private static void assertRefused(String line, String message) {
        assertThat(line).isNotEqualTo(LINE);
        assertThatThrownBy(() -> SequelRecords.parse(line, "history line 3"))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith("history line 3 is not a valid TriScale sequel record: ")
                .hasMessageContaining(message);
    }

    /** Jackson indents with the platform's line separator. */
    private static String text(String block) {
        return block.replace("\n", System.lineSeparator());
    }
}
