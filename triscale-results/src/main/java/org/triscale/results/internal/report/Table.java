package org.triscale.results.internal.report;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned columns separated by two spaces, as JMH prints its summary. */
final class Table {
    private final List<String[]> rows = new ArrayList<>();

    Table(String... header) {
        rows.add(header);
    }

    void row(String... cells) {
        rows.add(cells);
    }

    /** The rows, each line indented, without a trailing newline. */
    String render(String indent) {
        int columns = 0;
        for (String[] row : rows) {
            columns = Math.max(columns, row.length);
        }
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < row.length; c++) {
                line.append(row[c]);
                if (c < row.length - 1) {
                    line.append(" ".repeat(widths[c] - row[c].length() + 2));
                }
            }
            text.append(text.length() > 0 ? "\n" : "").append(line.toString().stripTrailing());
        }
        return text.toString();
    }
}
