package org.triscale.samples.ns3;

import java.time.Duration;

/** A run exceeded its wall-clock bound; its process was killed. */
public final class Ns3TimeoutException extends Ns3Exception {
    private static final long serialVersionUID = 1L;

    private final Duration timeBound;
    private final long pid;

    Ns3TimeoutException(String message, Duration timeBound, long pid) {
        super(message);
        this.timeBound = timeBound;
        this.pid = pid;
    }

    /**
     * The bound the run exceeded.
     *
     * @return the wall-clock bound
     */
    public Duration timeBound() {
        return timeBound;
    }

    /**
     * Process id of the killed simulator.
     *
     * @return the pid
     */
    public long pid() {
        return pid;
    }
}
