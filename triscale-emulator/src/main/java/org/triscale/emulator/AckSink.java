package org.triscale.emulator;

/** Where a {@link Receiver} sends its ACKs and asks for its delayed-ACK timer. */
interface AckSink {
    /**
     * Sends an ACK at {@code time}: the next segment expected, the echoed send timestamp, the
     * segment that triggered the ACK, and the ECN echo.
     */
    void sendAck(long time, long ackNo, long echo, long trigger, boolean ece);

    /** Asks for {@link Receiver#onDelayedAckTimer} to be called at {@code deadline}. */
    void scheduleDelayedAck(long deadline);
}
