package org.triscale.cli.csv;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CsvColumnReaderTest {
    @TempDir
    Path dir;

    private Path csv(String content) throws IOException {
        Path file = dir.resolve("run.csv");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void readsTwoColumnsWithoutHeader() throws IOException {
        CsvColumns data = CsvColumnReader.readAll(csv("0,10.5\n1,11.25\n2,1e3\n"), 2, "choose");
        assertThat(data.header()).isFalse();
        assertThat(data.rows()).isEqualTo(3);
        assertThat(data.names()).containsExactly("column 1", "column 2");
        assertThat(data.column(0)).containsExactly(0, 1, 2);
        assertThat(data.column(1)).containsExactly(10.5, 11.25, 1000);
    }

    @Test
    void detectsAHeaderAndFindsColumnsByName() throws IOException {
        Path file = csv("time,delay,throughput\n0.5,12,48\n1.0,13,49\n");
        CsvColumns data = CsvColumnReader.read(file, List.of(ColumnRef.parse("throughput"), ColumnRef.parse("1")));
        assertThat(data.header()).isTrue();
        assertThat(data.names()).containsExactly("throughput", "time");
        assertThat(data.column(0)).containsExactly(48, 49);
        assertThat(data.column(1)).containsExactly(0.5, 1.0);
    }

    @Test
    void aFileWithMoreRowsThanItsSampledBlocksSuggestIsReadWhole() throws IOException {
        // The reader sizes its columns from eight blocks at k/8 of the file: here each block holds
        // long lines and the rest of each eighth short ones, so the estimate falls far short and the
        // columns must grow.
        int eighth = 1 << 18;
        String longLine = "1." + "0".repeat(60) + ",2\n";
        StringBuilder text = new StringBuilder(8 * eighth);
        long rows = 0;
        double sum = 0;
        for (int k = 0; k < 8; k++) {
            int end = (k + 1) * eighth;
            while (text.length() < k * eighth + (1 << 17)) {
                text.append(longLine);
                rows++;
                sum += 2;
            }
            while (text.length() + 6 <= end) {
                text.append(rows % 10).append(',').append(k).append('\n');
                rows++;
                sum += k;
            }
            while (text.length() < end) {
                text.append('\n');
            }
        }
        CsvColumns data = CsvColumnReader.read(csv(text.toString()), List.of(ColumnRef.position(1),
                ColumnRef.position(2)), Chunking.sequential());
        assertThat(data.rows()).isEqualTo(rows);
        assertThat(data.leadingRows(1).length).isGreaterThanOrEqualTo(data.rows());
        assertThat(data.column(1)).hasSize((int) rows);
        assertThat(java.util.Arrays.stream(data.column(1)).sum()).isEqualTo(sum);
        assertThat(data.column(0)[0]).isEqualTo(1.0);
        assertThat(data.column(0)[(int) rows - 1]).isEqualTo((rows - 1) % 10);
    }

    @Test
    void parsesEveryDoubleExactlyAsJavaDoes() throws IOException {
        String[] texts = {"3.005917", "0.1", "1.7976931348623157E308", "4.9e-324", "-0.0", "123456789012345678901234567890",
                "2.2250738585072011e-308", "0.30000000000000004", "9007199254740993", "  7.5  "};
        CsvColumns data = CsvColumnReader.readAll(csv(String.join("\n", texts) + "\n"), 1, "choose");
        for (int i = 0; i < texts.length; i++) {
            assertThat(data.column(0)[i]).isEqualTo(Double.parseDouble(texts[i].trim()));
        }
    }

    @Test
    void emptyAndNanCellsAreNaN() throws IOException {
        CsvColumns data = CsvColumnReader.readAll(csv("x,y\n0,\n1,nan\n2,NaN\n3,4\n,5\n"), 2, "choose");
        assertThat(data.rows()).isEqualTo(5);
        assertThat(data.column(1)).containsExactly(Double.NaN, Double.NaN, Double.NaN, 4, 5);
        assertThat(data.column(0)[4]).isNaN();
    }

    @Test
    void aFirstRowWithAnEmptyOrNanCellIsData() throws IOException {
        CsvColumns data = CsvColumnReader.readAll(csv("nan,1\n2,3\n"), 2, "choose");
        assertThat(data.header()).isFalse();
        assertThat(data.rows()).isEqualTo(2);
    }

    @Test
    void readsQuotedFieldsBlankLinesAndComments() throws IOException {
        Path file = csv("# base timestamp: 0\n\"time\",\"rtt, ms\"\n\"1\",\"20.5\"\n\n# a comment\n2,\"21\"\n");
        CsvColumns data = CsvColumnReader.read(file, List.of(ColumnRef.parse("rtt, ms")));
        assertThat(data.header()).isTrue();
        assertThat(data.column(0)).containsExactly(20.5, 21);
    }

    @Test
    void readsWindowsLineEndingsAndNoFinalNewline() throws IOException {
        CsvColumns data = CsvColumnReader.readAll(csv("a,b\r\n1,2\r\n3,4"), 2, "choose");
        assertThat(data.column(1)).containsExactly(2, 4);
    }

    @Test
    void growsPastItsInitialCapacity() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            text.append(i).append(',').append(i * 0.5).append('\n');
        }
        CsvColumns data = CsvColumnReader.readAll(csv(text.toString()), 2, "choose");
        assertThat(data.rows()).isEqualTo(5000);
        assertThat(data.column(1)[4999]).isEqualTo(2499.5);
        assertThat(data.column(0)).hasSize(5000);
    }

    @Test
    void aCellThatIsNotANumberNamesFileLineAndColumn() throws IOException {
        Path file = csv("time,delay\n0,12\n1,13\n\n2,abc\n3,14\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessage(file + " line 5, column 2 (delay): 'abc' is not a number; write a decimal number, "
                        + "or leave the cell empty or write nan for a missing value");
    }

    @Test
    void aBadCellInTheFirstDataRowWithoutHeaderIsReported() throws IOException {
        Path file = csv("1,x2\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageStartingWith(file + " line 1, column 2: 'x2' is not a number");
    }

    @Test
    void unreadCellsAreNotChecked() throws IOException {
        CsvColumns data = CsvColumnReader.read(csv("t,y,comment\n1,2,fine\n2,3,also fine\n"),
                List.of(ColumnRef.position(2)));
        assertThat(data.column(0)).containsExactly(2, 3);
    }

    @Test
    void infinitiesAreRejected() throws IOException {
        Path file = csv("1,2\n2,Infinity\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContaining("line 2, column 2: 'Infinity' is infinite");
        Path huge = csv("1,1e999\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(huge, 2, "choose"))
                .isInstanceOf(CsvDataException.class).hasMessageContaining("'1e999' is infinite");
    }

    @Test
    void aShortRowIsReportedWithItsLine() throws IOException {
        Path file = csv("x,y\n1,2\n3\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll(file.toString(), "line 3", "column 2 (y) is missing");
    }

    @Test
    void theWrongNumberOfColumnsSaysHowToChoose() throws IOException {
        Path file = csv("a,b,c\n1,2,3\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 1, "choose one with --column NAME|POSITION"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll(file.toString(), "3 columns", "one is read", "--column NAME|POSITION");
    }

    @Test
    void unknownColumnsAreReported() throws IOException {
        Path withHeader = csv("time,delay\n1,2\n");
        assertThatThrownBy(() -> CsvColumnReader.read(withHeader, List.of(ColumnRef.parse("rtt"))))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll(withHeader.toString(), "no column 'rtt'", "time, delay");
        assertThatThrownBy(() -> CsvColumnReader.read(withHeader, List.of(ColumnRef.position(3))))
                .isInstanceOf(CsvDataException.class).hasMessageContaining("has no column 3");
        Path noHeader = csv("1,2\n");
        assertThatThrownBy(() -> CsvColumnReader.read(noHeader, List.of(ColumnRef.parse("delay"))))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContaining("has no header row, so column 'delay' cannot be found by name");
        assertThatThrownBy(() -> CsvColumnReader.read(noHeader, List.of(ColumnRef.position(1), ColumnRef.parse("1"))))
                .isInstanceOf(CsvDataException.class).hasMessageContaining("asked for twice");
    }

    @Test
    void emptyFilesAndHeaderOnlyFilesHaveNoData() throws IOException {
        Path empty = csv("\n\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(empty, 1, "choose"))
                .isInstanceOf(CsvDataException.class).hasMessageContainingAll(empty.toString(), "no data rows");
        Path headerOnly = csv("delay\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(headerOnly, 1, "choose"))
                .isInstanceOf(CsvDataException.class).hasMessageContainingAll(headerOnly.toString(), "a header but no data");
    }

    @Test
    void missingFilesAndDirectoriesAreReported() {
        Path missing = dir.resolve("nope.csv");
        assertThatThrownBy(() -> CsvColumnReader.readAll(missing, 1, "choose"))
                .isInstanceOf(CsvDataException.class).hasMessage(missing + ": no such file");
        assertThatThrownBy(() -> CsvColumnReader.readAll(dir, 1, "choose"))
                .isInstanceOf(CsvDataException.class).hasMessageContainingAll(dir.toString(), "is a directory");
    }

    @Test
    void malformedCsvIsReportedOnOneLine() throws IOException {
        Path file = csv("1\n\"2\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 1, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageStartingWith(file.toString())
                .hasMessageContaining("malformed CSV")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aRowWithMoreCellsThanTheHeaderIsRefused() throws IOException {
        // A decimal comma turns 10,5 into two cells: reading by position would give 10.
        Path file = csv("time,delay\n0,10,5\n1,11\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessage(file + " line 2 has 3 columns but the first row has 2 (time, delay); a decimal comma "
                        + "or a comma inside a value adds a column: write decimal points, and quote values that hold commas");
        Path noHeader = csv("1,2\n3,4,\n");
        assertThatThrownBy(() -> CsvColumnReader.read(noHeader, List.of(ColumnRef.position(1))))
                .isInstanceOf(CsvDataException.class)
                .hasMessageStartingWith(noHeader + " line 2 has 3 columns but the first row has 2");
    }

    @Test
    void aNameTheHeaderHoldsTwiceCannotChooseAColumn() throws IOException {
        Path file = csv("delay,delay\n1,2\n");
        assertThatThrownBy(() -> CsvColumnReader.read(file, List.of(ColumnRef.parse("delay"))))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll(file.toString(), "two columns named 'delay'", "columns 1 and 2",
                        "give the position");
        assertThat(CsvColumnReader.read(file, List.of(ColumnRef.position(2))).column(0)).containsExactly(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"12f", "10.5d", "10.5D", "0x1p3", "0x10", "1_000", "1e", "1e+", ".", "-", "+-1", "1.2.3",
        "NaNx", "Infinityy", "1,5e3x", "١٢", "12 5"})
    void onlyDecimalNotationIsANumber(String cell) throws IOException {
        Path file = csv("y\n1\n\"" + cell + "\"\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 1, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll("line 3, column 1 (y)", "'" + cell + "' is not a number");
    }

    @Test
    void decimalNotationInAllItsFormsIsRead() throws IOException {
        String[] texts = {"+5", "-5", ".5", "5.", "-.5e1", "1E3", "1e+3", "1e-3", "007", "0.000001",
            "000000000000000000000000000001.5", "1e-400", "-0", "NAN"};
        CsvColumns data = CsvColumnReader.readAll(csv(String.join("\n", texts) + "\n"), 1, "choose");
        assertThat(data.rows()).isEqualTo(texts.length);
        for (int i = 0; i < texts.length - 1; i++) {
            assertThat(Double.doubleToRawLongBits(data.column(0)[i])).as(texts[i])
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(texts[i])));
        }
        assertThat(data.column(0)[texts.length - 1]).isNaN();
    }

    @Test
    void plainLinesAndOtherLinesMixWithTheSameValuesAndLineNumbers() throws IOException {
        // Plain lines take the scanner's fast path; the others (spaces, exponents, 16 digits, an
        // empty cell, CRLF, a comment) the general one; the line numbers must stay right across both.
        String[][] rows = {{"1", "2"}, {"-3.5", "-0"}, {" 4", "5e1"}, {"123456789012345", "1234567890123456"},
            {"0.000000000000001", "-999999999999999"}, {"7.", ".25"}, {"", "8"}, {"9", "10"}};
        String content = "x,y\n" + String.join("\n", java.util.Arrays.stream(rows).map(r -> String.join(",", r))
                .toList()) + "\r\n# done\n11,12\n13,abc\n";
        Path file = csv(content);
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose"))
                .hasMessageStartingWith(file + " line 12, column 2 (y): 'abc' is not a number");

        CsvColumns data = CsvColumnReader.readAll(csv(content.replace("13,abc\n", "")), 2, "choose");
        assertThat(data.rows()).isEqualTo(rows.length + 1);
        for (int i = 0; i < rows.length; i++) {
            for (int k = 0; k < 2; k++) {
                double expected = rows[i][k].isEmpty() ? Double.NaN : Double.parseDouble(rows[i][k]);
                assertThat(Double.doubleToRawLongBits(data.column(k)[i])).as(rows[i][k])
                        .isEqualTo(Double.doubleToRawLongBits(expected));
            }
        }
        assertThat(data.column(1)[rows.length]).isEqualTo(12);
    }

    @Test
    void randomDecimalsGiveTheSameDoublesAsDoubleParseDouble() throws IOException {
        // Short and long significands, every exponent range, both paths of the parser.
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261201);
        List<String> texts = new java.util.ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            double value = switch (i % 4) {
                case 0 -> random.nextDouble() * 1e5;
                case 1 -> Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL);
                case 2 -> random.nextInt(1_000_000) / 1e6;
                default -> random.nextDouble() * Math.pow(10, random.nextInt(-30, 30));
            };
            texts.add(switch (random.nextInt(4)) {
                case 0 -> Double.toString(value);
                case 1 -> String.format(java.util.Locale.ROOT, "%.6f", value);
                case 2 -> String.format(java.util.Locale.ROOT, "%." + random.nextInt(25) + "e", -value);
                default -> new java.math.BigDecimal(value).toPlainString();
            });
        }
        CsvColumns data = CsvColumnReader.readAll(csv(String.join("\n", texts) + "\n"), 1, "choose");
        for (int i = 0; i < texts.size(); i++) {
            assertThat(Double.doubleToRawLongBits(data.column(0)[i])).as(texts.get(i))
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(texts.get(i))));
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    @org.junit.jupiter.api.Timeout(value = 20, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aDeviceIsRefusedInsteadOfReadForever() {
        Path device = Path.of("/dev/zero");
        assertThatThrownBy(() -> CsvColumnReader.readAll(device, 1, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll(device.toString(), "not a regular file", "save the data to a file");
    }

    @Test
    void aLineLongerThanTheLimitIsRefused() throws IOException {
        byte[] noLineBreak = new byte[CsvScanner.MAX_RECORD_BYTES + 10];
        java.util.Arrays.fill(noLineBreak, (byte) '7');
        Path file = dir.resolve("long.csv");
        Files.write(file, noLineBreak);
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 1, "choose"))
                .isInstanceOf(CsvDataException.class)
                .hasMessageContainingAll(file.toString(), "line 1 is longer than " + CsvScanner.MAX_RECORD_BYTES
                        + " bytes");
    }

    @Test
    void quotedFieldsMayHoldDoubledQuotesAndLineBreaks() throws IOException {
        Path file = csv("\uFEFF\"the \"\"rtt\"\"\",\"a\nb\"\n\" 1.5 \" , 2\n  \t \n3,4");
        CsvColumns data = CsvColumnReader.read(file, List.of(ColumnRef.parse("the \"rtt\""), ColumnRef.parse("a\nb")));
        assertThat(data.column(0)).containsExactly(1.5, 3);
        assertThat(data.column(1)).containsExactly(2, 4);
        Path junk = csv("1\n\"2\"x\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(junk, 1, "choose"))
                .hasMessageContainingAll(junk.toString(), "line 2: malformed CSV", "'x' after a quoted field");
    }

    @Test
    void utf16IsRefused() throws IOException {
        Path file = dir.resolve("utf16.csv");
        Files.writeString(file, "y\n1\n", StandardCharsets.UTF_16LE);
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 1, "choose"))
                .hasMessageContainingAll(file.toString(), "not UTF-8", "save it as UTF-8");
    }

    @Test
    void columnReferencesParse() {
        assertThat(ColumnRef.parse(" 2 ")).isEqualTo(ColumnRef.position(2));
        assertThat(ColumnRef.parse("delay").name()).isEqualTo("delay");
        assertThatThrownBy(() -> ColumnRef.parse("0")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("start at 1");
        assertThatThrownBy(() -> ColumnRef.parse(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ColumnRef.parse("99999999999")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void controlCharactersInAnEchoedCellOrNameAreShownVisibly() throws IOException {
        Path nul = csv("time,delay\n0,12\n1,1\u00002\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(nul, 2, "choose")).isInstanceOf(CsvDataException.class)
                .hasMessageStartingWith(nul + " line 3, column 2 (delay): '1\\u00002' is not a number")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u0000"));
        // An escape sequence, a quoted line break and a bidi override: shown, never acted on.
        Path esc = csv("time,\"de\u001b[31mlay\"\n0,\"1\n2\"\n1,\u202e7\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(esc, 2, "choose"))
                .hasMessageContaining("(de\\u001B[31mlay): '1\\u000A2' is not a number")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u001b").doesNotContain("\n"));
        Path header = csv("time,d\u0007\n0,1\n");
        assertThatThrownBy(() -> CsvColumnReader.read(header, List.of(ColumnRef.parse("delay"))))
                .hasMessageContaining("its columns are: time, d\\u0007");
        Path afterQuote = csv("time,delay\n0,\"1\"\u0000\n");
        assertThatThrownBy(() -> CsvColumnReader.readAll(afterQuote, 2, "choose"))
                .hasMessageContaining("'\\u0000' after a quoted field");
        // A long cell is cut after 37 characters of the input, never inside an escape.
        assertThat(Visible.shortened("\u0000".repeat(50))).isEqualTo("\\u0000".repeat(37) + "...");
        assertThat(Visible.of("a\uD83D\uDE00b\uD83Dc")).isEqualTo("a\uD83D\uDE00b\\uD83Dc");
    }
}
