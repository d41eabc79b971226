package org.triscale.results.internal.gate;

import java.nio.file.Path;

/**
 * A tiny program that appends N records to a history file: the tests start several of them at
 * once, as several Surefire forks would. Arguments: file, writer name, N, values per record.
 */
public final class HistoryAppender {
    private HistoryAppender() {
    }

    /**
     * Appends the records.
     *
     * @param args file, writer, count, values
     * @throws Exception if an append fails
     */
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int count = Integer.parseInt(args[2]);
        int values = Integer.parseInt(args[3]);
        for (int i = 0; i < count; i++) {
            HistoryStore.append(file, Records.record(args[1], i, values));
        }
    }
}
