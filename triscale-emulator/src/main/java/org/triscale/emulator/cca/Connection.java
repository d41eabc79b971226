package org.triscale.emulator.cca;

import org.apache.commons.rng.UniformRandomProvider;
import org.apiguardian.api.API;

/**
 * What a {@link CongestionControl} sees of its TCP connection: the sender's sequence state, path
 * estimates, and the details of the ACK being processed. Sequence numbers and windows count
 * segments (packets), times are nanoseconds of simulated time. The view is only valid during the
 * callback it is passed to.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public interface Connection {

    /**
     * Current simulated time.
     *
     * @return nanoseconds since the start of the run
     */
    long now();

    /**
     * The initial window (10 segments, RFC 6928).
     *
     * @return segments
     */
    int initialWindow();

    /**
     * Oldest unacknowledged segment (the cumulative ACK point).
     *
     * @return segment number
     */
    long sndUna();

    /**
     * Next segment to send (moves back to {@link #sndUna()} after a timeout).
     *
     * @return segment number
     */
    long sndNxt();

    /**
     * One past the highest segment ever sent.
     *
     * @return segment number
     */
    long highestSent();

    /**
     * RFC 5681 FlightSize: segments sent and not cumulatively acknowledged, {@code sndNxt − sndUna}.
     *
     * @return segments
     */
    long flightSize();

    /**
     * Estimated segments in the network: the flight size minus the segments that duplicate ACKs
     * reported as received out of order.
     *
     * @return segments
     */
    long inFlight();

    /**
     * {@link #inFlight()} before the current ACK was processed.
     *
     * @return segments
     */
    long priorInFlight();

    /**
     * Segments delivered to the receiver so far (in order or not), as known by the sender.
     *
     * @return segments
     */
    long delivered();

    /**
     * Segments newly acknowledged cumulatively by the current ACK (0 for a duplicate ACK).
     *
     * @return segments
     */
    int ackedPackets();

    /**
     * Segments newly known as delivered by the current ACK (cumulative plus out of order).
     *
     * @return segments
     */
    int deliveredPackets();

    /**
     * Round-trip time measured by the current ACK (timestamp echo of the segment that triggered
     * it), or -1 when the ACK carries no new information.
     *
     * @return nanoseconds, or -1
     */
    long rttNanos();

    /**
     * Whether the current ACK echoes a congestion-experienced mark (ECE).
     *
     * @return the ECE flag
     */
    boolean ecnEcho();

    /**
     * Whether the sender is in fast recovery while processing this ACK (true also for the ACK
     * that ends recovery).
     *
     * @return the recovery state
     */
    boolean inRecovery();

    /**
     * Whether this ACK made the sender retransmit a segment it considers lost (fast retransmit or
     * NewReno partial ACK).
     *
     * @return true if a loss was detected
     */
    boolean lossDetected();

    /**
     * Delivery rate of the current rate sample (draft-cheng-iccrg-delivery-rate-estimation).
     *
     * @return packets per second, or NaN when this ACK gives no valid sample
     */
    double deliveryRate();

    /**
     * Whether the current rate sample was taken while the sender was application-limited.
     *
     * @return the app-limited flag of the sample
     */
    boolean rateSampleAppLimited();

    /**
     * The {@link #delivered()} count when the newest segment acknowledged by this ACK was sent, or
     * -1 when the ACK delivered nothing new. BBR counts round trips with it.
     *
     * @return segments, or -1
     */
    long rateSamplePriorDelivered();

    /**
     * Smoothed RTT (RFC 6298), or -1 before the first sample.
     *
     * @return nanoseconds, or -1
     */
    long srttNanos();

    /**
     * Smallest RTT seen, or {@link Long#MAX_VALUE} before the first sample.
     *
     * @return nanoseconds
     */
    long minRttNanos();

    /**
     * Marks the connection application-limited until the data now in flight is delivered, so that
     * the rate samples of that time are flagged and do not lower bandwidth estimates (BBR does
     * this during ProbeRTT).
     */
    void markAppLimited();

    /**
     * A random stream for this connection, derived from the run's seed.
     *
     * @return the stream
     */
    UniformRandomProvider random();
}
