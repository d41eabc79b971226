package org.triscale.results.internal.report;

import org.triscale.engine.network.Better;
import org.triscale.engine.network.Harm;
import org.triscale.results.internal.model.CellParameters;
import org.triscale.results.internal.model.TestResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The campaigns of a launch: the cells of one {@code @Runs} method of one class template
 * ({@code @ParameterizedClass}), identified by class and method, each cell by its parameters, and
 * each cell's KPIs set against its reference cell.
 *
 * <p><b>Reference.</b> {@code @GridReference("competitor=none")} names parameter values: a cell's
 * reference is the cell with those values and the cell's own values of every other parameter (so
 * each RTT's cells are set against the same RTT without a competitor, as in Heist's table). A
 * reference that names every parameter is one cell for all. Without it, the grid's first cell
 * (every parameter at its first value) is the reference of every cell.
 *
 * <p><b>Harm.</b> Each KPI's deciding bound is set against the reference's with Ware et al.'s harm
 * ("Beyond Jain's Fairness Index", HotNets 2019, {@link Harm#of(double, double, Better)}): an
 * upper-bounded KPI ({@code atMost}) is less-is-better, a lower-bounded one more-is-better. Where
 * harm is undefined (a negative value, a zero denominator) the relative change is given instead.
 * Either is a point value of two bounds, without an interval of its own.
 */
final class Grids {
    /** Fewest cells that make a grid worth a table of its own. */
    static final int MIN_CELLS = 2;

    private Grids() {
    }

    /**
     * A campaign.
     *
     * @param testClass      the class's fully qualified name
     * @param testMethod     the method's name
     * @param names          the parameters' names, in the cells' order; the last one is the grid's columns
     * @param values         each parameter's values: in order of appearance, numerically when all are numbers
     * @param cells          the cells in grid order (rows, then columns)
     * @param reference      the reference's parameter values as named ({@code @GridReference}) or the first cell's
     * @param declared       whether {@code @GridReference} named the reference
     * @param kpis           the KPI labels of the grid's cells, in order
     * @param missing        the combinations of the rows' and columns' values that have no result
     */
    record Grid(String testClass, String testMethod, List<String> names, Map<String, List<String>> values,
                List<Cell> cells, Map<String, String> reference, boolean declared, List<String> kpis,
                List<Map<String, String>> missing) {

        /** {@code SimpleClass.method}. */
        String title() {
            return testClass.substring(testClass.lastIndexOf('.') + 1) + "." + testMethod;
        }

        /** The cells, failures first, each group in grid order. */
        List<Cell> failuresFirst() {
            List<Cell> ordered = new ArrayList<>(cells.stream().filter(cell -> !cell.passed()).toList());
            ordered.addAll(cells.stream().filter(Cell::passed).toList());
            return ordered;
        }

        long failed() {
            return cells.stream().filter(cell -> !cell.passed()).count();
        }

        /** {@code "competitor=none"}, {@code "rttMs=10, competitor=none (first cell)"}. */
        String referenceText() {
            return text(reference) + (declared ? "" : " (first cell)");
        }

        /** The cell at these parameter values, or null. */
        Cell at(Map<String, String> parameters) {
            return cells.stream().filter(cell -> cell.parameters().equals(parameters)).findFirst().orElse(null);
        }

        /** The combinations of the row parameters (all but the last) that have cells, in grid order. */
        List<Map<String, String>> rows() {
            Set<Map<String, String>> rows = new LinkedHashSet<>();
            for (Cell cell : cells) {
                rows.add(rowOf(cell.parameters()));
            }
            return new ArrayList<>(rows);
        }

        /** The values of the column parameter, or one empty column for a grid of one parameter. */
        List<String> columns() {
            return names.size() < 2 ? List.of("") : values.get(names.get(names.size() - 1));
        }

        /** The parameters of the cell at a row and a column. */
        Map<String, String> cellAt(Map<String, String> row, String column) {
            Map<String, String> parameters = new LinkedHashMap<>(row);
            if (names.size() >= 2) {
                parameters.put(names.get(names.size() - 1), column);
            }
            return parameters;
        }

        private Map<String, String> rowOf(Map<String, String> parameters) {
            Map<String, String> row = new LinkedHashMap<>(parameters);
            if (names.size() >= 2) {
                row.remove(names.get(names.size() - 1));
            }
            return row;
        }
    }

    /**
     * One cell.
     *
     * @param result     its result
     * @param parameters its parameters, name → value
     * @param reference  its reference cell's result, itself for the reference, or null when the grid has none
     * @param kpis       its KPIs in the grid's KPI order, null where the cell lacks one
     */
    record Cell(TestResult result, Map<String, String> parameters, TestResult reference, List<Kpi> kpis) {
        boolean passed() {
            return ResultFacts.passed(result.verdict().status());
        }

        boolean isReference() {
            return reference == result;
        }
    }

    /**
     * One KPI of a cell.
     *
     * @param label     {@code "fct P95"}
     * @param value     the deciding bound with its unit, {@code "n/a"} when undefined
     * @param threshold {@code "≤ 900 ms"}
     * @param passed    whether the KPI passed
     * @param effect    its harm or change against the reference, or null (no reference, no value, or the reference)
     */
    record Kpi(String label, String value, String threshold, boolean passed, Effect effect) {
    }

    /**
     * A KPI set against the reference's.
     *
     * @param value   the harm (≤ 1, negative when the cell is better) or the relative change
     * @param harm    whether {@code value} is a harm, else a relative change
     * @param badness how much worse than the reference, in [-1, 1]: the harm, or the change in the bad direction,
     *                cut to [-1, 1]; for the heatmap's colour
     */
    record Effect(double value, boolean harm, double badness) {
        /** {@code "harm 0.47"}, {@code "+12.5 %"}. */
        String text() {
            return harm ? "harm " + String.format(java.util.Locale.ROOT, "%.2f", value)
                    : org.triscale.results.internal.common.Format.signedPercent(value);
        }
    }

    /**
     * The grids of a launch's results: every method of a class template with at least
     * {@link #MIN_CELLS} cells, in the order of each campaign's first result.
     *
     * @param results the results, in any order
     * @return the grids
     */
    static List<Grid> of(List<TestResult> results) {
        Map<String, List<TestResult>> campaigns = new LinkedHashMap<>();
        for (TestResult result : results) {
            String cell = result.parameters() == null ? null : result.parameters().cell();
            if (cell != null && !cell.isEmpty()) {
                campaigns.computeIfAbsent(result.testClass() + "#" + result.testMethod(), key -> new ArrayList<>())
                        .add(result);
            }
        }
        List<Grid> grids = new ArrayList<>();
        for (List<TestResult> campaign : campaigns.values()) {
            // One result per cell: a cell met twice (two folders of results) keeps the later.
            Map<String, TestResult> byCell = new LinkedHashMap<>();
            for (TestResult result : campaign) {
                byCell.merge(result.parameters().cell(), result, (a, b) -> later(b, a) ? b : a);
            }
            if (byCell.size() >= MIN_CELLS) {
                grids.add(grid(new ArrayList<>(byCell.values())));
            }
        }
        return grids;
    }

    private static Grid grid(List<TestResult> results) {
        // Launch order first: values appear in the order the class template gave them.
        results.sort(Comparator.comparing((TestResult r) -> r.startedAt() == null ? "" : r.startedAt()));
        List<Map<String, String>> parameters = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (TestResult result : results) {
            Map<String, String> cell = parameters(result);
            parameters.add(cell);
            for (Map.Entry<String, String> entry : cell.entrySet()) {
                if (!names.contains(entry.getKey())) {
                    names.add(entry.getKey());
                }
                List<String> seen = values.computeIfAbsent(entry.getKey(), key -> new ArrayList<>());
                if (!seen.contains(entry.getValue())) {
                    seen.add(entry.getValue());
                }
            }
        }
        values.values().forEach(Grids::numericOrder);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> compare(parameters.get(a), parameters.get(b), names, values));
        TestResult first = results.get(order.get(0));
        String named = results.stream().map(r -> r.parameters().gridReference()).filter(r -> r != null && !r.isBlank())
                .findFirst().orElse(null);
        Map<String, String> reference = named == null ? parameters.get(order.get(0)) : CellParameters.parse(named);
        List<String> kpis = new ArrayList<>();
        for (TestResult result : results) {
            for (TestResult.KpiParameters kpi : result.parameters().kpis()) {
                if (!kpis.contains(ResultFacts.kpiLabel(kpi))) {
                    kpis.add(ResultFacts.kpiLabel(kpi));
                }
            }
        }
        List<Cell> cells = new ArrayList<>();
        for (int i : order) {
            Map<String, String> target = new LinkedHashMap<>(parameters.get(i));
            boolean known = names.containsAll(reference.keySet());
            target.putAll(reference);
            TestResult referenceResult = null;
            for (int j = 0; j < results.size() && known; j++) {
                if (parameters.get(j).equals(target)) {
                    referenceResult = results.get(j);
                }
            }
            cells.add(cell(results.get(i), parameters.get(i), referenceResult, kpis));
        }
        Grid grid = new Grid(first.testClass(), first.testMethod(), List.copyOf(names), values, List.copyOf(cells),
                reference, named != null, List.copyOf(kpis), new ArrayList<>());
        for (Map<String, String> row : grid.rows()) {
            for (String column : grid.columns()) {
                Map<String, String> at = grid.cellAt(row, column);
                if (grid.at(at) == null) {
                    grid.missing().add(at);
                }
            }
        }
        return grid;
    }

    private static Cell cell(TestResult result, Map<String, String> parameters, TestResult reference,
                             List<String> labels) {
        List<Kpi> kpis = new ArrayList<>();
        for (String label : labels) {
            int index = kpiIndex(result, label);
            if (index < 0) {
                kpis.add(null);
                continue;
            }
            TestResult.KpiParameters kpi = result.parameters().kpis().get(index);
            TestResult.SeriesKpi deciding = ResultFacts.deciding(result, index);
            Double value = deciding == null ? null : deciding.bound().value();
            boolean passed = deciding != null && deciding.bound().passed();
            Effect effect = null;
            if (reference != null && reference != result && value != null) {
                int other = kpiIndex(reference, label);
                TestResult.SeriesKpi base = other < 0 ? null : ResultFacts.deciding(reference, other);
                if (base != null && base.bound().value() != null) {
                    effect = effect(base.bound().value(), value, ResultFacts.upper(kpi.side()));
                }
            }
            kpis.add(new Kpi(label, ResultFacts.value(result, kpi.metric(), value),
                    ResultFacts.threshold(result, kpi.metric(), kpi.atLeast(), kpi.atMost()), passed, effect));
        }
        return new Cell(result, parameters, reference, kpis);
    }

    /**
     * The harm of {@code with} against {@code alone}, or their relative change where harm is undefined.
     *
     * @param alone         the reference's value
     * @param with          the cell's value
     * @param lowerIsBetter whether less is better (an upper-bounded KPI)
     * @return the effect, or null when neither is defined (both zero, or not finite)
     */
    static Effect effect(double alone, double with, boolean lowerIsBetter) {
        if (!Double.isFinite(alone) || !Double.isFinite(with)) {
            return null;
        }
        try {
            double harm = Harm.of(alone, with, lowerIsBetter ? Better.LOWER : Better.HIGHER);
            return new Effect(harm, true, Math.max(-1, Math.min(1, harm)));
        } catch (IllegalArgumentException undefined) {
            if (alone == 0) {
                return null;
            }
            double change = (with - alone) / Math.abs(alone);
            double worse = lowerIsBetter ? change : -change;
            return new Effect(change, false, Math.max(-1, Math.min(1, worse)));
        }
    }

    /** The cell's parameters: recorded, or read from the name of a result written before they were. */
    static Map<String, String> parameters(TestResult result) {
        Map<String, String> recorded = result.parameters().cellParameters();
        return recorded != null && !recorded.isEmpty() ? recorded : CellParameters.parse(result.parameters().cell());
    }

    /** {@code "rttMs=10, competitor=none"}. */
    static String text(Map<String, String> parameters) {
        List<String> pairs = new ArrayList<>();
        parameters.forEach((name, value) -> pairs.add(name + "=" + value));
        return String.join(", ", pairs);
    }

    private static int kpiIndex(TestResult result, String label) {
        List<TestResult.KpiParameters> kpis = result.parameters().kpis();
        for (int i = 0; i < kpis.size(); i++) {
            if (ResultFacts.kpiLabel(kpis.get(i)).equals(label)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean later(TestResult a, TestResult b) {
        String x = a.finishedAt() == null ? "" : a.finishedAt();
        String y = b.finishedAt() == null ? "" : b.finishedAt();
        return x.compareTo(y) > 0;
    }

    /** Numbers in numeric order (10, 40, 160, not 10, 160, 40); other values keep their order of appearance. */
    private static void numericOrder(List<String> values) {
        for (String value : values) {
            if (number(value) == null) {
                return;
            }
        }
        values.sort(Comparator.comparing(Grids::number));
    }

    private static Double number(String value) {
        try {
            double number = Double.parseDouble(value.strip());
            return Double.isNaN(number) ? null : number;
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }

    private static int compare(Map<String, String> a, Map<String, String> b, List<String> names,
                               Map<String, List<String>> values) {
        for (String name : names) {
            int x = position(values.get(name), a.get(name));
            int y = position(values.get(name), b.get(name));
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }

    /** A value's position among its parameter's values; a cell without the parameter goes last. */
    private static int position(List<String> values, String value) {
        int index = value == null ? -1 : values.indexOf(value);
        return index < 0 ? Integer.MAX_VALUE : index;
    }
}
