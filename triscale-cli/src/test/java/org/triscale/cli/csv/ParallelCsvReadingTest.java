package org.triscale.cli.csv;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The parallel read of a large file gives exactly what the sequential read gives. Small files are
 * split by lowering the threshold to their size, into 2 to 5 ranges.
 */
class ParallelCsvReadingTest {
    @TempDir
    Path dir;

    private Path csv(String content) throws IOException {
        Path file = dir.resolve("run.csv");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    /** Splits the file into {@code chunks} ranges: the threshold is its size. */
    private static Chunking splitting(Path file, int chunks) throws IOException {
        return new Chunking(Files.size(file), chunks);
    }

    /** Checks the file takes the parallel path with this many chunks: several ranges, no quote. */
    private static void assertSplits(Path file, int chunks) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            List<LineRanges.Range> ranges = LineRanges.split(channel, channel.size(), chunks);
            assertThat(ranges).hasSizeGreaterThan(1);
            for (LineRanges.Range range : ranges) {
                assertThat(LineRanges.scan(channel, range).plain()).isTrue();
            }
        }
    }

    private static void assertSameColumns(CsvColumns parallel, CsvColumns sequential) {
        assertThat(parallel.header()).isEqualTo(sequential.header());
        assertThat(parallel.names()).isEqualTo(sequential.names());
        assertThat(parallel.rows()).isEqualTo(sequential.rows());
        for (int k = 0; k < sequential.columns().size(); k++) {
            // Arrays.equals compares bit patterns: NaN equals NaN, and -0.0 differs from 0.0.
            assertThat(java.util.Arrays.equals(parallel.column(k), sequential.column(k)))
                    .as("column %d", k).isTrue();
        }
    }

    /** Reads with every chunk count from 2 to 5 and compares with the sequential read. */
    private void assertSameAsSequential(Path file, List<ColumnRef> columns) throws IOException {
        CsvColumns sequential = CsvColumnReader.read(file, columns, Chunking.sequential());
        for (int chunks = 2; chunks <= 5; chunks++) {
            assertSplits(file, chunks);
            assertSameColumns(CsvColumnReader.read(file, columns, splitting(file, chunks)), sequential);
        }
    }

    /** Rows of random cells, where {@code cell} writes one; lines end with {@code newline}. */
    private static String rows(int count, String newline, Function<UniformRandomProvider, String> cell, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(i * 0.01).append(',').append(cell.apply(rng)).append(',')
                    .append(cell.apply(rng)).append(newline);
        }
        return text.toString();
    }

    private static String number(UniformRandomProvider rng) {
        return String.format(java.util.Locale.ROOT, "%.3f", rng.nextDouble() * 100);
    }

    private static final List<ColumnRef> ALL = List.of(ColumnRef.position(1), ColumnRef.position(2),
            ColumnRef.position(3));

    @Test
    void withAndWithoutHeader() throws IOException {
        String data = rows(3000, "\n", ParallelCsvReadingTest::number, 1);
        assertSameAsSequential(csv(data), ALL);
        Path withHeader = csv("time,rtt,throughput\n" + data);
        assertSameAsSequential(withHeader, List.of(ColumnRef.parse("throughput"), ColumnRef.parse("time")));
        assertThat(CsvColumnReader.read(withHeader, ALL, splitting(withHeader, 3)).rows()).isEqualTo(3000);
    }

    @Test
    void nanAndEmptyCells() throws IOException {
        Function<UniformRandomProvider, String> sometimesMissing = rng -> switch (rng.nextInt(5)) {
            case 0 -> "";
            case 1 -> "NaN";
            case 2 -> "nan";
            default -> number(rng);
        };
        Path file = csv(rows(3000, "\n", sometimesMissing, 2));
        assertSameAsSequential(file, ALL);
        double[] column = CsvColumnReader.read(file, ALL, splitting(file, 4)).column(1);
        assertThat(java.util.Arrays.stream(column).filter(Double::isNaN).count()).isBetween(1650L, 1950L);
    }

    @Test
    void commentAndBlankLinesAnywhereIncludingRangeBoundaries() throws IOException {
        // Every other line is a comment or blank, so every cut lands just before or after one.
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(3);
        StringBuilder text = new StringBuilder("# run 7\n\ntime,rtt,throughput\n");
        for (int i = 0; i < 3000; i++) {
            text.append(i).append(',').append(number(rng)).append(',').append(number(rng)).append('\n');
            switch (rng.nextInt(4)) {
                case 0 -> text.append("# note ").append(i).append('\n');
                case 1 -> text.append('\n');
                case 2 -> text.append("\n\n#\n");
                default -> { }
            }
        }
        assertSameAsSequential(csv(text.toString()), ALL);
    }

    @Test
    void windowsLineEndings() throws IOException {
        Path file = csv("time,rtt,throughput\r\n" + rows(3000, "\r\n", ParallelCsvReadingTest::number, 4)
                + "# end\r\n\r\n");
        assertSameAsSequential(file, ALL);
    }

    @Test
    void aBadCellInALateRangeIsReportedWithItsLineInTheFile() throws IOException {
        // Mixed line endings, comments and blank lines before it: all count as lines.
        String head = "time,rtt,throughput\r\n# comment\n\n" + rows(1000, "\r\n", ParallelCsvReadingTest::number, 5)
                + "\n" + rows(1000, "\n", ParallelCsvReadingTest::number, 6);
        int badLine = 1 + 1 + 1 + 1000 + 1 + 1000 + 1;
        Path file = csv(head + "20.0,1.5,oops\n" + rows(50, "\n", ParallelCsvReadingTest::number, 7));
        Throwable sequential = catchThrowable(() -> CsvColumnReader.read(file, ALL, Chunking.sequential()));
        assertThat(sequential).hasMessageContainingAll(file + " line " + badLine + ", column 3 (throughput)", "'oops'");
        String expected = sequential.getMessage();
        for (int chunks = 2; chunks <= 5; chunks++) {
            assertSplits(file, chunks);
            Chunking chunking = splitting(file, chunks);
            assertThatThrownBy(() -> CsvColumnReader.read(file, ALL, chunking))
                    .isInstanceOf(CsvDataException.class).hasMessage(expected);
        }
    }

    @Test
    void theFirstErrorInTheFileIsReportedWhenSeveralRangesFail() throws IOException {
        Path file = csv(rows(1000, "\n", ParallelCsvReadingTest::number, 8) + "1,2\n"
                + rows(1000, "\n", ParallelCsvReadingTest::number, 9) + "1,2,x\n"
                + rows(1000, "\n", ParallelCsvReadingTest::number, 10));
        Throwable sequential = catchThrowable(() -> CsvColumnReader.read(file, ALL, Chunking.sequential()));
        assertThat(sequential).hasMessageContainingAll(file + " line 1001", "column 3 (column 3) is missing");
        for (int chunks = 2; chunks <= 5; chunks++) {
            Chunking chunking = splitting(file, chunks);
            assertThatThrownBy(() -> CsvColumnReader.read(file, ALL, chunking)).hasMessage(sequential.getMessage());
        }
    }

    @Test
    void aFileWithQuotesIsReadSequentially() throws IOException {
        // A quoted header cell holds line breaks; a cut inside it would misread the file.
        StringBuilder text = new StringBuilder("time,rtt,\"throughput\n");
        text.append("#not a comment\n".repeat(400)).append("in Mbit/s\"\n");
        text.append(rows(200, "\n", ParallelCsvReadingTest::number, 11));
        Path file = csv(text.toString());
        CsvColumns sequential = CsvColumnReader.read(file, ALL, Chunking.sequential());
        assertThat(sequential.header()).isTrue();
        assertThat(sequential.rows()).isEqualTo(200);
        for (int chunks = 2; chunks <= 5; chunks++) {
            assertSameColumns(CsvColumnReader.read(file, ALL, splitting(file, chunks)), sequential);
        }
    }

    @Test
    void veryUnequalRanges() throws IOException {
        // A long comment takes most of the file: several cut points fall inside it and merge.
        String longComment = "#" + "x".repeat(60_000) + "\n";
        Path late = csv(rows(300, "\n", ParallelCsvReadingTest::number, 12) + longComment
                + rows(20, "\n", ParallelCsvReadingTest::number, 13));
        assertSameAsSequential(late, ALL);
        // Here the first range holds no record at all.
        Path early = csv(longComment + "time,rtt,throughput\n" + rows(300, "\n", ParallelCsvReadingTest::number, 14));
        CsvColumns sequential = CsvColumnReader.read(early, ALL, Chunking.sequential());
        assertThat(sequential.header()).isTrue();
        for (int chunks = 2; chunks <= 5; chunks++) {
            assertSameColumns(CsvColumnReader.read(early, ALL, splitting(early, chunks)), sequential);
        }
        // One line only: nothing to split.
        Path oneLine = csv("1,2,3");
        assertSameColumns(CsvColumnReader.read(oneLine, ALL, splitting(oneLine, 4)),
                CsvColumnReader.read(oneLine, ALL, Chunking.sequential()));
    }

    @Test
    void aHeaderFollowedOnlyByCommentsHasNoData() throws IOException {
        Path file = csv("time,rtt\n" + "# nothing yet\n\n".repeat(500));
        assertSplits(file, 3);
        assertThatThrownBy(() -> CsvColumnReader.readAll(file, 2, "choose", splitting(file, 3)))
                .isInstanceOf(CsvDataException.class).hasMessageContainingAll(file.toString(), "a header but no data");
    }

    @Test
    void rangesStartAfterALineFeedAndLineBreaksCountAsTheParserCountsThem() throws IOException {
        Path file = csv("a\r\nb\rc\n\nd\r\r\ne");
        try (FileChannel channel = FileChannel.open(file)) {
            assertThat(LineRanges.lineBreaksBefore(channel, 0)).isZero();
            assertThat(LineRanges.lineBreaksBefore(channel, 3)).isEqualTo(1);
            assertThat(LineRanges.lineBreaksBefore(channel, 8)).isEqualTo(4);
            assertThat(LineRanges.lineBreaksBefore(channel, channel.size())).isEqualTo(6);
            // Six line breaks and a last line without one: at most seven records.
            assertThat(LineRanges.scan(channel, new LineRanges.Range(0, channel.size())).records()).isEqualTo(7);
            assertThat(LineRanges.scan(channel, new LineRanges.Range(0, 8)).records()).isEqualTo(4);
            List<LineRanges.Range> ranges = LineRanges.split(channel, channel.size(), 4);
            assertThat(ranges.get(0).start()).isZero();
            assertThat(ranges.get(ranges.size() - 1).end()).isEqualTo(channel.size());
            for (int k = 1; k < ranges.size(); k++) {
                assertThat(ranges.get(k).start()).isEqualTo(ranges.get(k - 1).end());
                assertThat(ranges.get(k - 1).length()).isPositive();
                assertThat(Files.readAllBytes(file)[(int) ranges.get(k).start() - 1]).isEqualTo((byte) '\n');
            }
        }
    }

    @Test
    void aLoneCarriageReturnEndsALineForTheErrorToo() throws IOException {
        Path file = csv("1,2,3\r".repeat(300) + "\n" + "1,2,3\n".repeat(300) + "1,2,x\n");
        Throwable sequential = catchThrowable(() -> CsvColumnReader.read(file, ALL, Chunking.sequential()));
        assertThat(sequential).hasMessageStartingWith(file + " line 601, column 3");
        for (int chunks = 2; chunks <= 5; chunks++) {
            Chunking chunking = splitting(file, chunks);
            assertThatThrownBy(() -> CsvColumnReader.read(file, ALL, chunking)).hasMessage(sequential.getMessage());
        }
    }

    @Test
    void plainTextScanFindsQuotesAndNulBytesAtAnyOffset() throws IOException {
        for (int at = 0; at < 20; at++) {
            for (char c : new char[] {'"', '\0'}) {
                StringBuilder text = new StringBuilder("1,2\n".repeat(5));
                text.setCharAt(at, c);
                Path file = csv(text.toString());
                try (FileChannel channel = FileChannel.open(file)) {
                    assertThat(LineRanges.scan(channel, new LineRanges.Range(0, channel.size())).plain()).isFalse();
                    assertThat(LineRanges.scan(channel, new LineRanges.Range(at + 1, channel.size())).plain()).isTrue();
                }
            }
        }
    }

    @Test
    void plainTextScanCountsLineFeedsAtEveryOffsetOfAWord() throws IOException {
        // Lines of 1 to 11 bytes put line feeds at every position of the 8-byte words the scan reads.
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < 40; line++) {
            text.append("9".repeat(line % 11)).append('\n');
        }
        for (String content : new String[] {text.toString(), text + "12"}) {
            Path file = csv(content);
            long expected = content.chars().filter(c -> c == '\n').count() + (content.endsWith("\n") ? 0 : 1);
            try (FileChannel channel = FileChannel.open(file)) {
                LineRanges.Scan scan = LineRanges.scan(channel, new LineRanges.Range(0, channel.size()));
                assertThat(scan.records()).isEqualTo(expected);
                assertThat(scan.plain()).isTrue();
                for (long start = 1; start < 9; start++) {
                    long inRange = content.substring((int) start).chars().filter(c -> c == '\n').count()
                            + (content.endsWith("\n") ? 0 : 1);
                    assertThat(LineRanges.scan(channel, new LineRanges.Range(start, channel.size())).records())
                            .isEqualTo(inRange);
                }
            }
        }
    }
}
