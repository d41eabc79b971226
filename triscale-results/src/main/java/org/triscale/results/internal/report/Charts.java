package org.triscale.results.internal.report;


import org.triscale.engine.independence.AutocorrelationTest;
import org.triscale.results.internal.common.Format;
import org.triscale.results.internal.model.SampleSummaries;
import org.triscale.results.internal.model.TestResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The charts of a test's page, each a {@link Figure}: an inline SVG with a title, axis labels with
 * units, and the table of the numbers it draws.
 */
final class Charts {
    /** Points drawn per run in the small multiples of the samples (min/max decimated again). */
    static final int RUN_POINTS = 240;
    /** Width of a full-width chart. */
    static final int WIDE = 760;
    private static final int SMALL = 260;
    /**
     * What one chart draws at most: run metrics (min/max decimated beyond it, so extremes stay),
     * and the rows of the table behind it; so that a page stays within a few megabytes whatever
     * the run count (the JSON result keeps every number).
     */
    static final int MAX_DRAWN = 2000;
    /** Small multiples of samples drawn per series, and runs' CDFs per chart. */
    static final int MAX_RUNS_DRAWN = 20;
    /** Lags of the autocorrelation drawn (TriScale's check looks at the first few). */
    static final int MAX_LAGS = 60;

    private Charts() {
    }

    /**
     * A chart with its data.
     *
     * @param kind  the kind of chart: the report's section it goes in
     * @param title the title
     * @param svg   one or more SVG elements
     * @param table the table behind it, as HTML
     */
    record Figure(ChartKind kind, String title, String svg, String table) {
    }

    /** An axis label with its unit: {@code "delay (ms)"}, {@code "score (no unit)"}. */
    static String axis(String name, String unit) {
        return name + " (" + (unit == null || unit.isEmpty() ? "no unit" : unit) + ")";
    }

    /** The unit of the recorded x of a metric ({@code @Metric(xUnit)}), seconds for older results. */
    static String xUnit(TestResult result, String metric) {
        for (TestResult.MetricParameters parameters : result.parameters().metrics()) {
            if (parameters.name().equals(metric)) {
                return parameters.xUnit() == null ? "s" : parameters.xUnit();
            }
        }
        return "s";
    }

    /** The note under a table cut at {@link #MAX_DRAWN} rows. */
    static String cut(int more) {
        return more <= 0 ? "" : "<tr><td colspan=\"20\">… " + more + " more rows in the JSON result</td></tr>";
    }

    /** Metric names with a summary of samples, in declaration order. */
    static List<String> recordedMetrics(TestResult result) {
        List<String> names = new ArrayList<>();
        for (TestResult.MetricParameters metric : result.parameters().metrics()) {
            for (TestResult.Run run : result.runs()) {
                TestResult.MetricResult value = metric(run, metric.name());
                if (value != null && value.sampleSummary() != null) {
                    names.add(metric.name());
                    break;
                }
            }
        }
        return names;
    }

    /** Metrics recorded as plain values (no x): distributions such as flow completion times. */
    static List<String> distributionMetrics(TestResult result) {
        List<String> names = new ArrayList<>();
        for (String name : recordedMetrics(result)) {
            for (TestResult.Run run : result.runs()) {
                TestResult.MetricResult value = metric(run, name);
                if (value != null && value.sampleSummary() != null) {
                    if (!value.sampleSummary().explicitX()) {
                        names.add(name);
                    }
                    break;
                }
            }
        }
        return names;
    }

    /**
     * The samples of every run of one series, as small multiples: the (decimated) samples, the
     * run's metric, and when the convergence test ran the Theil–Sen trend of the windowed metric
     * with its slope interval and the tolerance cone, drawn in the metric's unit.
     */
    static Figure samples(TestResult result, String metric, int series) {
        String unit = ResultFacts.unit(result, metric);
        StringBuilder svgs = new StringBuilder();
        StringBuilder table = new StringBuilder(tableStart("run", "status", "samples", "points drawn",
                "run metric", "slope [interval]", "tolerance", "converged"));
        boolean explicitX = true;
        int drawn = 0;
        int skipped = 0;
        for (TestResult.Run run : result.runs()) {
            TestResult.MetricResult value = metric(run, metric);
            if (run.series() != series || value == null || value.sampleSummary() == null) {
                continue;
            }
            if (drawn++ >= MAX_RUNS_DRAWN) {
                skipped++;
                continue;
            }
            TestResult.SampleSummary summary = value.sampleSummary();
            explicitX = summary.explicitX();
            double[] xs = doubles(summary.x());
            double[] ys = doubles(summary.y());
            int[] kept = SampleSummaries.decimate(ys, RUN_POINTS);
            double[] px = new double[kept.length];
            double[] py = new double[kept.length];
            for (int i = 0; i < kept.length; i++) {
                px[i] = xs[kept[i]];
                py[i] = ys[kept[i]];
            }
            TestResult.Convergence convergence = value.convergence();
            String verdict = convergence == null ? "" : convergence.converged() ? " · converged" : " · NOT converged";
            Plot plot = new Plot(SMALL, 170, "series " + series + " run " + run.run() + ": " + metric,
                    summary.explicitX() ? axis("x", xUnit(result, metric)) : "sample (number)", axis(metric, unit));
            plot.line(px, py, "samples");
            if (value.value() != null) {
                plot.hline(value.value(), "metric", null);
            }
            if (convergence != null && summary.trendX() != null && convergence.slope() != null
                    && convergence.intercept() != null) {
                trend(plot, summary, convergence);
            }
            svgs.append("<div class=\"small\"><div class=\"caption\">run ").append(run.run()).append(" · ")
                    .append(Html.escape(value.value() == null ? "undefined" : Format.withUnit(value.value(), unit)))
                    .append(Html.escape(verdict)).append("</div>").append(plot.svg()).append("</div>");
            table.append(row(Integer.toString(run.run()), ResultFacts.text(run.status()), Integer.toString(summary.count()),
                    Integer.toString(kept.length), ResultFacts.value(result, metric, value.value()),
                    convergence == null ? "" : percent(convergence.slope()) + " [" + percent(convergence.lowSlope())
                            + ", " + percent(convergence.highSlope()) + "]",
                    convergence == null ? "" : "± " + Format.number(convergence.tolerance()) + " %",
                    convergence == null ? "not tested" : convergence.converged() ? "yes" : "NO"));
        }
        if (skipped > 0) {
            table.append("<tr><td colspan=\"8\">… " + skipped + " more runs, not drawn (the JSON result has them)</td></tr>");
        }
        String legend = "<p class=\"legend\"><span class=\"key samples\"></span> samples"
                + (explicitX ? "" : " (in recording order)") + " <span class=\"key metric\"></span> run metric"
                + " <span class=\"key trend\"></span> Theil–Sen trend of the windowed metric"
                + " <span class=\"key slope\"></span> its slope interval"
                + " <span class=\"key tolerance\"></span> tolerance</p>";
        return new Figure(ChartKind.SAMPLES, "Samples of " + metric + ", series " + series + ", run by run",
                legend + "<div class=\"multiples\">" + svgs + "</div>", table.append(tableEnd()).toString());
    }

    /** Draws the convergence test's line, its slope interval and the tolerance cone in data units. */
    private static void trend(Plot plot, TestResult.SampleSummary summary, TestResult.Convergence convergence) {
        double x0 = summary.trendX().get(0);
        double x1 = summary.trendX().get(1);
        double y0 = summary.trendY().get(0);
        double y1 = summary.trendY().get(1);
        double c = convergence.intercept();
        double t = convergence.tolerance() / 100;
        double[] xn = {-1, 0, 1};
        double[] x = new double[3];
        for (int i = 0; i < 3; i++) {
            x[i] = x0 + (xn[i] + 1) / 2 * (x1 - x0);
        }
        if (!(y1 > y0)) {
            return; // constant data: the test passes without a line to draw
        }
        plot.band(x, yData(new double[] {c - t, c, c - t}, y0, y1), yData(new double[] {c + t, c, c + t}, y0, y1),
                "tolerance");
        if (convergence.lowSlope() != null && convergence.highSlope() != null) {
            plot.line(x, yData(line(xn, convergence.lowSlope(), c), y0, y1), "slope");
            plot.line(x, yData(line(xn, convergence.highSlope(), c), y0, y1), "slope");
        }
        plot.line(x, yData(line(xn, convergence.slope(), c), y0, y1), "trend");
    }

    private static double[] line(double[] xn, double slope, double intercept) {
        double[] y = new double[xn.length];
        for (int i = 0; i < xn.length; i++) {
            y[i] = slope * xn[i] + intercept;
        }
        return y;
    }

    /** Maps normalised values back: {@code v = lo + (v' + 1)/2 · (hi − lo)}. */
    private static double[] yData(double[] normalised, double low, double high) {
        double[] y = new double[normalised.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = low + (normalised[i] + 1) / 2 * (high - low);
        }
        return y;
    }

    /**
     * The sample autocorrelation of each series' valid run metrics in run order, one small chart
     * per series, with the ± 1.96/√n band of TriScale's independence check (Box and Jenkins 1976).
     */
    static Figure autocorrelation(TestResult result, String metric) {
        StringBuilder svgs = new StringBuilder();
        StringBuilder table = new StringBuilder(tableStart("series", "lag", "autocorrelation", "band", "inside"));
        for (TestResult.SeriesResult series : result.series()) {
            List<Double> values = new ArrayList<>();
            for (TestResult.Run run : result.runs()) {
                TestResult.MetricResult value = metric(run, metric);
                if (run.series() == series.series() && ResultFacts.passed(run.status()) && value != null
                        && value.value() != null) {
                    values.add(value.value());
                }
            }
            Plot plot = new Plot(SMALL + 80, 200, "Autocorrelation of " + metric + ", series " + series.series(),
                    "lag (runs)", "autocorrelation (−1 to 1)").integerX();
            String caption = "series " + series.series() + ": fewer than 2 valid runs";
            if (values.size() >= 2) {
                double[] data = toArray(values);
                double[] all = AutocorrelationTest.autocorrelation(data);
                double[] acf = java.util.Arrays.copyOf(all, Math.min(all.length, MAX_LAGS + 1));
                double band = AutocorrelationTest.threshold(data.length);
                double[] lags = new double[acf.length];
                int outside = 0;
                for (int k = 0; k < acf.length; k++) {
                    lags[k] = k;
                    boolean inside = k == 0 || Math.abs(acf[k]) < band;
                    outside += inside ? 0 : 1;
                    table.append(row(Integer.toString(series.series()), Integer.toString(k), Format.number(acf[k]),
                            "± " + Format.number(band), k == 0 ? "" : inside ? "yes" : "NO"));
                }
                plot.hband(-band, band, "accept").include(0, -1).include(0, 1).hline(0, "zero", null);
                for (int k = 0; k < acf.length; k++) {
                    plot.line(new double[] {k, k}, new double[] {0, acf[k]},
                            k == 0 || Math.abs(acf[k]) < band ? "stem" : "stem bad");
                }
                plot.points(lags, acf, "dot", null);
                caption = "series " + series.series() + " · band ± " + Format.number(band) + " · "
                        + (outside == 0 ? "all lags inside" : outside + (outside == 1 ? " lag" : " lags") + " outside");
            }
            svgs.append("<div class=\"small\"><div class=\"caption\">").append(Html.escape(caption))
                    .append("</div>").append(plot.svg()).append("</div>");
        }
        String legend = "<p class=\"legend\"><span class=\"key stem\"></span> autocorrelation at lag k"
                + " <span class=\"key bad\"></span> outside the band <span class=\"key accept\"></span>"
                + " band ± 1.96/√n (n valid runs)</p>";
        return new Figure(ChartKind.ACF, "Independence: autocorrelation of the " + metric + " run metrics, per series",
                legend + "<div class=\"multiples\">" + svgs + "</div>", table.append(tableEnd()).toString());
    }

    /**
     * One KPI: the run metrics of every series in run order, the series' Thompson bounds (the
     * KPIs), and the threshold.
     */
    static Figure kpi(TestResult result, int index) {
        TestResult.KpiParameters kpi = result.parameters().kpis().get(index);
        String unit = ResultFacts.unit(result, kpi.metric());
        int perSeries = result.parameters().runs().count();
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<String> tips = new ArrayList<>();
        StringBuilder table = new StringBuilder(tableStart("series", "run", "run metric", "status"));
        int rows = 0;
        for (TestResult.Run run : result.runs()) {
            TestResult.MetricResult value = metric(run, kpi.metric());
            double x = (run.series() - 1) * perSeries + run.run();
            Double v = value == null ? null : value.value();
            if (rows++ < MAX_DRAWN) {
                table.append(row(Integer.toString(run.series()), Integer.toString(run.run()),
                        ResultFacts.value(result, kpi.metric(), v), ResultFacts.text(run.status())));
            }
            if (ResultFacts.passed(run.status()) && v != null) {
                xs.add(x);
                ys.add(v);
                tips.add("series " + run.series() + " run " + run.run() + ": " + Format.withUnit(v, unit));
            }
        }
        table.append(cut(rows - MAX_DRAWN)).append(tableEnd()).append(tableStart("series", "KPI (bound)", "threshold",
                "runs used", "needed", "outcome"));
        Plot plot = new Plot(WIDE, 280, "KPI " + ResultFacts.kpiLabel(kpi), "run (series after series)",
                axis(kpi.metric(), unit)).integerX();
        double[] runX = toArray(xs);
        double[] runY = toArray(ys);
        String[] runTips = tips.toArray(new String[0]);
        if (runY.length > MAX_DRAWN) {
            int[] kept = SampleSummaries.decimate(runY, MAX_DRAWN);
            double[] keptX = new double[kept.length];
            double[] keptY = new double[kept.length];
            String[] keptTips = new String[kept.length];
            for (int i = 0; i < kept.length; i++) {
                keptX[i] = runX[kept[i]];
                keptY[i] = runY[kept[i]];
                keptTips[i] = runTips[kept[i]];
            }
            runX = keptX;
            runY = keptY;
            runTips = keptTips;
        }
        plot.points(runX, runY, "dot", runTips);
        List<TestResult.SeriesKpi> kpis = ResultFacts.seriesKpis(result, index);
        for (int s = 0; s < kpis.size(); s++) {
            TestResult.KpiBound one = kpis.get(s) == null ? null : kpis.get(s).bound();
            if (one == null) {
                continue;
            }
            int series = result.series().get(s).series();
            if (one.value() != null) {
                plot.segment((series - 1) * perSeries + 0.6, series * perSeries + 0.4, one.value(),
                        one.passed() ? "bound" : "bound bad");
            }
            table.append(row(Integer.toString(series), ResultFacts.value(result, kpi.metric(), one.value()),
                    ResultFacts.threshold(result, kpi.metric(), kpi.atLeast(), kpi.atMost()),
                    Integer.toString(one.values()), Integer.toString(one.needed()),
                    ResultFacts.outcome(one.defined(), one.passed())));
        }
        if (kpi.atMost() != null) {
            plot.threshold(kpi.atMost(), "atMost " + Format.withUnit(kpi.atMost(), unit));
        }
        if (kpi.atLeast() != null) {
            plot.threshold(kpi.atLeast(), "atLeast " + Format.withUnit(kpi.atLeast(), unit));
        }
        // An adaptive series' KPI is its anytime-valid bound, or the last look's stricter fixed-N bound.
        boolean adaptive = ResultFacts.adaptiveRuns(result);
        plot.legend("dot", "run metric (valid runs)")
                .legend("bound", (adaptive ? "series KPI: " : "") + (ResultFacts.upper(kpi.side()) ? "upper" : "lower")
                        + (adaptive ? " anytime-valid or last-look" : "") + " bound of the P"
                        + Format.number(kpi.percentile()) + " at " + Format.number(kpi.confidence()) + " %")
                .legend("threshold", "threshold");
        return new Figure(ChartKind.KPI, "KPI " + ResultFacts.kpiLabel(kpi) + ": run metrics and "
                + (adaptive ? "the KPI of each series" : "Thompson bounds"), plot.svg(),
                table.append(tableEnd()).toString());
    }

    /** One variability score: the series KPIs and the interval whose width is the score. */
    static Figure score(TestResult result, int index) {
        TestResult.Score score = result.variabilityScores().get(index);
        TestResult.ScoreDefinition definition = score.definition();
        TestResult.ScoreInterval interval = score.interval();
        String unit = ResultFacts.unit(result, definition.metric());
        Plot plot = new Plot(WIDE, 260, "Variability score of " + definition.metric(), "series (number)",
                axis("P" + Format.number(definition.kpiPercentile()) + " KPI of " + definition.metric(), unit))
                .integerX();
        StringBuilder table = new StringBuilder(tableStart("series", "KPI"));
        double[] xs = new double[score.seriesKpis().size()];
        double[] ys = new double[xs.length];
        String[] tips = new String[xs.length];
        for (int i = 0; i < xs.length; i++) {
            Double v = score.seriesKpis().get(i);
            xs[i] = i + 1;
            ys[i] = v == null ? Double.NaN : v;
            tips[i] = "series " + (i + 1) + ": " + (v == null ? "undefined" : Format.withUnit(v, unit));
            table.append(row(Integer.toString(i + 1), ResultFacts.value(result, definition.metric(), v)));
        }
        if (interval.lowerValue() != null && interval.upperValue() != null) {
            plot.hband(interval.lowerValue(), interval.upperValue(), interval.passed() ? "scoreband" : "scoreband bad");
        }
        plot.points(xs, ys, "dot", tips);
        // The score is the interval's width: its threshold is drawn as the highest the interval's
        // upper end may reach from its lower end, so the spread is read against what is allowed.
        TestResult.ScoreParameters limits = ResultFacts.scoreParameters(result, index);
        if (limits != null && interval.lowerValue() != null && interval.upperValue() != null) {
            double low = interval.lowerValue();
            double middle = Math.abs((low + interval.upperValue()) / 2);
            Double width = limits.atMost();
            if (limits.relativeAtMost() != null) {
                double relative = limits.relativeAtMost() * middle;
                width = width == null ? relative : Math.min(width, relative);
            }
            if (width != null) {
                plot.threshold(low + width, "widest allowed: lower end + " + Format.withUnit(width, unit));
                plot.legend("threshold", "threshold of the score, from the interval's lower end");
            }
        }
        String threshold = ResultFacts.scoreThreshold(result, score, limits);
        plot.legend("scoreband", "score " + ResultFacts.value(result, definition.metric(), interval.score())
                        + (interval.relativeScore() == null ? ""
                        : " (" + Format.percent(interval.relativeScore()) + ")")
                        + ", threshold " + threshold)
                .legend("dot", "series KPI");
        table.append(tableEnd()).append(tableStart("interval", "score", "relative", "confidence", "threshold",
                "outcome"));
        table.append(row(interval.lowerValue() == null ? "n/a" : "[" + Format.number(interval.lowerValue()) + ", "
                        + Format.withUnit(interval.upperValue(), unit) + "]",
                ResultFacts.value(result, definition.metric(), interval.score()),
                interval.relativeScore() == null ? "n/a" : Format.percent(interval.relativeScore()),
                Format.number(definition.confidence()) + " % ("
                        + ResultFacts.text(definition.kind()).toLowerCase(Locale.ROOT) + ")", threshold,
                ResultFacts.outcome(interval.defined(), interval.passed())));
        return new Figure(ChartKind.SCORE, "Series KPIs of " + definition.metric() + " and the variability score", plot.svg(),
                table.append(tableEnd()).toString());
    }

    /**
     * One gated metric: the gated change (the quantity the decision used) with its interval on its
     * own axis, in % of the baseline, with the band of the tolerance, the line of no change and the
     * minimum detectable change on the bad side. The KPIs before and after are not on this axis:
     * they are another quantity (a bound of a percentile per series) and stand in the table, for
     * information.
     */
    static Figure gate(TestResult result, TestResult.GateMetric gate) {
        TestResult.GateComparison comparison = gate.gate();
        Plot plot = new Plot(WIDE, 260, "Gated change of " + gate.metric() + " (" + gate.outcome().label() + ")",
                "the gated change (1)", "change, % of the baseline (positive: larger)").integerX();
        boolean lowerIsBetter = ResultFacts.lowerIsBetter(gate.direction());
        double bad = lowerIsBetter ? 1 : -1;
        plot.include(0.5, 0).include(1.5, 0);
        plot.hline(0, "zero", "no change");
        if (comparison != null && comparison.tolerance() != null) {
            plot.hband(-100 * comparison.tolerance(), 100 * comparison.tolerance(), "tolerated");
            plot.legend("tolerated", "tolerance ±" + Format.percent(comparison.tolerance()) + " ("
                    + comparison.toleranceSourceLabel() + "): inside it, unchanged when the interval fits");
        }
        if (comparison != null && comparison.minimumDetectableChange() != null) {
            double mdc = Math.abs(comparison.minimumDetectableChange());
            plot.hline(100 * bad * mdc, "detectable", "detectable " + Format.signedPercent(bad * mdc));
            plot.legend("detectable", "minimum detectable change (80 % power), on the bad side ("
                    + (lowerIsBetter ? "lower is better" : "higher is better") + ")");
        }
        double[] interval = changeInterval(gate);
        if (interval != null) {
            plot.interval(1, 100 * interval[0], 100 * interval[1], "change");
        }
        if (comparison != null && comparison.change() != null) {
            plot.points(new double[] {1}, new double[] {100 * comparison.change()}, "dot",
                    new String[] {"gated change " + ResultFacts.gateChange(gate)});
            plot.legend("change", "gated change " + ResultFacts.gateChange(gate) + " at "
                    + Format.percent(comparison.confidence()) + (comparison.quantity() == null ? ""
                    : ": " + comparison.quantity()) + comparison.launchLabel());
        }
        TestResult.GateKpis kpis = gate.kpis();
        String table = tableStart("gated change [interval]", "tolerance", "detectable", "p (worse)", "α", "design",
                "outcome", "KPI before → after (for information)")
                + row(comparison == null ? "n/a" : signedPercent(comparison.change()) + " ["
                        + signedPercent(comparison.lower()) + ", " + signedPercent(comparison.upper()) + "] at "
                        + Format.percent(comparison.confidence()),
                comparison == null || comparison.tolerance() == null ? "n/a" : "±" + Format.percent(
                        comparison.tolerance()) + " (" + comparison.toleranceSourceLabel() + ")",
                comparison == null ? "n/a" : signedPercent(comparison.minimumDetectableChange()),
                gate.significance().worsePValue() == null ? "n/a"
                        : Format.number(gate.significance().worsePValue()),
                Format.number(gate.significance().alpha()),
                (comparison == null ? "" : comparison.design().label() + ", ") + VerdictTable.compared(gate),
                gate.outcome().label(),
                ResultFacts.value(result, gate.metric(), kpis.oldKpi()) + " → "
                        + ResultFacts.value(result, gate.metric(), kpis.newKpi())
                        + (kpis.relativeChange() == null ? "" : " (" + Format.signedPercent(kpis.relativeChange())
                        + "): a bound of a percentile per series, which can move the other way than the gated change"))
                + tableEnd() + "<p>" + Html.escape(gate.message()) + "</p>";
        return new Figure(ChartKind.GATE, "Regression gate: " + gate.metric() + ", the gated change", plot.svg(), table);
    }

    /**
     * The trend of one gated metric over the history: each sequel's median series KPI (accepted
     * sequels filled, others hollow, this execution's marked), the baseline's KPI with the band of
     * the tolerated change, and the change points (E-divisive means) as vertical lines.
     */
    static Figure history(TestResult result, TestResult.GateMetric gate) {
        TestResult.GateHistory history = result.baseline().history();
        String metric = gate.metric();
        String unit = ResultFacts.unit(result, metric);
        Plot plot = new Plot(WIDE, 280, "History of " + metric, "sequel (1 = oldest shown)",
                axis("KPI of " + metric, unit)).integerX();
        TestResult.GateKpis kpis = gate.kpis();
        TestResult.GateComparison comparison = gate.gate();
        boolean lowerIsBetter = ResultFacts.lowerIsBetter(gate.direction());
        Double old = kpis.oldKpi();
        if (old != null && comparison != null && comparison.tolerance() != null) {
            double edge = old * (1 + (lowerIsBetter ? 1 : -1) * comparison.tolerance());
            plot.hband(Math.min(old, edge), Math.max(old, edge), "tolerated");
            plot.legend("tolerated", "baseline and tolerated change (" + Format.percent(comparison.tolerance()) + ")");
        }
        if (old != null) {
            plot.hline(old, "zero", null);
        }
        List<Double> accepted = new ArrayList<>();
        List<Double> acceptedX = new ArrayList<>();
        List<String> acceptedTips = new ArrayList<>();
        List<Double> other = new ArrayList<>();
        List<Double> otherX = new ArrayList<>();
        List<String> otherTips = new ArrayList<>();
        double[] lineX = new double[history.builds().size()];
        double[] lineY = new double[lineX.length];
        StringBuilder table = new StringBuilder(tableStart("sequel", "recorded", "version", "KPI",
                "change vs its baseline [interval]", "verdict", "accepted", "change point"));
        for (int i = 0; i < lineX.length; i++) {
            TestResult.HistoryBuild build = history.builds().get(i);
            Double kpi = build.kpis().get(metric);
            lineX[i] = build.index();
            lineY[i] = kpi == null ? Double.NaN : kpi;
            String judged = historyChange(build, metric);
            String tip = "sequel " + build.index() + (build.label() == null ? "" : " (" + build.label() + ")") + ": "
                    + ResultFacts.value(result, metric, kpi) + (judged.isEmpty() ? "" : ", change " + judged);
            String point = "";
            for (TestResult.HistoryChangePoint change : history.changePoints()) {
                if (change.metric().equals(metric) && change.index() == build.index()) {
                    point = Format.signedPercent(change.change()) + " (p = " + Format.number(change.pValue()) + ")";
                }
            }
            if (build.current()) {
                plot.points(new double[] {build.index()}, new double[] {lineY[i]}, "stop",
                        new String[] {tip + ", this execution"});
            } else if (Boolean.TRUE.equals(build.accepted())) {
                acceptedX.add(lineX[i]);
                accepted.add(lineY[i]);
                acceptedTips.add(tip + ", accepted");
            } else {
                otherX.add(lineX[i]);
                other.add(lineY[i]);
                otherTips.add(tip + ", not accepted");
            }
            table.append(row(Integer.toString(build.index()), HtmlReport.humanDate(build.recordedAt()),
                    build.label() == null ? "" : build.label(), ResultFacts.value(result, metric, kpi), judged,
                    build.current() ? "this execution" : ResultFacts.text(build.verdict()),
                    build.current() ? "" : Boolean.TRUE.equals(build.accepted()) ? "yes" : "no", point));
        }
        plot.line(lineX, lineY, "arrow");
        plot.points(toArray(acceptedX), toArray(accepted), "dot", acceptedTips.toArray(new String[0]));
        plot.points(toArray(otherX), toArray(other), "faint", otherTips.toArray(new String[0]));
        int found = 0;
        for (TestResult.HistoryChangePoint change : history.changePoints()) {
            if (change.metric().equals(metric)) {
                plot.vline(change.index() - 0.5, "changepoint", "change " + Format.signedPercent(change.change()));
                found++;
            }
        }
        plot.legend("dot", "accepted sequel").legend("faint", "not accepted").legend("stop", "this execution");
        if (found > 0) {
            plot.legend("changepoint", "change point (E-divisive means)");
        }
        String change = comparison == null || comparison.change() == null ? "" : "<p>This execution: change "
                + Html.escape(signedPercent(comparison.change()) + " [" + signedPercent(comparison.lower()) + ", "
                + signedPercent(comparison.upper()) + "] at " + Format.percent(comparison.confidence()) + ", "
                + gate.outcome().label()) + ".</p>";
        return new Figure(ChartKind.HISTORY, "History of " + metric + ": the KPI of the last " + lineX.length
                + " sequels" + (found == 0 ? ", no change point" : ", " + found + " change point" + (found == 1 ? "" : "s")),
                plot.svg(), table.append(tableEnd()).toString() + change);
    }

    /**
     * A sequel's change of the metric against the baseline it was judged with, as recorded in the
     * history: {@code "+3.1 % [+0.4 %, +5.9 %] at 98 %, regressed"}, or empty when not recorded.
     */
    static String historyChange(TestResult.HistoryBuild build, String metric) {
        for (TestResult.HistoryChange change : build.changes()) {
            if (metric.equals(change.metric())) {
                if (change.change() == null) {
                    return "undecided"
                            + (change.outcome() == null ? "" : ", " + change.outcome().name().toLowerCase(Locale.ROOT));
                }
                return signedPercent(change.change()) + " [" + signedPercent(change.lower()) + ", "
                        + signedPercent(change.upper()) + "]"
                        + (change.confidence() == null ? "" : " at " + Format.percent(change.confidence()))
                        + (change.outcome() == null ? "" : ", " + change.outcome().name().toLowerCase(Locale.ROOT));
            }
        }
        return "";
    }

    /**
     * The gate's interval of the change {@code [lower, upper]} as fractions of the baseline, or
     * null when it has none (undecided, or unbounded on a side).
     */
    static double[] changeInterval(TestResult.GateMetric gate) {
        TestResult.GateComparison comparison = gate.gate();
        if (comparison == null || comparison.lower() == null || comparison.upper() == null) {
            return null;
        }
        return new double[] {comparison.lower(), comparison.upper()};
    }

    private static String signedPercent(Double fraction) {
        return fraction == null ? "n/a" : Format.signedPercent(fraction);
    }

    /**
     * The distribution of the samples of every run (e.g. flow completion times): each run's CDF,
     * from its quantiles at 0, 1, ..., 100 %.
     */
    static Figure cdf(TestResult result, String metric) {
        String unit = ResultFacts.unit(result, metric);
        // A log x axis: flow completion times span decades, and a linear axis squeezes the bulk
        // of the flows against zero to show the tail.
        Plot plot = new Plot(WIDE, 300, "CDF of " + metric + " per run", axis(metric + ", log scale", unit),
                "fraction of samples ≤ x (0 to 1)").logX();
        int drawn = 0;
        StringBuilder table = new StringBuilder(tableStart("series", "run", "samples", "min", "P25", "median", "P75",
                "P95", "P99", "max"));
        double[] fractions = new double[101];
        for (int p = 0; p <= 100; p++) {
            fractions[p] = p / 100.0;
        }
        for (TestResult.Run run : result.runs()) {
            TestResult.MetricResult value = metric(run, metric);
            if (value == null || value.sampleSummary() == null) {
                continue;
            }
            if (drawn++ >= MAX_DRAWN / 10) {
                continue; // the table says how many runs are left out
            }
            double[] q = doubles(value.sampleSummary().quantiles());
            plot.steps(q, fractions, "cdf s" + ((run.series() - 1) % 6));
            table.append(row(Integer.toString(run.series()), Integer.toString(run.run()),
                    Integer.toString(value.sampleSummary().count()), Format.number(q[0]), Format.number(q[25]),
                    Format.number(q[50]), Format.number(q[75]), Format.number(q[95]), Format.number(q[99]),
                    Format.withUnit(q[100], unit)));
        }
        for (int s = 1; s <= Math.min(6, result.parameters().series().count()); s++) {
            plot.legend("cdf s" + (s - 1), "series " + s + (s == 6 && result.parameters().series().count() > 6
                    ? " and later" : ""));
        }
        table.append(cut(drawn - MAX_DRAWN / 10));
        return new Figure(ChartKind.CDF, "Distribution of " + metric + ": CDF of each run's samples", plot.svg(),
                table.append(tableEnd()).toString());
    }

    static TestResult.MetricResult metric(TestResult.Run run, String name) {
        for (TestResult.MetricResult metric : run.metrics()) {
            if (metric.metric().equals(name)) {
                return metric;
            }
        }
        return null;
    }

    private static double number(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static String percent(Double fraction) {
        return fraction == null ? "n/a" : Format.percent(fraction);
    }

    private static double[] doubles(List<Float> values) {
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i);
        }
        return out;
    }

    static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static String tableStart(String... header) {
        StringBuilder html = new StringBuilder("<table><thead><tr>");
        for (String cell : header) {
            html.append("<th>").append(Html.escape(cell)).append("</th>");
        }
        return html.append("</tr></thead><tbody>").toString();
    }

    static String row(String... cells) {
        StringBuilder html = new StringBuilder("<tr>");
        for (String cell : cells) {
            html.append("<td>").append(Html.escape(cell)).append("</td>");
        }
        return html.append("</tr>").toString();
    }

    static String tableEnd() {
        return "</tbody></table>";
    }
}
