package org.triscale.emulator;

import org.apiguardian.api.API;

/**
 * A deterministic packet-level discrete-event emulator of a dumbbell path: TCP senders with
 * pluggable congestion control share one bottleneck with a DropTail buffer or a queue discipline. {@code run(scenario, seed)} with
 * the same arguments always returns an equal {@link Trace}; the seed drives the FCT workloads'
 * arrivals and sizes, random loss, ACK jitter, the queue disciplines' random decisions and the
 * algorithms' own randomness (BBR's gain cycle phase).
 *
 * <p>Model: data packets of 1,500 bytes on the wire (1,448 payload bytes); senders reach the
 * bottleneck without delay, the bottleneck serves its queue at its rate (or at the delivery
 * opportunities of a trace), a per-flow propagation delay follows to the receiver, and ACKs
 * return over an uncongested path with the same delay (plus the scenario's ACK delay).
 * Times have nanosecond resolution. Runs are independent: call {@code run} from several threads
 * at once if you like.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Emulator {
    private Emulator() {
    }

    /**
     * Runs a scenario once.
     *
     * @param scenario the scenario
     * @param seed     the seed, e.g. {@code RunContext.seed()}
     * @return what the run produced
     * @throws IllegalArgumentException if {@code scenario} is null
     */
    public static Trace run(Scenario scenario, long seed) {
        if (scenario == null) {
            throw new IllegalArgumentException("scenario must not be null; build one with Scenario.dumbbell()");
        }
        return new Simulation(scenario, seed).run();
    }
}
