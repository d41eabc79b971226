package org.triscale.results.internal.gate;

import org.triscale.results.internal.common.InvalidRecordException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The history of a test method: one {@link SequelRecord} per execution, one JSON object per line
 * ({@code .jsonl}), appended and never rewritten.
 *
 * <p>Appends are safe with several threads and several processes (Surefire forks) writing at once:
 * within the JVM a lock per file serialises them, across processes an exclusive {@link FileLock}
 * on the whole file; under both, one line (with its line break) is written at the end of the file.
 * If the file does not end with a line break (a writer died mid-line), the new line starts with
 * one, so a torn line never swallows the next. Readers take a shared lock and see whole lines.
 * A line that cannot be parsed is skipped with a warning naming its number; the file is left as
 * it is.
 */
public final class HistoryStore {
    /** Largest part of a history file read: its last bytes. */
    public static final long MAX_READ_BYTES = 64L * 1024 * 1024;

    /** One lock per file for the threads of this JVM (a file lock is held per process). */
    private static final ConcurrentHashMap<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private HistoryStore() {
    }

    /**
     * What reading a history gave.
     *
     * @param records  the valid records, oldest first
     * @param warnings one sentence per skipped line or part of the file
     */
    public record Read(List<SequelRecord> records, List<String> warnings) {
        /** Copies the lists. */
        public Read {
            records = List.copyOf(records);
            warnings = List.copyOf(warnings);
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
        return org.triscale.results.internal.common.FileNames.inside(folder,
                org.triscale.results.internal.common.FileNames.stem(testClass + "." + testMethod) + ".jsonl");
    }

    /**
     * Appends a record as one line, creating the file and its folder if needed.
     *
     * @param file   the history file
     * @param record the record
     * @throws IOException if the line cannot be written
     */
    public static void append(Path file, SequelRecord record) throws IOException {
        byte[] line = (SequelRecords.line(record) + "\n").getBytes(StandardCharsets.UTF_8);
        Path absolute = file.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        ReentrantLock lock = LOCKS.computeIfAbsent(absolute, key -> new ReentrantLock());
        lock.lock();
        try (FileChannel channel = FileChannel.open(absolute, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
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
     * Reads the valid records of a history file; a missing file is an empty history.
     *
     * @param file the history file
     * @return the records, oldest first, and a warning per skipped line
     * @throws IOException if the file exists but cannot be read
     */
    public static Read read(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        byte[] bytes;
        long skippedBytes;
        ReentrantLock lock = LOCKS.computeIfAbsent(absolute, key -> new ReentrantLock());
        lock.lock();
        try (FileChannel channel = FileChannel.open(absolute, StandardOpenOption.READ)) {
            FileLock fileLock = channel.lock(0, Long.MAX_VALUE, true);
            try {
                long size = channel.size();
                skippedBytes = Math.max(0, size - MAX_READ_BYTES);
                ByteBuffer buffer = ByteBuffer.allocate((int) (size - skippedBytes));
                long position = skippedBytes;
                while (buffer.hasRemaining()) {
                    int read = channel.read(buffer, position);
                    if (read < 0) {
                        break;
                    }
                    position += read;
                }
                bytes = java.util.Arrays.copyOf(buffer.array(), buffer.position());
            } finally {
                fileLock.release();
            }
        } catch (NoSuchFileException e) {
            return new Read(List.of(), List.of());
        } finally {
            lock.unlock();
        }
        return parse(bytes, skippedBytes, file);
    }

    private static Read parse(byte[] bytes, long skippedBytes, Path file) {
        List<SequelRecord> records = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String text = new String(bytes, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        int first = 0;
        if (skippedBytes > 0) {
            warnings.add("history " + file + " is larger than " + MAX_READ_BYTES + " bytes; only its last lines were"
                    + " read (move old lines elsewhere to keep it small)");
            first = 1; // the first line read is a partial one
        }
        for (int i = first; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            String where = "history " + file + (skippedBytes > 0 ? " (tail) line " : " line ") + (i + 1);
            try {
                records.add(SequelRecords.parse(line, where));
            } catch (InvalidRecordException e) {
                warnings.add(e.getMessage() + "; the line is skipped and the file left as it is");
            }
        }
        return new Read(records, warnings);
    }

    private static boolean endsWithLineBreak(FileChannel channel, long end) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, end - 1);
        return last.get(0) == '\n';
    }
}
