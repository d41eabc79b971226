package org.triscale.samples.ns3;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One flow of an ns-3 run, from the scenario's {@code flow} line.
 *
 * @param id            flow id, unique in the run (bulk flows first, then FCT flows by arrival)
 * @param cca           the flow's congestion control
 * @param kind          bulk or FCT
 * @param rttMs         base (propagation) round-trip time of the flow's path in milliseconds
 * @param startSeconds  simulated time the sending application started
 * @param sizeBytes     bytes the flow sends; {@code -1} for unlimited bulk flows
 * @param fctSeconds    flow completion time in seconds (application start, before the SYN, to
 *                      the last byte at the receiver), or NaN if the flow did not complete
 * @param receivedBytes bytes delivered to the receiving application
 */
public record Ns3Flow(int id, Cca cca, FlowKind kind, double rttMs, double startSeconds, long sizeBytes,
                      double fctSeconds, long receivedBytes) {

    /**
     * Validates the components.
     *
     * @throws IllegalArgumentException if a value is out of range or inconsistent with the kind
     */
    public Ns3Flow {
        Objects.requireNonNull(cca, "cca");
        Objects.requireNonNull(kind, "kind");
        if (id < 0 || !(rttMs > 0) || !(startSeconds >= 0) || receivedBytes < 0) {
            throw new IllegalArgumentException("flow " + id + ": id, rttMs, startSeconds and receivedBytes"
                    + " must be >= 0 (rttMs > 0), got rttMs=" + rttMs + ", startSeconds=" + startSeconds
                    + ", receivedBytes=" + receivedBytes);
        }
        if (kind == FlowKind.BULK ? sizeBytes != -1 || !Double.isNaN(fctSeconds)
                : sizeBytes <= 0 || !(Double.isNaN(fctSeconds) || fctSeconds > 0)) {
            throw new IllegalArgumentException("flow " + id + ": a bulk flow has size -1 and no FCT, an FCT flow"
                    + " a positive size and a positive or missing FCT; got kind=" + kind + ", sizeBytes="
                    + sizeBytes + ", fctSeconds=" + fctSeconds);
        }
    }

    /**
     * Whether the flow delivered all its bytes before the simulation ended; bulk flows never do.
     *
     * @return true if the flow has a completion time
     */
    public boolean completed() {
        return !Double.isNaN(fctSeconds);
    }

    /**
     * The flow completion time.
     *
     * @return the FCT in seconds, or empty if the flow did not complete
     */
    public OptionalDouble fct() {
        return completed() ? OptionalDouble.of(fctSeconds) : OptionalDouble.empty();
    }
}
