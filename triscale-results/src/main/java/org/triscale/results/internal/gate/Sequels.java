package org.triscale.results.internal.gate;

import org.triscale.results.internal.setup.GateSpec;
import org.triscale.results.internal.mapping.ResultMapper;
import org.triscale.results.internal.verdict.RecordedSequel;
import org.triscale.results.internal.setup.Machine;
import org.triscale.results.internal.setup.TestSetup;
import org.triscale.engine.baseline.RegressionGate;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.baseline.SequelKpis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Sequel records of the gate: built from a test's runs, read back as run metrics, merged from history. */
final class Sequels {
    private Sequels() {
    }

    /** The record of this execution's sequel: run metrics, KPIs and score of every gated metric. */
    static SequelRecord current(RecordedSequel state, GateSpec spec) {
        TestSetup setup = state.setup();
        List<SequelRecord.MetricRecord> metrics = new ArrayList<>();
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            double[][] values = new double[setup.seriesCount()][setup.runsPerSeries()];
            List<List<Double>> series = new ArrayList<>();
            for (int s = 1; s <= setup.seriesCount(); s++) {
                List<Double> runs = new ArrayList<>();
                for (int r = 1; r <= setup.runsPerSeries(); r++) {
                    double value = state.run(s, r).value(gated.metric());
                    values[s - 1][r - 1] = value;
                    runs.add(ResultMapper.number(value));
                }
                series.add(runs);
            }
            SequelKpis kpis = RegressionGate.summarise(values, gated.settings(spec));
            metrics.add(new SequelRecord.MetricRecord(gated.metric().name(), gated.metric().measure(),
                    gated.metric().unit(), gated.direction(), series, kpi(gated, kpis), score(gated, kpis)));
        }
        Machine machine = Machine.current();
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("javaVersion", machine.javaVersion());
        environment.put("javaVendor", machine.javaVendor());
        environment.put("osVersion", machine.osVersion());
        return new SequelRecord(SequelRecord.SCHEMA_VERSION, setup.testClass(), setup.testMethod(),
                Instant.now().toString(), state.fingerprint(spec.fingerprint().scenario(), spec.fingerprint().tags()),
                environment, setup.settings().mode(), setup.runsPerSeries(), seeds(state), metrics);
    }

    /** The seed of every run of this execution, series by series. */
    private static List<List<Long>> seeds(RecordedSequel state) {
        TestSetup setup = state.setup();
        List<List<Long>> seeds = new ArrayList<>();
        for (int s = 1; s <= setup.seriesCount(); s++) {
            List<Long> runs = new ArrayList<>();
            for (int r = 1; r <= setup.runsPerSeries(); r++) {
                runs.add(state.run(s, r).seed);
            }
            seeds.add(runs);
        }
        return seeds;
    }

    /**
     * Whether a new sequel ran the baseline's seeds run by run, so that the comparison is paired:
     * both record their seeds, with the same series and runs in the same order.
     */
    static boolean sameSeeds(SequelRecord baseline, SequelRecord current) {
        return baseline.seeds() != null && baseline.seeds().equals(current.seeds());
    }

    /** The run metrics of a recorded metric, one array per series, NaN for invalid runs. */
    static double[][] runMetrics(SequelRecord.MetricRecord metric) {
        double[][] out = new double[metric.runMetrics().size()][];
        for (int s = 0; s < out.length; s++) {
            List<Double> runs = metric.runMetrics().get(s);
            out[s] = new double[runs.size()];
            for (int r = 0; r < runs.size(); r++) {
                Double value = runs.get(r);
                out[s][r] = value == null ? Double.NaN : value;
            }
        }
        return out;
    }

    /**
     * Why a recorded sequel cannot serve as this test's baseline, or null when it can: it belongs to
     * another test, misses a gated metric, holds a metric the test does not declare, or defines a
     * metric differently.
     */
    static String mismatch(SequelRecord record, TestSetup setup, GateSpec spec) {
        if (!setup.testClass().equals(record.testClass()) || !setup.testMethod().equals(record.testMethod())) {
            return "it belongs to " + record.testClass() + "." + record.testMethod() + ", not to "
                    + setup.testClass() + "." + setup.testMethod();
        }
        List<String> unknown = new ArrayList<>();
        for (SequelRecord.MetricRecord metric : record.metrics()) {
            if (setup.metric(metric.name()) == null) {
                unknown.add(metric.name());
            }
        }
        List<String> missing = new ArrayList<>();
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            if (record.metric(gated.metric().name()) == null) {
                missing.add(gated.metric().name());
            }
        }
        if (!unknown.isEmpty() || !missing.isEmpty()) {
            List<String> held = new ArrayList<>();
            for (SequelRecord.MetricRecord metric : record.metrics()) {
                held.add(metric.name());
            }
            List<String> gated = new ArrayList<>();
            for (GateSpec.GatedMetric metric : spec.metrics()) {
                gated.add(metric.metric().name());
            }
            return "its metric names do not match the test: it holds " + held + ", the test gates " + gated
                    + (unknown.isEmpty() ? "" : "; not declared by the test: " + unknown)
                    + (missing.isEmpty() ? "" : "; missing from it: " + missing);
        }
        for (GateSpec.GatedMetric gated : spec.metrics()) {
            SequelRecord.MetricRecord metric = record.metric(gated.metric().name());
            Measure measure = gated.metric().measure();
            String unit = gated.metric().unit();
            if (!measure.equals(metric.measure()) || !unit.equals(metric.unit() == null ? "" : metric.unit())) {
                return "it defines metric \"" + metric.name() + "\" as " + metric.measure() + unitText(metric.unit())
                        + ", the test as " + measure + unitText(unit);
            }
        }
        return null;
    }

    /** One record whose series are those of all the records, oldest first. */
    static SequelRecord merge(List<SequelRecord> records) {
        SequelRecord last = records.get(records.size() - 1);
        List<SequelRecord.MetricRecord> metrics = new ArrayList<>();
        for (SequelRecord.MetricRecord metric : last.metrics()) {
            List<List<Double>> series = new ArrayList<>();
            for (SequelRecord record : records) {
                SequelRecord.MetricRecord same = record.metric(metric.name());
                if (same != null) {
                    series.addAll(same.runMetrics());
                }
            }
            metrics.add(new SequelRecord.MetricRecord(metric.name(), metric.measure(), metric.unit(),
                    metric.direction(), series, null, null));
        }
        List<List<Long>> seeds = new ArrayList<>();
        for (SequelRecord record : records) {
            if (record.seeds() == null) {
                seeds = null;
                break;
            }
            seeds.addAll(record.seeds());
        }
        return new SequelRecord(last.schemaVersion(), last.testClass(), last.testMethod(), last.recordedAt(),
                last.fingerprint(), last.environment(), last.mode(), last.runsPerSeries(), seeds, metrics);
    }

    private static SequelRecord.StoredKpi kpi(GateSpec.GatedMetric gated, SequelKpis kpis) {
        List<Double> series = new ArrayList<>();
        for (double value : kpis.seriesKpis()) {
            series.add(ResultMapper.number(value));
        }
        return new SequelRecord.StoredKpi(gated.kpiPercentile(), gated.kpiConfidence(), gated.kpiSide(), series,
                ResultMapper.number(kpis.median()));
    }

    private static SequelRecord.Score score(GateSpec.GatedMetric gated, SequelKpis kpis) {
        return new SequelRecord.Score(gated.scorePercentile(), gated.scoreConfidence(),
                ResultMapper.number(kpis.scoreLower()), ResultMapper.number(kpis.scoreUpper()),
                ResultMapper.number(kpis.score()), ResultMapper.number(kpis.relativeScore()));
    }

    private static String unitText(String unit) {
        return unit == null || unit.isEmpty() ? "" : " " + unit;
    }
}
