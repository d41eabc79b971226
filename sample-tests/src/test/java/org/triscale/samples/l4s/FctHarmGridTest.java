package org.triscale.samples.l4s;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.CsvSource;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;
import org.triscale.engine.network.FctSummary;
import org.triscale.junit.GridReference;
import org.triscale.junit.Kpi;
import org.triscale.junit.Metric;
import org.triscale.junit.RunContext;
import org.triscale.junit.Runs;

/**
 * The shape of Heist's FCT harm table (tsvwg 2021) as a grid: the P95 flow completion time of the
 * L4S FCT workload's ECN CUBIC flows in one shared RFC 3168 queue at 50 Mbit/s, per RTT and
 * competitor (none, a CUBIC flow, a Prague flow), one cell per combination, each with its own
 * verdict. The grid report sets each cell against the cell of the same RTT without competitor
 * ({@link GridReference}) with Ware et al.'s harm of the P95 FCT, as Heist's table does.
 *
 * <p>Scenario and workload: {@link SharedQueueFctHarmTest#run}. Every cell runs the same seeds
 * (common random numbers), so the arrivals and sizes are the same beside each competitor. KPI per
 * cell: the median run's P95 FCT, 75 % upper bound over 5 runs, at most 15 s (the workload's flows
 * are not starved); a run where under 90 % of the flows completed fails.
 */
@ParameterizedClass
@CsvSource({"10, none", "10, CUBIC", "10, Prague", "40, none", "40, CUBIC", "40, Prague",
        "160, none", "160, CUBIC", "160, Prague"})
@GridReference("competitor=none")
class FctHarmGridTest {
    @Parameter(0)
    int rttMs;

    @Parameter(1)
    String competitor;

    @Runs(kpiPercentile = 50, kpiConfidence = 75, count = 5, independent = true)
    @Metric(name = "fct", unit = "ms")
    @Kpi(metric = "fct", atMost = 15_000)
    void p95Fct(RunContext run) {
        run.testBed("backend", "embedded emulator");
        run.testBed("scenario", "50 Mbit/s, fq_codel flows 1, RTT " + rttMs + " ms, competitor " + competitor);
        Trace trace = SharedQueueFctHarmTest.run(competitor(), rttMs, run.seed());
        assertThat(trace.completionRatio()).as("share of flows that completed").isGreaterThanOrEqualTo(0.9);
        run.recordRunValue("fct", FctSummary.of(trace.fctMillis()).p95());
    }

    private Cca competitor() {
        switch (competitor) {
            case "none": return null;
            case "CUBIC": return Cca.CUBIC_ECN;
            case "Prague": return Cca.PRAGUE;
            default: throw new IllegalArgumentException("competitor must be none, CUBIC or Prague, got " + competitor);
        }
    }
}
