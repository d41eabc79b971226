package org.triscale.results.internal.gate;

import org.triscale.results.internal.common.FileNames;
import org.triscale.results.internal.common.InvalidRecordException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The history of a test method: one {@link SequelRecord} per execution, one JSON object per line
 * ({@code .jsonl}), appended and never rewritten.
 *
 * <p>Appends are safe with several threads and several processes (Surefire forks) writing at once:
 * within the JVM a lock per file serialises them, across processes an exclusive {@link FileLock}
 * on the whole file; under both, one line (with its line break) is written at the end of the file.
 * If the file does not end with a line break (a writer died mid-line), the new line starts with
 * one, so a torn line never swallows the next. Readers take a shared lock and see whole lines.
 *
 * <p><b>Links.</b> The history folder may be restored by a CI cache, so its files are untrusted:
 * a history file that is a symbolic link leading out of its folder is neither read nor appended
 * to ({@link FileNames#notLinkedOut}), and the file is opened without following links.
 *
 * <p><b>Bounded reading.</b> The gate uses only the end of a history: the last
 * {@link Tail#recent} sequels of the test (its trend) and its last {@link Tail#accepted} accepted
 * sequels of the same test bed (the baseline). {@link #read(Path, Tail)} therefore reads the file
 * backwards, line by line from its end, in chunks of 64 KiB, and stops as
 * soon as it has both, or after {@link #MAX_SCANNED_LINES} lines or {@link #MAX_SCANNED_BYTES}
 * bytes, whichever comes first; a line longer than {@link #MAX_LINE_BYTES} is skipped without
 * being held. Memory is thus bounded by the kept records and one line, and time by the bytes
 * scanned, whatever the file's length (the design's budget: at most 1 s and 64 MB of heap).
 * A line number in a warning is counted from the file's start when the part not scanned is at
 * most {@link #MAX_COUNTED_BYTES} bytes (a streaming count of its line breaks), else from its end.
 *
 * <p><b>Validation.</b> Every line read is validated strictly ({@code SequelRecords.parseHistoryLine}):
 * types as written (a string {@code "true"} is not a boolean), {@code runsPerSeries >= 1}, an ISO
 * instant, a verdict consistent with {@code accepted}, and each stored KPI equal to the one its own
 * run metrics give. A line that fails is never used: it is skipped with a warning naming the file
 * and the line, and the file is left as it is. Lines of another test, metric or unit are counted
 * and reported in one warning.
 */
public final class HistoryStore {
    /** Most bytes of a history examined by one read, from its end. */
    public static final long MAX_SCANNED_BYTES = 32L * 1024 * 1024;
    /** Most lines of a history examined by one read, from its end. */
    public static final int MAX_SCANNED_LINES = 5_000;
    /** Longest line read; a longer line is skipped with a warning. */
    public static final int MAX_LINE_BYTES = 8 * 1024 * 1024;
    /** Largest part not scanned whose line breaks are counted to number a warning's line from the start. */
    public static final long MAX_COUNTED_BYTES = 256L * 1024 * 1024;
    /** Most warnings about single lines; the others are counted in one more. */
    static final int MAX_LINE_WARNINGS = 10;
    static final int CHUNK_BYTES = 64 * 1024;

    /** One lock per file for the threads of this JVM (a file lock is held per process). */
    private static final ConcurrentHashMap<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private HistoryStore() {
    }

    /**
     * What reading a history gave.
     *
     * @param records the valid records kept, oldest first
     * @param warnings one sentence per skipped line or part of the file
     * @param scannedLines how many lines (empty ones included) were examined, from the end
     */
    public record Read(List<SequelRecord> records, List<String> warnings, int scannedLines) {
        /** Copies the lists. */
        public Read {
            records = List.copyOf(records);
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * What a read keeps of a history, scanning from its end.
     *
     * @param recent     the last records of this test to keep, accepted or not
     * @param accepted   accepted records of this test to find (and keep) besides; the scan stops once it
     *                   has both
     * @param mismatch   why a valid record does not belong to this test (another test, metric or
     *                   unit), or null when it does; such records are counted, reported and not kept
     * @param acceptable whether an accepted record of this test counts toward {@code accepted}
     *                   (e.g. the same test bed); accepted records that do not are still kept
     *                   while scanning
     */
    public record Tail(int recent, int accepted, Function<SequelRecord, String> mismatch,
                       Predicate<SequelRecord> acceptable) {
        /** Checks the counts. */
        public Tail {
            if (recent < 0 || accepted < 0) {
                throw new IllegalArgumentException("recent and accepted must be >= 0, got " + recent + " and "
                        + accepted);
            }
        }

        /**
         * Everything, up to the scan's bounds: for tests and tools that look at a whole (small) history.
         *
         * @return a tail keeping every valid record scanned
         */
        public static Tail all() {
            return new Tail(Integer.MAX_VALUE, 0, record -> null, record -> true);
        }
    }

    /**
     * The history file of a test method.
     *
     * @param folder     the history folder
     * @param testClass  fully qualified class name
     * @param testMethod method name
     * @return {@code <folder>/<class>.<method>.jsonl}
     */
    public static Path file(Path folder, String testClass, String testMethod) {
        return FileNames.inside(folder, FileNames.stem(testClass + "." + testMethod) + ".jsonl");
    }

    /**
     * Appends a record as one line, creating the file and its folder if needed. A file that is a
     * symbolic link leading out of its folder is refused, and the file is opened without
     * following links.
     *
     * @param file   the history file
     * @param record the record
     * @throws IOException if the line cannot be written, or the file is such a link
     */
    public static void append(Path file, SequelRecord record) throws IOException {
        byte[] line = (SequelRecords.line(record) + "\n").getBytes(StandardCharsets.UTF_8);
        Path absolute = file.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        Path open = FileNames.notLinkedOut(absolute, "history");
        ReentrantLock lock = LOCKS.computeIfAbsent(absolute, key -> new ReentrantLock());
        lock.lock();
        try (FileChannel channel = FileChannel.open(open, Set.<OpenOption>of(StandardOpenOption.CREATE,
                StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))) {
            FileLock fileLock = channel.lock();
            try {
                long end = channel.size();
                ByteBuffer buffer = ByteBuffer.wrap(line);
                if (end > 0 && !endsWithLineBreak(channel, end)) {
                    ByteBuffer repaired = ByteBuffer.allocate(line.length + 1);
                    repaired.put((byte) '\n').put(line).flip();
                    buffer = repaired;
                }
                long position = end;
                while (buffer.hasRemaining()) {
                    position += channel.write(buffer, position);
                }
            } finally {
                fileLock.release();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reads every valid record of a history file, within the scan's bounds; a missing file is an
     * empty history.
     *
     * @param file the history file
     * @return the records, oldest first, and a warning per skipped line
     * @throws IOException if the file exists but cannot be read, or is a link leading out of its folder
     */
    public static Read read(Path file) throws IOException {
        return read(file, Tail.all());
    }

    /**
     * Reads what {@code tail} asks of a history file, from its end (see the class's description).
     *
     * @param file the history file
     * @param tail what to keep
     * @return the kept records, oldest first, and the warnings
     * @throws IOException if the file exists but cannot be read, or is a link leading out of its folder
     */
    public static Read read(Path file, Tail tail) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        Path open = FileNames.notLinkedOut(absolute, "history");
        ReentrantLock lock = LOCKS.computeIfAbsent(absolute, key -> new ReentrantLock());
        lock.lock();
        try (FileChannel channel = FileChannel.open(open, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            FileLock fileLock = channel.lock(0, Long.MAX_VALUE, true);
            try {
                return new Scan(channel, file, tail).run();
            } finally {
                fileLock.release();
            }
        } catch (NoSuchFileException e) {
            return new Read(List.of(), List.of(), 0);
        } finally {
            lock.unlock();
        }
    }

    /** One backward scan of a history under its lock. */
    private static final class Scan {
        private final FileChannel channel;
        private final Path file;
        private final Tail tail;
        private final byte[] window = new byte[CHUNK_BYTES];
        /** The file's bytes [windowStart, windowStart + windowLength) are in {@link #window}. */
        private long windowStart;
        /** Whether the file ends with a line break (then the last "line" is empty). */
        private final boolean trailingBreak;
        /** Everything from here to the end has been scanned. */
        private long scannedFrom;
        /** Line breaks from {@link #scannedFrom} to the end. */
        private long breaksAfter;
        private final List<SequelRecord> kept = new ArrayList<>();
        /** Line problems: the line's number from the end and what is wrong, resolved once the scan ends. */
        private final List<long[]> problemLines = new ArrayList<>();
        private final List<String> problems = new ArrayList<>();
        private int mismatched;
        private String oldestMismatch;
        private long oldestMismatchLine;

        Scan(FileChannel channel, Path file, Tail tail) throws IOException {
            this.channel = channel;
            this.file = file;
            this.tail = tail;
            this.scannedFrom = channel.size();
            this.windowStart = scannedFrom;
            this.trailingBreak = scannedFrom > 0 && endsWithLineBreak(channel, scannedFrom);
        }

        Read run() throws IOException {
            long size = scannedFrom;
            int lines = 0;
            int recent = 0;
            int accepted = 0;
            boolean bounded = false;
            while (scannedFrom > 0 && (recent < tail.recent() || accepted < tail.accepted())) {
                if (lines >= MAX_SCANNED_LINES || size - scannedFrom >= MAX_SCANNED_BYTES) {
                    bounded = true;
                    break;
                }
                long fromEnd = breaksAfter; // 0 for the last (possibly unterminated) line
                byte[] line = previousLine();
                lines++;
                if (line == null) {
                    problem(fromEnd, "is longer than " + MAX_LINE_BYTES + " bytes; the line is skipped and the file left as it"
                            + " is");
                    continue;
                }
                String text = new String(line, StandardCharsets.UTF_8).strip();
                if (text.isEmpty()) {
                    continue;
                }
                SequelRecord record;
                try {
                    record = SequelRecords.parseHistoryLine(text, "");
                } catch (InvalidRecordException e) {
                    problem(fromEnd, e.getMessage().strip() + "; the line is skipped and the file left as it is");
                    continue;
                }
                String mismatch = tail.mismatch().apply(record);
                if (mismatch != null) {
                    mismatched++;
                    oldestMismatch = mismatch; // the scan goes backwards: the last one set is the oldest
                    oldestMismatchLine = fromEnd;
                    continue;
                }
                boolean isAccepted = Boolean.TRUE.equals(record.accepted());
                boolean counts = isAccepted && tail.acceptable().test(record);
                // Accepted records that do not count (another test bed) are kept too while looking:
                // the gate tells how many it skipped.
                if (recent < tail.recent() || isAccepted && accepted < tail.accepted()) {
                    kept.add(record);
                }
                recent++;
                accepted += counts ? 1 : 0;
            }
            return new Read(reversed(kept), warnings(bounded, lines, size), lines);
        }

        private List<String> warnings(boolean bounded, int lines, long size) throws IOException {
            List<String> warnings = new ArrayList<>();
            // Found from the end: reported oldest first, as the file reads.
            Collections.reverse(problems);
            Collections.reverse(problemLines);
            long total = scannedFrom <= MAX_COUNTED_BYTES ? breaksBefore(scannedFrom) + breaksAfter : -1;
            for (int i = 0; i < problems.size() && i < MAX_LINE_WARNINGS; i++) {
                warnings.add("history " + file + " " + lineName(problemLines.get(i)[0], total) + " "
                        + problems.get(i));
            }
            if (problems.size() > MAX_LINE_WARNINGS) {
                warnings.add("history " + file + ": " + (problems.size() - MAX_LINE_WARNINGS) + " more lines are not"
                        + " used for the same kind of reasons");
            }
            if (mismatched > 0) {
                warnings.add("history " + file + ": " + mismatched + " line" + (mismatched == 1 ? " does" : "s do")
                        + " not fit this test and " + (mismatched == 1 ? "is" : "are") + " not used (the oldest read, "
                        + lineName(oldestMismatchLine, total) + ": " + oldestMismatch + "); move lines of an older"
                        + " definition of the test elsewhere to silence this");
            }
            if (bounded) {
                warnings.add("history " + file + ": only its last " + lines + " lines (" + (size - scannedFrom)
                        + " bytes) were read, the most a gated test reads (" + MAX_SCANNED_LINES + " lines or "
                        + MAX_SCANNED_BYTES + " bytes); older sequels are not used. Move old lines elsewhere to keep"
                        + " the history short");
            }
            return warnings;
        }

        /**
         * {@code line 12}: one more than the line breaks before the line, which are all the file's
         * ({@code total}) less the {@code fromEnd} after it; or {@code line 3 from the end} when
         * the part not scanned was too large to count ({@code total < 0}).
         */
        private String lineName(long fromEnd, long total) {
            if (total < 0) {
                return "line " + (fromEnd + (trailingBreak ? 0 : 1)) + " from the end";
            }
            return "line " + (1 + total - fromEnd);
        }

        private void problem(long fromEnd, String what) {
            problemLines.add(new long[] {fromEnd});
            problems.add(what);
        }

        /**
         * The line that ends at {@link #scannedFrom} (its line break excluded), moving
         * {@link #scannedFrom} to its line break (or the file's start); null when it is longer
         * than {@link #MAX_LINE_BYTES}.
         */
        private byte[] previousLine() throws IOException {
            List<byte[]> parts = new ArrayList<>();
            long length = 0;
            long position = scannedFrom;
            while (true) {
                if (position == 0) {
                    scannedFrom = 0;
                    break;
                }
                if (position <= windowStart) {
                    load(position);
                }
                int stop = (int) (position - windowStart);
                int i = stop - 1;
                while (i >= 0 && window[i] != '\n') {
                    i--;
                }
                int from = i + 1;
                length += stop - from;
                if (length <= MAX_LINE_BYTES && stop > from) {
                    byte[] part = new byte[stop - from];
                    System.arraycopy(window, from, part, 0, part.length);
                    parts.add(part);
                } else if (length > MAX_LINE_BYTES) {
                    parts.clear();
                }
                if (i >= 0) {
                    scannedFrom = windowStart + i; // at the line break before this line
                    breaksAfter++;
                    break;
                }
                position = windowStart;
            }
            if (length > MAX_LINE_BYTES) {
                return null;
            }
            byte[] line = new byte[(int) length];
            int at = line.length;
            for (byte[] part : parts) {
                at -= part.length;
                System.arraycopy(part, 0, line, at, part.length);
            }
            return line;
        }

        /** Reads the chunk that ends at {@code end} into the window. */
        private void load(long end) throws IOException {
            long start = Math.max(0, end - CHUNK_BYTES);
            ByteBuffer buffer = ByteBuffer.wrap(window, 0, (int) (end - start));
            long position = start;
            while (buffer.hasRemaining()) {
                int read = channel.read(buffer, position);
                if (read < 0) {
                    throw new IOException("history " + file + " shrank while it was read");
                }
                position += read;
            }
            windowStart = start;
        }

        /** Line breaks in the file's bytes before {@code end}, counted streaming. */
        private long breaksBefore(long end) throws IOException {
            ByteBuffer buffer = ByteBuffer.allocate(CHUNK_BYTES);
            long count = 0;
            for (long position = 0; position < end; ) {
                buffer.clear().limit((int) Math.min(CHUNK_BYTES, end - position));
                int read = channel.read(buffer, position);
                if (read < 0) {
                    break;
                }
                for (int i = 0; i < read; i++) {
                    count += buffer.get(i) == '\n' ? 1 : 0;
                }
                position += read;
            }
            return count;
        }

        private static List<SequelRecord> reversed(List<SequelRecord> records) {
            List<SequelRecord> copy = new ArrayList<>(records);
            Collections.reverse(copy);
            return copy;
        }
    }

    private static boolean endsWithLineBreak(FileChannel channel, long end) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, end - 1);
        return last.get(0) == '\n';
    }
}
