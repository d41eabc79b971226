package org.triscale.results.internal.report;

import org.triscale.results.internal.common.Markdown;
import org.triscale.results.internal.model.TestResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The grid report of each campaign ({@link Grids}): the parameters as rows and columns (the last
 * parameter as columns, the others' combinations as rows), each cell with its verdict, its KPIs'
 * deciding bounds and their harm or change against the reference cell; then every cell, failures
 * first, with its KPIs' thresholds. As console text (the launch summary), Markdown
 * ({@code summary.md}) and HTML (the report's index, a heatmap coloured by the harm of the first KPI).
 * Every user string (class, method, parameter names and values, units) is escaped for its sink.
 */
final class GridReport {
    private GridReport() {
    }

    /** The console's lines: per grid a heading, the failed cells, and the grid as an aligned table. */
    static String text(List<Grids.Grid> grids) {
        StringBuilder text = new StringBuilder();
        for (Grids.Grid grid : grids) {
            text.append(heading(grid)).append('\n');
            List<String> failed = grid.failuresFirst().stream().filter(cell -> !cell.passed())
                    .map(cell -> Grids.text(cell.parameters())).toList();
            if (!failed.isEmpty()) {
                text.append("  failed: ").append(String.join("; ", failed)).append('\n');
            }
            Table table = new Table(pivotHeader(grid));
            for (String[] row : pivotRows(grid, GridReport::plain)) {
                table.row(row);
            }
            text.append(table.render("  ")).append('\n');
        }
        return text.toString();
    }

    /** The Markdown of every grid: the grid, then its cells failures first with thresholds. */
    static String markdown(List<Grids.Grid> grids) {
        StringBuilder md = new StringBuilder();
        for (Grids.Grid grid : grids) {
            md.append("#### ").append(grid.failed() == 0 ? "✅ " : "❌ ").append("Grid ")
                    .append(Markdown.code(grid.title())).append(" · ").append(Markdown.text(counts(grid)))
                    .append("\n\n").append(Markdown.text(sentence(referenceLine(grid)))).append("\n\n");
            md.append(row(pivotHeader(grid))).append("|---".repeat(pivotHeader(grid).length)).append("|\n");
            for (String[] row : pivotRows(grid, GridReport::markdownCell)) {
                md.append(row(row));
            }
            md.append('\n');
            String[] header = listHeader(grid);
            md.append(row(header)).append("|---".repeat(header.length)).append("|\n");
            for (Grids.Cell cell : grid.failuresFirst()) {
                String[] row = listRow(grid, cell);
                row[0] = (cell.passed() ? "✅ " : "❌ ") + row[0];
                md.append(row(row));
            }
            md.append('\n');
        }
        return md.toString();
    }

    /** The HTML of every grid for the report's index: a heatmap table, then its cells failures first. */
    static String html(List<Grids.Grid> grids) {
        StringBuilder html = new StringBuilder();
        for (Grids.Grid grid : grids) {
            html.append("<section class=\"grid\" data-grid=\"").append(Html.escape(grid.title())).append("\"><h2>")
                    .append(badge(grid.failed() == 0)).append(" Grid ").append(Html.escape(grid.title()))
                    .append("</h2><p class=\"note\">").append(Html.escape(sentence(counts(grid)) + " " + sentence(referenceLine(grid))))
                    .append(" Colour: ").append(Html.escape(colourKey(grid))).append(".</p>");
            html.append("<table class=\"heatmap\"><thead><tr>");
            for (String head : pivotHeader(grid)) {
                html.append("<th>").append(Html.escape(head)).append("</th>");
            }
            html.append("</tr></thead><tbody>");
            for (Map<String, String> row : grid.rows()) {
                html.append("<tr><th>").append(Html.escape(rowLabel(grid, row))).append("</th>");
                for (String column : grid.columns()) {
                    html.append(htmlCell(grid.at(grid.cellAt(row, column))));
                }
                html.append("</tr>");
            }
            html.append("</tbody></table>");
            html.append("<details open><summary>Cells, failures first</summary>")
                    .append(Charts.tableStart(listHeader(grid)));
            for (Grids.Cell cell : grid.failuresFirst()) {
                String[] row = listRow(grid, cell);
                html.append("<tr data-verdict=\"").append(cell.passed() ? "PASSED" : "FAILED").append("\"><td>")
                        .append(badge(cell.passed())).append("</td>");
                for (int c = 1; c < row.length; c++) {
                    html.append("<td>").append(Html.escape(row[c])).append("</td>");
                }
                html.append("</tr>");
            }
            html.append(Charts.tableEnd()).append("</details></section>");
        }
        return html.toString();
    }

    /** The heatmap's style rules, for the report's style sheet. */
    static final String STYLE = String.join("",
            "table.heatmap td{min-width:9em}table.heatmap td a{color:inherit;text-decoration:none;display:block}",
            "table.heatmap td.failed{outline:3px solid #c0392b;outline-offset:-3px}",
            "table.heatmap td.missing{background:repeating-linear-gradient(45deg,#f3f3f3,#f3f3f3 6px,#fff 6px,",
            "#fff 12px);color:#777}table.heatmap td.reference{outline:2px dashed #555;outline-offset:-2px}",
            "table.heatmap .effect{font-weight:600}");

    private static String htmlCell(Grids.Cell cell) {
        if (cell == null) {
            return "<td class=\"missing\">missing</td>";
        }
        Grids.Kpi first = cell.kpis().isEmpty() ? null : cell.kpis().get(0);
        String style = first == null || first.effect() == null ? "" : " style=\"background:"
                + colour(first.effect().badness()) + "\"";
        String classes = (cell.passed() ? "" : "failed") + (cell.isReference() ? " reference" : "");
        StringBuilder html = new StringBuilder("<td").append(classes.isBlank() ? "" : " class=\"" + classes.strip()
                + "\"").append(style).append(" data-verdict=\"").append(cell.passed() ? "PASSED" : "FAILED")
                .append("\"><a href=\"").append(Html.escape(HtmlReport.pageName(cell.result()))).append("\">")
                .append(badge(cell.passed()));
        for (Grids.Kpi kpi : cell.kpis()) {
            if (kpi == null) {
                continue;
            }
            html.append("<br/>").append(Html.escape(kpi.value()));
            String effect = effectText(cell, kpi);
            if (!effect.isEmpty()) {
                html.append(" <span class=\"effect\">").append(Html.escape(effect)).append("</span>");
            }
        }
        return html.append("</a></td>").toString();
    }

    /**
     * The heatmap's colour of a badness in [-1, 1]: white at 0, vermillion towards 1 (worse than
     * the reference), blue towards -1 (better); Okabe and Ito's colours, as the charts use.
     */
    static String colour(double badness) {
        double alpha = 0.08 + 0.62 * Math.min(1, Math.abs(badness));
        return String.format(Locale.ROOT, badness >= 0 ? "rgba(213,94,0,%.2f)" : "rgba(0,114,178,%.2f)", alpha);
    }

    private static String colourKey(Grids.Grid grid) {
        return grid.kpis().isEmpty() ? "none (no KPI)" : "harm (or change) of " + grid.kpis().get(0)
                + " against the reference, white for none, vermillion up to harm 1 (worse), blue when better;"
                + " a red frame marks a failed cell, a dashed one the reference";
    }

    /** {@code "harm against x"} → {@code "Harm against x."}. */
    private static String sentence(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1) + ".";
    }

    private static String heading(Grids.Grid grid) {
        return "TriScale grid " + grid.title() + ": " + counts(grid) + "; " + referenceLine(grid);
    }

    /** {@code "6 cells (2 × 3), 5 passed, 1 failed, 1 missing"}. */
    private static String counts(Grids.Grid grid) {
        List<String> sizes = new ArrayList<>();
        for (String name : grid.names()) {
            sizes.add(Integer.toString(grid.values().get(name).size()));
        }
        return grid.cells().size() + " cells (" + String.join(" × ", sizes) + "), " + (grid.cells().size()
                - grid.failed()) + " passed, " + grid.failed() + " failed" + (grid.missing().isEmpty() ? ""
                : ", " + grid.missing().size() + " missing");
    }

    private static String referenceLine(Grids.Grid grid) {
        boolean any = grid.cells().stream().anyMatch(cell -> cell.reference() != null);
        return "harm against " + grid.referenceText() + (any ? "" : ": no such cell, so no harm is shown")
                + (grid.declared() && !grid.names().containsAll(grid.reference().keySet())
                ? " (the grid's parameters are " + String.join(", ", grid.names()) + ")" : "");
    }

    /** {@code rttMs \ competitor, none, CUBIC, PRAGUE}; one parameter: {@code rttMs, cell}. */
    private static String[] pivotHeader(Grids.Grid grid) {
        List<String> header = new ArrayList<>();
        List<String> names = grid.names();
        if (names.size() < 2) {
            header.add(names.isEmpty() ? "cell" : names.get(0));
            header.add(grid.title());
        } else {
            header.add(String.join(", ", names.subList(0, names.size() - 1)) + " \\ " + names.get(names.size() - 1));
            header.addAll(grid.columns());
        }
        return header.toArray(String[]::new);
    }

    private static List<String[]> pivotRows(Grids.Grid grid, java.util.function.Function<Grids.Cell, String> text) {
        List<String[]> rows = new ArrayList<>();
        for (Map<String, String> row : grid.rows()) {
            List<String> cells = new ArrayList<>();
            cells.add(rowLabel(grid, row));
            for (String column : grid.columns()) {
                Grids.Cell cell = grid.at(grid.cellAt(row, column));
                cells.add(cell == null ? "missing" : text.apply(cell));
            }
            rows.add(cells.toArray(String[]::new));
        }
        return rows;
    }

    private static String rowLabel(Grids.Grid grid, Map<String, String> row) {
        return grid.names().size() < 2 && row.isEmpty() ? "" : String.join(", ", row.values());
    }

    /** {@code "PASSED 512 ms"}, {@code "FAILED 3.1 s harm 0.83"}. */
    private static String plain(Grids.Cell cell) {
        StringBuilder text = new StringBuilder(cell.result().verdict().status().name());
        for (Grids.Kpi kpi : cell.kpis()) {
            if (kpi != null) {
                String effect = effectText(cell, kpi);
                text.append(' ').append(kpi.value()).append(effect.isEmpty() ? "" : " " + effect);
            }
        }
        return text.toString();
    }

    private static String markdownCell(Grids.Cell cell) {
        String plain = plain(cell);
        return (cell.passed() ? "✅" : "❌") + plain.substring(cell.result().verdict().status().name().length());
    }

    private static String effectText(Grids.Cell cell, Grids.Kpi kpi) {
        if (cell.isReference()) {
            return "(reference)";
        }
        return kpi.effect() == null ? "" : kpi.effect().text();
    }

    private static String[] listHeader(Grids.Grid grid) {
        List<String> header = new ArrayList<>();
        header.add("verdict");
        header.addAll(grid.names());
        for (String kpi : grid.kpis()) {
            header.add(kpi + " (threshold)");
            header.add(kpi + " against reference");
        }
        return header.toArray(String[]::new);
    }

    private static String[] listRow(Grids.Grid grid, Grids.Cell cell) {
        List<String> row = new ArrayList<>();
        TestResult.VerdictStatus status = cell.result().verdict().status();
        row.add(status.name());
        for (String name : grid.names()) {
            String value = cell.parameters().get(name);
            row.add(value == null ? "" : value);
        }
        for (Grids.Kpi kpi : cell.kpis()) {
            row.add(kpi == null ? "n/a" : kpi.value() + " (" + kpi.threshold() + ")" + (kpi.passed() ? "" : " failed"));
            String effect = kpi == null ? "" : effectText(cell, kpi);
            row.add(effect.isEmpty() ? "n/a" : effect);
        }
        return row.toArray(String[]::new);
    }

    private static String row(String[] cells) {
        StringBuilder row = new StringBuilder();
        for (String cell : cells) {
            row.append("| ").append(Markdown.text(cell)).append(' ');
        }
        return row.append("|\n").toString();
    }

    private static String badge(boolean passed) {
        return "<span class=\"badge " + (passed ? "pass\">PASSED" : "fail\">FAILED") + "</span>";
    }
}
