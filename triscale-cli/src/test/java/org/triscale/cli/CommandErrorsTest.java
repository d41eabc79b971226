package org.triscale.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input never shows a stack trace: exit code 2 for usage errors, 1 for data errors, and one
 * line on standard error that names what is wrong. None of these needs the statistics.
 */
class CommandErrorsTest {
    @TempDir
    Path dir;

    private static void assertOneLineError(Cli result, int exitCode, String... fragments) {
        assertThat(result.exitCode()).as(result.err()).isEqualTo(exitCode);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).endsWith(System.lineSeparator());
        assertThat(result.err().strip()).doesNotContain("\n").doesNotContain("\r")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(result.err()).contains(fragments);
    }

    @ParameterizedTest(name = "triscale {0}")
    @CsvSource(delimiter = '|', value = {
            "size -p 100 -c 95                 | Invalid value for option '--percentile': '100' is outside the open interval (0, 100)",
            "size -p 75 -c 0                   | Invalid value for option '--confidence': '0' is outside the open interval (0, 100)",
            "size -p abc -c 95                 | '--percentile': 'abc' is not a number",
            "size -p 75 -c 95 -r -1            | Invalid value for option '--robustness': '-1' is negative",
            "size -p 75 -c 95 -r 1.5           | '--robustness': '1.5' is not a whole number",
            "size -p 75                        | Missing required option: '--confidence=<confidence>'",
            "size -p 75 -c 95 --two-sided --joint | mutually exclusive",
            "size -p 75 -c 95 --bogus          | Unknown option: '--bogus'",
            "kpi f.csv -p 75 -c 75 --side middle | Invalid value for option '--side'",
            "kpi f.csv -p 75 -c 75 --mode FAST | Invalid value for option '--mode'",
            "kpi f.csv -p 50 -c 75             | the median (-p 50) needs a side: add --side lower or --side upper",
            "kpi f.csv -p 75 -c 75 --bounds 5  | '--bounds': '5' is not two numbers; expected MIN,MAX such as 0,120",
            "kpi f.csv -p 75 -c 75 --bounds 9,1 | '--bounds': '9,1' is not a range: MIN must be below MAX",
            "kpi f.csv -p 75 -c 75 --column 0  | '--column': column positions start at 1, got 0",
            "kpi -p 75 -c 75                   | Missing required parameter: 'FILE'",
            "score f.csv -p 75 -c 100          | '--confidence': '100' is outside the open interval (0, 100)",
            "metric f.csv --measure median     | '--measure': 'median' is not a measure",
            "metric f.csv --measure 95 --convergence 95 | '--convergence': '95' is not two numbers",
            "metric f.csv --measure 95 --convergence 95,-5 | '--convergence': '95,-5': convergence tolerance must be a finite number > 0",
            "metric f.csv --measure 95 --x-column 2 --y-column 2 | --x-column and --y-column name the same column 2",
            "frobnicate                        | Unmatched argument at index 0: 'frobnicate'",
    })
    void usageErrorsExitWith2AndOneLine(String args, String message) {
        Cli result = Cli.run(args.trim().split("\\s+"));
        assertOneLineError(result, 2, message);
        assertThat(result.err()).contains("(see 'triscale");
    }

    @Test
    void noCommandIsAUsageError() {
        assertOneLineError(Cli.run(), 2, "triscale: missing command: size, metric, kpi, score, profile, batch, report, show or merge");
    }

    @Test
    void aMissingFileIsADataError() {
        Path missing = dir.resolve("missing.csv");
        assertOneLineError(Cli.run("kpi", missing.toString(), "-p", "75", "-c", "75"), 1,
                "triscale kpi: " + missing + ": no such file");
        assertOneLineError(Cli.run("metric", missing.toString(), "--measure", "95"), 1,
                "triscale metric: " + missing + ": no such file");
    }

    @Test
    void aNonNumericCellIsADataErrorWithItsLine() throws IOException {
        Path file = dir.resolve("kpis.csv");
        Files.writeString(file, "throughput\n91.2\n90.7\nn/a\n92.0\n");
        assertOneLineError(Cli.run("score", file.toString(), "-p", "75", "-c", "75"), 1,
                "triscale score: " + file + " line 4, column 1 (throughput): 'n/a' is not a number");
    }

    @Test
    void tooManyColumnsSaysHowToChoose() throws IOException {
        Path file = dir.resolve("wide.csv");
        Files.writeString(file, "a,b,c\n1,2,3\n");
        assertOneLineError(Cli.run("kpi", file.toString(), "-p", "75", "-c", "75"), 1,
                "has 3 columns but one is read; choose one with --column NAME|POSITION");
        assertOneLineError(Cli.run("metric", file.toString(), "--measure", "95"), 1,
                "has 3 columns but 2 are read; choose the columns with --x-column and --y-column");
        assertOneLineError(Cli.run("kpi", file.toString(), "-p", "75", "-c", "75", "--column", "d"), 1,
                "has no column 'd'; its columns are: a, b, c");
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs(org.junit.jupiter.api.condition.OS.LINUX)
    @org.junit.jupiter.api.Timeout(value = 20, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aDeviceIsADataErrorNotAnEndlessRead() {
        assertOneLineError(Cli.run("kpi", "/dev/zero", "-p", "75", "-c", "75"), 1,
                "triscale kpi: /dev/zero is not a regular file");
    }

    @Test
    void aDecimalCommaIsADataError() throws IOException {
        Path file = dir.resolve("run.csv");
        Files.writeString(file, "time,delay\n0,10,5\n1,11,5\n");
        assertOneLineError(Cli.run("metric", file.toString(), "--measure", "50"), 1,
                "line 2 has 3 columns but the first row has 2 (time, delay)");
    }

    /** One whole message per kind, pinned word for word; the tests above pin the informative parts. */
    @Test
    void eachKindOfErrorReadsInFull() throws IOException {
        Path cells = Files.writeString(dir.resolve("kpis.csv"), "throughput\n91.2\nn/a\n");
        Path wide = Files.writeString(dir.resolve("wide.csv"), "a,b,c\n1,2,3\n");
        Path ragged = Files.writeString(dir.resolve("run.csv"), "time,delay\n0,10,5\n");
        Path missing = dir.resolve("missing.csv");

        assertThat(Cli.run("size", "-p", "100", "-c", "95").err()).as("a usage error").isEqualTo(line(
                "triscale size: Invalid value for option '--percentile': '100' is outside the open interval"
                + " (0, 100); give a percent such as 75 or 95 (see 'triscale size --help')"));
        assertThat(Cli.run().err()).as("no command").isEqualTo(line(
                "triscale: missing command: size, metric, kpi, score, profile, batch, report, show or merge (see 'triscale --help')"));
        assertThat(Cli.run("kpi", missing.toString(), "-p", "75", "-c", "75").err()).as("a missing file")
                .isEqualTo(line("triscale kpi: " + missing + ": no such file"));
        assertThat(Cli.run("score", cells.toString(), "-p", "75", "-c", "75").err()).as("a bad cell")
                .isEqualTo(line("triscale score: " + cells + " line 3, column 1 (throughput): 'n/a' is not a number;"
                        + " write a decimal number, or leave the cell empty or write nan for a missing value"));
        assertThat(Cli.run("kpi", wide.toString(), "-p", "75", "-c", "75").err()).as("too many columns")
                .isEqualTo(line("triscale kpi: " + wide + " has 3 columns but one is read; choose one with --column"
                        + " NAME|POSITION"));
        assertThat(Cli.run("metric", ragged.toString(), "--measure", "50").err()).as("a ragged row")
                .isEqualTo(line("triscale metric: " + ragged + " line 2 has 3 columns but the first row has 2 (time,"
                        + " delay); a decimal comma or a comma inside a value adds a column: write decimal points,"
                        + " and quote values that hold commas"));
    }

    private static String line(String text) {
        return text + System.lineSeparator();
    }

    @Test
    void helpIsPrintedOnStandardOutput() {
        Cli result = Cli.run("kpi", "--help");
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("Usage: triscale kpi", "--percentile", "--side", "--mode");
        assertThat(Cli.run("--help").out()).contains("size", "metric", "kpi", "score", "batch", "report", "show");
    }

    @Test
    void onlyTheInvokedCommandIsBuiltYetEveryCommandIsKnown() {
        assertThat(TriscaleCommand.commandLine(System.in, "metric", "run.csv").getSubcommands())
                .containsOnlyKeys("metric");
        assertThat(TriscaleCommand.commandLine(System.in, "--help").getSubcommands())
                .containsOnlyKeys("size", "metric", "kpi", "score", "profile", "batch", "report", "show", "merge");
        assertOneLineError(Cli.run("metrc", "run.csv"), 2, "triscale: Unmatched arguments from index 0: 'metrc', "
                + "'run.csv' (see 'triscale --help')");
    }

    @Test
    void aResultThatCannotBeWrittenIsAnErrorNotExitCode0() throws IOException {
        Path values = Files.writeString(dir.resolve("values.csv"), "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n");
        for (String[] args : new String[][] {{"size", "-p", "75", "-c", "95"},
                {"kpi", values.toString(), "-p", "25", "-c", "75", "--json"}}) {
            StringWriter err = new StringWriter();
            CommandLine commandLine = TriscaleCommand.commandLine(new ByteArrayInputStream(new byte[0]));
            commandLine.setOut(new PrintWriter(new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    throw new IOException("Broken pipe");
                }
            }));
            commandLine.setErr(new PrintWriter(err, true));
            assertThat(commandLine.execute(args)).as(args[0]).isEqualTo(1);
            assertThat(err.toString().strip()).isEqualTo("triscale " + args[0]
                    + ": I/O error: cannot write the result to standard output (is it closed?)");
        }
    }

    @Test
    void anEchoedInputNeverPutsAControlCharacterOnStandardError() throws Exception {
        Path file = dir.resolve("nul.csv");
        java.nio.file.Files.writeString(file, "x\n1\n2\u0000\n");
        Cli result = Cli.run("kpi", file.toString(), "-p", "75", "-c", "75", "--side", "upper");
        assertOneLineError(result, 1, "'2\\u0000' is not a number");
        assertThat(result.err()).doesNotContain("\u0000");
        Cli option = Cli.run("kpi", file.toString(), "-p", "7\u001b[2J5", "-c", "75");
        assertThat(option.err()).contains("7\\u001B[2J5").doesNotContain("\u001b");
    }
}
