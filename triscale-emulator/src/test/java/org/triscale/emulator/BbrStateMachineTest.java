package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Packets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.cca.Bbr;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.ForwardingCongestionControl;
import org.triscale.emulator.cca.Connection;

/** BBR v1's model and state machine, observed through a recording wrapper. */
class BbrStateMachineTest {

    record Snapshot(double seconds, String state, double cwnd, double pacingRate, double bandwidth, long rtProp) {
    }

    /** Delegates to a {@link Bbr} and records its state after every ACK. */
    static final class Recording extends ForwardingCongestionControl {
        final Bbr bbr;
        final List<Snapshot> log = new ArrayList<>();

        Recording() {
            this(new Bbr());
        }

        private Recording(Bbr bbr) {
            super(bbr);
            this.bbr = bbr;
        }

        @Override
        public void onAck(Connection c) {
            bbr.onAck(c);
            log.add(new Snapshot(c.now() / 1e9, bbr.state(), bbr.cwnd(), bbr.pacingRate(), bbr.bottleneckBandwidth(),
                    bbr.roundTripPropagationNanos()));
        }
    }

    private static List<String> stateChanges(List<Snapshot> log) {
        List<String> changes = new ArrayList<>();
        for (Snapshot s : log) {
            if (changes.isEmpty() || !changes.get(changes.size() - 1).equals(s.state())) {
                changes.add(s.state());
            }
        }
        return changes;
    }

    @Test
    void singleFlowGoesThroughStartupAndDrainAndLearnsThePath() {
        List<Recording> instances = new ArrayList<>();
        Cca spy = Cca.of("BBR", () -> {
            Recording r = new Recording();
            instances.add(r);
            return r;
        });
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(200))
                .flow(f -> f.cca(spy).rtt(Duration.ofMillis(40))).duration(Duration.ofSeconds(8)).build();

        Emulator.run(s, 1);
        List<Snapshot> log = instances.get(0).log;
        Snapshot last = log.get(log.size() - 1);

        assertThat(stateChanges(log)).startsWith("STARTUP", "DRAIN", "PROBE_BW");
        // 50 Mbit/s of 1,500-byte packets; RTprop = 40 ms plus one transmission.
        assertThat(last.bandwidth()).isCloseTo(50e6 / 12_000, within(50e6 / 12_000 * 0.02));
        assertThat(last.rtProp() / 1e6).isCloseTo(40.24, within(0.05));
        // ProbeBW cycles the pacing gain through 1.25, 0.75 and 1 (paced at 99 % of gain × bandwidth).
        List<Long> gains = log.stream().filter(x -> x.state().equals("PROBE_BW") && x.seconds() > 2)
                .map(x -> Math.round(x.pacingRate() / (0.99 * x.bandwidth()) * 100)).distinct().sorted().toList();
        assertThat(gains).containsExactly(75L, 100L, 125L);
        // The window is two BDPs plus the quantization budget, in ProbeBW.
        double bdp = last.bandwidth() * last.rtProp() / 1e9;
        assertThat(last.cwnd()).isBetween(2 * bdp, 2 * bdp + 5);
    }

    @Test
    void probeRttDrainsToFourPacketsForAtLeast200MsWhenTheMinimumRttIsStale() {
        List<Recording> instances = new ArrayList<>();
        Cca spy = Cca.of("BBR", () -> {
            Recording r = new Recording();
            instances.add(r);
            return r;
        });
        // A CUBIC flow keeps a standing queue, so BBR's minimum RTT is not refreshed for 10 s.
        Scenario s = Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(100))
                .flow(f -> f.cca(spy).rtt(Duration.ofMillis(20)))
                .flow(f -> f.cca(Cca.CUBIC).rtt(Duration.ofMillis(20)).start(Duration.ofSeconds(1)))
                .duration(Duration.ofSeconds(25)).build();

        Emulator.run(s, 1);
        List<Snapshot> log = instances.get(0).log;

        List<Snapshot> probeRtt = log.stream().filter(x -> x.state().equals("PROBE_RTT")).toList();
        assertThat(probeRtt).isNotEmpty();
        assertThat(probeRtt).allSatisfy(x -> assertThat(x.cwnd()).isLessThanOrEqualTo(4));
        double first = probeRtt.get(0).seconds();
        assertThat(first).as("first ProbeRTT, s").isBetween(10.0, 12.0);
        double end = log.stream().filter(x -> x.seconds() > first && !x.state().equals("PROBE_RTT"))
                .findFirst().orElseThrow().seconds();
        assertThat(end - first).as("ProbeRTT duration, s").isBetween(0.2, 0.4);
        // Low delivery rates during ProbeRTT do not lower the bandwidth estimate.
        Snapshot before = log.stream().filter(x -> x.seconds() < first).reduce((a, b) -> b).orElseThrow();
        Snapshot after = log.stream().filter(x -> x.seconds() >= end).findFirst().orElseThrow();
        assertThat(after.bandwidth()).isGreaterThanOrEqualTo(0.9 * before.bandwidth());
    }
}
