package org.triscale.emulator;

import org.apiguardian.api.API;
import org.triscale.emulator.base.Wire;

import java.util.List;
import java.util.Optional;

/**
 * Everything a run of the emulator produced. Equal seeds and scenarios give equal traces.
 *
 * @param scenario        the scenario that ran
 * @param seed            the seed it ran with
 * @param flows           per-flow outcomes, by flow id
 * @param delays          per-packet one-way delay samples
 * @param throughput      wire throughput time series, per flow and in total: every data packet
 *                        leaving the bottleneck, headers and retransmissions included
 * @param goodput         goodput time series of the same shape: payload bytes delivered to the
 *                        receiving application, each byte once (retransmissions and headers
 *                        excluded), binned by the time the receiver can hand them over in order
 * @param link            bottleneck statistics
 * @param hops            statistics of the scenario's further hops, in path order
 * @param reverseLink     statistics of the reverse link (ACKs and reverse flows' data), if any
 * @param eventsProcessed discrete events the simulator handled
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record Trace(Scenario scenario, long seed, List<FlowResult> flows, DelaySamples delays, Throughput throughput,
                   Throughput goodput, LinkStats link, List<LinkStats> hops, Optional<LinkStats> reverseLink, long eventsProcessed) {

    /**
     * Copies the flow list.
     *
     * @param scenario the scenario that ran
     * @param seed the seed it ran with
     * @param flows per-flow outcomes, by flow id
     * @param delays per-packet one-way delay samples
     * @param throughput wire throughput time series, per flow and in total
     * @param goodput goodput time series, per flow and in total
     * @param link bottleneck statistics
     * @param hops statistics of the scenario's further hops, in path order
     * @param reverseLink statistics of the reverse link, if any
     * @param eventsProcessed discrete events the simulator handled
     */
    public Trace {
        flows = List.copyOf(flows);
        hops = List.copyOf(hops);
    }

    /**
     * One flow's outcome.
     *
     * @param id the flow id
     * @return its result
     * @throws IllegalArgumentException if there is no such flow
     */
    public FlowResult flow(int id) {
        if (id < 0 || id >= flows.size()) {
            throw new IllegalArgumentException("flow id must be in [0, " + flows.size() + "), got " + id);
        }
        return flows.get(id);
    }

    /**
     * The flows of the FCT workloads, in arrival order.
     *
     * @return workload flows
     */
    public List<FlowResult> workloadFlows() {
        return flows.stream().filter(f -> f.kind() == FlowResult.Kind.WORKLOAD).toList();
    }

    /**
     * Completion times of the workload flows that completed, in arrival order.
     *
     * @return milliseconds
     */
    public double[] fctMillis() {
        return workloadFlows().stream().filter(FlowResult::completed).mapToDouble(FlowResult::fctMillis).toArray();
    }

    /**
     * Fraction of the workload flows that completed before the run ended.
     *
     * @return in [0, 1], or NaN without workload flows
     */
    public double completionRatio() {
        List<FlowResult> w = workloadFlows();
        return w.isEmpty() ? Double.NaN : w.stream().filter(FlowResult::completed).count() / (double) w.size();
    }

    /**
     * The completion time a finite flow would have alone on an idle path: one base RTT (two
     * with the handshake) plus the transmission of its packets, headers included, at the
     * bottleneck rate. The usual denominator of the FCT slowdown (e.g. Alizadeh et al. 2013).
     *
     * @param flow a finite flow of this trace
     * @return milliseconds
     * @throws IllegalArgumentException for an unlimited flow
     */
    public double idealFctMillis(FlowResult flow) {
        if (flow.unlimited()) {
            throw new IllegalArgumentException("flow " + flow.label() + " is unlimited: it has no ideal completion "
                    + "time; give it a size");
        }
        long packets = (flow.sizeBytes() + Wire.MSS - 1) / Wire.MSS;
        double wireBits = (flow.sizeBytes() + packets * Wire.HEADER) * 8.0;
        double rtts = scenario.hosts().handshake() ? 2 : 1;
        return rtts * flow.baseRttMillis() + wireBits / scenario.link().bottleneck().bitsPerSecond() * 1e3;
    }

    /**
     * FCT slowdowns of the workload flows that completed, in arrival order: each flow's
     * completion time over its {@linkplain #idealFctMillis ideal} one (1 is the best possible).
     *
     * @return slowdowns, each &gt;= about 1
     */
    public double[] fctSlowdowns() {
        return workloadFlows().stream().filter(FlowResult::completed)
                .mapToDouble(f -> f.fctMillis() / idealFctMillis(f)).toArray();
    }
}
