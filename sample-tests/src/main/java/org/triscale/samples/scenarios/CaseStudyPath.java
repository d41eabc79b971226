package org.triscale.samples.scenarios;

import java.time.Duration;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.base.Rate;
import org.triscale.emulator.Scenario;
import org.triscale.emulator.Trace;
import org.triscale.emulator.cca.Cca;

/**
 * The long path of the TriScale case study (Jacob et al.), scaled down: one bulk flow over a
 * DropTail bottleneck with 45 ms one-way delay (90 ms RTT).
 *
 * <p>The case study calibrated MahiMahi to a California–Mexico path: 114.68 Mbit/s and a
 * 450-packet DropTail buffer, that is 47 ms of queue, about half a bandwidth-delay product. This
 * path keeps the delay, the buffer's depth in time (78 packets at 20 Mbit/s is 46.8 ms) and its
 * size relative to the BDP (0.52 BDP), and the 30 s runs, but runs at 20 Mbit/s: a run then takes
 * about 10 ms instead of 40 ms, and the flows converge within 30 s. At the full 114.68 Mbit/s
 * CUBIC's sawtooth lasts about 10 s, so its delay rarely converges in 30 s, and Vegas' throughput
 * is still growing at the end of the run: the case study saw the same with some schemes and ran
 * them longer.
 *
 * <p>The largest one-way delay a packet can see is 45 ms + 78 × 0.6 ms of queue + its own 0.6 ms
 * of serialisation = 92.4 ms; a loss-based algorithm fills the buffer and its 95th percentile is
 * close to that.
 */
public final class CaseStudyPath {
    /** Bottleneck rate: the case study's 114.68 Mbit/s scaled to 20 Mbit/s. */
    public static final Rate BOTTLENECK = Rate.mbps(20);
    /** One-way propagation delay, as in the case study: 45 ms (90 ms RTT). */
    public static final Duration ONE_WAY_DELAY = Duration.ofMillis(45);
    /** DropTail buffer: 46.8 ms at 20 Mbit/s, as the case study's 450 packets at 114.68 Mbit/s. */
    public static final Packets BUFFER = Packets.of(78);
    /** Length of a run, as in the case study. */
    public static final Duration RUN_LENGTH = Duration.ofSeconds(30);
    /**
     * Largest random delay added to each ACK: host noise, so that runs with different seeds differ
     * as real runs do (without it a single bulk flow gives the same trace for every seed).
     */
    public static final Duration ACK_JITTER = Duration.ofMillis(1);
    /** Keep one one-way delay sample out of 5 packets: 10,000 samples per run are plenty for a P95. */
    public static final int DELAY_SAMPLE_EVERY = 5;

    private CaseStudyPath() {
    }

    /**
     * The path with one unlimited flow of a congestion-control algorithm, starting at time 0.
     *
     * @param cca the algorithm under test, built in ({@link Cca#CUBIC}) or plugged in ({@link Cca#of})
     * @return the scenario; run it with {@code Emulator.run(scenario, context.seed())}
     * @throws IllegalArgumentException if {@code cca} is null
     */
    public static Scenario with(Cca cca) {
        if (cca == null) {
            throw new IllegalArgumentException("cca must not be null; pass e.g. Cca.CUBIC");
        }
        return Scenario.dumbbell()
                .bottleneck(BOTTLENECK)
                .buffer(BUFFER)
                .flow(f -> f.cca(cca).oneWayDelay(ONE_WAY_DELAY))
                .duration(RUN_LENGTH)
                .ackJitter(ACK_JITTER)
                .delaySampleEvery(DELAY_SAMPLE_EVERY)
                .build();
    }

    /**
     * Share of the data packets the bottleneck dropped in a run (Pantheon's loss rate).
     *
     * @param trace a run of the emulator
     * @return percent, in [0, 100]; 0 if nothing was sent
     * @throws IllegalArgumentException if {@code trace} is null
     */
    public static double lossPercent(Trace trace) {
        if (trace == null) {
            throw new IllegalArgumentException("trace must not be null; pass the result of Emulator.run");
        }
        long drops = trace.link().drops();
        long arrived = drops + trace.link().packetsForwarded();
        return arrived == 0 ? 0 : 100.0 * drops / arrived;
    }
}
