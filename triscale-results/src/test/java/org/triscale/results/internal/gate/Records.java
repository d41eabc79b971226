package org.triscale.results.internal.gate;

import org.triscale.engine.Mode;
import org.triscale.engine.analysis.Measure;
import org.triscale.engine.analysis.Side;
import org.triscale.engine.comparison.Direction;
import org.triscale.results.internal.model.TestResult.VerdictStatus;
import org.triscale.results.internal.setup.Fingerprint;

import org.triscale.engine.baseline.GateSettings;
import org.triscale.engine.baseline.RegressionGate;
import org.triscale.engine.baseline.SequelKpis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Sequel records for the file tests. */
final class Records {
    private Records() {
    }

    /**
     * A record whose {@code recordedAt} is {@code writer:index}, with {@code values} run metrics
     * (large lines make a torn write likely if appends were not atomic).
     */
    static SequelRecord record(String writer, int index, int values) {
        List<Double> runs = new ArrayList<>();
        for (int i = 0; i < values; i++) {
            runs.add(index + i / 1000.0);
        }
        // The KPI its run metrics give, as the gate stores it: a history line is checked against it.
        double[][] sequel = {runs.stream().mapToDouble(Double::doubleValue).toArray()};
        SequelKpis kpis = RegressionGate.summarise(sequel, GateSettings.of(Direction.LOWER_IS_BETTER)
                .withKpi(75, 75, Side.UPPER));
        Double seriesKpi = Double.isNaN(kpis.seriesKpis()[0]) ? null : kpis.seriesKpis()[0];
        SequelRecord.MetricRecord metric = new SequelRecord.MetricRecord("fct", Measure.percentile(95), "ms",
                Direction.LOWER_IS_BETTER, List.of(runs), new SequelRecord.StoredKpi(75.0, 75.0, Side.UPPER,
                Collections.singletonList(seriesKpi), seriesKpi),
                new SequelRecord.Score(75.0, 75.0, null, null, null, null));
        return new SequelRecord(SequelRecord.SCHEMA_VERSION, "a.B", "m", Instant.ofEpochSecond(1_800_000_000L + index)
                .toString(), new Fingerprint("17", "Linux", "amd64", 2, "", Map.of("backend", "emulator"), Map.of()),
                Map.of("javaVersion", "17.0.1", "commit", writer + ":" + index), Mode.SOUND, 5, null, List.of(metric))
                .withVerdict(VerdictStatus.PASSED, true, null);
    }

    /** The {@code writer:index} a record of {@link #record} carries (as its commit). */
    static String tag(SequelRecord record) {
        return record.environment().get("commit");
    }
}
