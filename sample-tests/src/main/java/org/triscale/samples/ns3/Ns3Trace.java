package org.triscale.samples.ns3;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything one ns-3 run reported, parsed from the scenario's output.
 *
 * @param flows          every flow, bulk and FCT, in id order
 * @param throughput     goodput of all flows at the receivers, Mbit/s, one sample per bin at the bin's end
 * @param flowThroughput goodput of each bulk flow (by flow id), same bins; FCT flows only count in
 *                       {@code throughput}
 * @param queueDelayMs   sojourn time in the bottleneck queue disc, ms, one sample per dequeued packet (or
 *                       every k-th), at the dequeue time; it excludes propagation, serialisation and the
 *                       1-packet device queue, so a packet's one-way delay is about its flow's
 *                       {@code rttMs / 2} plus this value plus a few serialisation times
 * @param summary        the final summary line
 */
public record Ns3Trace(List<Ns3Flow> flows, TimeSeries throughput, Map<Integer, TimeSeries> flowThroughput,
                       TimeSeries queueDelayMs, Ns3Summary summary) {

    /**
     * Copies the collections.
     *
     * @throws NullPointerException if a component is null
     */
    public Ns3Trace {
        flows = List.copyOf(flows);
        Objects.requireNonNull(throughput, "throughput");
        flowThroughput = Collections.unmodifiableMap(new TreeMap<>(flowThroughput));
        Objects.requireNonNull(queueDelayMs, "queueDelayMs");
        Objects.requireNonNull(summary, "summary");
    }

    /**
     * Parses the scenario's output.
     *
     * @param output the whole standard output of one run
     * @return the trace
     * @throws IllegalArgumentException naming the line if the output is malformed or lacks its summary
     */
    public static Ns3Trace parse(String output) {
        Objects.requireNonNull(output, "output");
        return parse(new BufferedReader(new StringReader(output)));
    }

    /**
     * Parses the scenario's output from a reader, which it reads to the end but does not close.
     *
     * @param output the output
     * @return the trace
     * @throws IllegalArgumentException naming the line if the output is malformed or lacks its summary
     * @throws java.io.UncheckedIOException if reading fails
     */
    public static Ns3Trace parse(BufferedReader output) {
        Objects.requireNonNull(output, "output");
        return Ns3OutputParser.parse(output);
    }

    /**
     * One flow by id.
     *
     * @param id the flow id
     * @return the flow
     * @throws NoSuchElementException if the run has no such flow
     */
    public Ns3Flow flow(int id) {
        return flows.stream().filter(flow -> flow.id() == id).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no flow " + id + " in this run; ids are 0.."
                        + (flows.size() - 1)));
    }

    /**
     * The FCT flows, in arrival order.
     *
     * @return the flows of kind {@link FlowKind#FCT}
     */
    public List<Ns3Flow> fctFlows() {
        return flows.stream().filter(flow -> flow.kind() == FlowKind.FCT).toList();
    }

    /**
     * Completion times of the FCT flows that completed, in arrival order.
     *
     * @return FCTs in seconds
     */
    public double[] completionTimes() {
        return flows.stream().filter(Ns3Flow::completed).mapToDouble(Ns3Flow::fctSeconds).toArray();
    }

    /**
     * Share of the FCT flows that completed; flows stalled by the CCA or still running at the end count
     * as not completed.
     *
     * @return the ratio in [0, 1], or NaN without FCT flows
     */
    public double completionRatio() {
        List<Ns3Flow> fct = fctFlows();
        return fct.isEmpty() ? Double.NaN : fct.stream().filter(Ns3Flow::completed).count() / (double) fct.size();
    }

    /**
     * Goodput series of one bulk flow.
     *
     * @param flowId id of a bulk flow
     * @return its throughput bins in Mbit/s
     * @throws NoSuchElementException if the run has no bulk flow with that id
     */
    public TimeSeries throughput(int flowId) {
        TimeSeries series = flowThroughput.get(flowId);
        if (series == null) {
            throw new NoSuchElementException("no throughput series for flow " + flowId + "; bulk flows are "
                    + Arrays.toString(flowThroughput.keySet().toArray()));
        }
        return series;
    }
}
