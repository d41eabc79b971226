package org.triscale.samples.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.triscale.emulator.FlowResult;
import org.triscale.emulator.Trace;
import org.triscale.engine.network.FctSummary;
import org.triscale.junit.RunContext;
import org.triscale.testbed.linux.TcpFlows;

/**
 * The metrics of one run, the same whichever backend measured it, and the one place that records
 * them: the long flow's throughput per 100 ms interval, its RTT samples and the FCTs of the
 * workload's flows. {@link #of(Trace, int)} and {@link #of(Map, TcpFlows.Result, int, int)} read
 * them from the emulator's trace and from a Linux run; {@link #record(RunContext)} records them.
 *
 * <p>What each backend measures: throughput is the emulator's bottleneck egress per bin and the
 * Linux receiver's count per iperf3 interval; an RTT sample is, in the emulator, a data packet's
 * one-way delay plus the uncongested return (half the base RTT), on Linux the sender's smoothed RTT
 * from {@code TCP_INFO} per interval; an FCT runs from the flow's start (the emulator) or connect
 * (Linux) to the last byte's acknowledgement (the emulator) or the receiver's one-byte reply (Linux).
 *
 * @param testBed        the fingerprint entries of the backend
 * @param throughputMbps the long flow: interval end (s) → Mbit/s
 * @param rttMs          the long flow's RTT samples, ms
 * @param fctMs          the FCTs of the workload's completed flows, ms
 * @param workloadFlows  how many workload flows started
 */
record FlowMetrics(Map<String, String> testBed, Map<Double, Double> throughputMbps, List<Double> rttMs,
                   List<Double> fctMs, int workloadFlows) {
    /** Slow start is left out of the throughput and RTT: intervals ending after this. */
    static final double FROM_SECONDS = 0.2;
    /** The end of the measured intervals, the Linux long flow's end. */
    static final double TO_SECONDS = 1.0;

    /** Keeps read-only copies. */
    FlowMetrics {
        testBed = Map.copyOf(testBed);
        throughputMbps = java.util.Collections.unmodifiableMap(new TreeMap<>(throughputMbps));
        rttMs = List.copyOf(rttMs);
        fctMs = List.copyOf(fctMs);
    }

    /**
     * @param trace    an emulator run with the long flow and an FCT workload, 100 ms throughput bins
     * @param longFlow the long flow's id
     * @return its metrics
     */
    static FlowMetrics of(Trace trace, int longFlow) {
        Map<Double, Double> throughput = new TreeMap<>();
        double[] starts = trace.throughput().binStartsSeconds();
        double[] mbps = trace.throughput().flowMbps(longFlow);
        for (int i = 0; i < starts.length; i++) {
            throughput.put(Math.round((starts[i] + trace.throughput().binSeconds()) * 1000) / 1000.0, mbps[i]);
        }
        double returnMs = trace.flow(longFlow).baseRttMillis() / 2;
        double[] times = trace.delays().timesSeconds(longFlow);
        double[] delays = trace.delays().delaysMillis(longFlow);
        List<Double> rtt = new java.util.ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            if (times[i] > FROM_SECONDS && times[i] <= TO_SECONDS) {
                rtt.add(delays[i] + returnMs);
            }
        }
        List<Double> fct = trace.workloadFlows().stream().filter(FlowResult::completed).map(FlowResult::fctMillis).toList();
        return new FlowMetrics(Map.of("backend", "embedded emulator"), throughput, rtt, fct, trace.workloadFlows().size());
    }

    /**
     * @param testBed       the Linux test bed's fingerprint
     * @param result        a Linux run with the long flow and a workload
     * @param longSender    the long flow's sender
     * @param workloadFlows how many workload flows the run had
     * @return its metrics
     */
    static FlowMetrics of(Map<String, String> testBed, TcpFlows.Result result, int longSender, int workloadFlows) {
        Map<String, String> bed = new TreeMap<>(testBed);
        bed.put("backend", "linux");
        List<Double> fct = result.fctSeconds().values().stream().map(s -> s * 1000).toList();
        return new FlowMetrics(bed, result.throughputMbps().get(longSender), result.rttMs().get(longSender), fct, workloadFlows);
    }

    /**
     * Records the run: the fingerprint, {@code throughput} samples of the intervals ending in
     * ({@value #FROM_SECONDS} s, {@value #TO_SECONDS} s], {@code rtt} samples, and {@code fct} as the
     * P95 of the FCTs; fails the run when more than 5 % of the workload's flows did not complete
     * (the P95 of the rest would lie low).
     *
     * @param run the run
     */
    void record(RunContext run) {
        testBed.forEach(run::testBed);
        throughputMbps.forEach((t, mbps) -> {
            if (t > FROM_SECONDS + 1e-9 && t <= TO_SECONDS + 1e-9) {
                run.recordSample("throughput", t, mbps);
            }
        });
        rttMs.forEach(ms -> run.recordSample("rtt", ms));
        assertThat(fctMs.size()).as("completed flows of %d", workloadFlows).isGreaterThanOrEqualTo((int) Math.ceil(0.95 * workloadFlows));
        run.recordRunValue("fct", FctSummary.of(fctMs.stream().mapToDouble(Double::doubleValue).toArray()).p95());
    }
}
