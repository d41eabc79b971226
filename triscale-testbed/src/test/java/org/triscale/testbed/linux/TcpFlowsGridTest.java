package org.triscale.testbed.linux;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A kernel byte counter, read at irregular times, on the 100 ms grid: the steps' mean is a mean over time. */
class TcpFlowsGridTest {

    private static double mean(Map<Double, Double> flow) {
        return flow.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    private static TcpFlows.CounterSample at(double seconds, long bytes) {
        return new TcpFlows.CounterSample(seconds, bytes);
    }

    @Test
    void readingsAtIrregularTimesGiveStepsWhoseMeanIsTheBytesOverTheTime() {
        // 20 Mbit/s = 2.5e6 bytes/s; polls every 60 to 240 ms (a loaded poller), seeded.
        SplittableRandom random = new SplittableRandom(11);
        List<TcpFlows.CounterSample> samples = new ArrayList<>(List.of(at(0, 0)));
        double t = 0;
        while (t < 1.1) {
            t += 0.06 + 0.18 * random.nextDouble();
            samples.add(at(t, Math.round(2.5e6 * t)));
        }
        Map<Double, Double> flow = TcpFlows.counterOnGrid(samples, 1.0);
        assertThat(flow).hasSize(10).containsKeys(0.1, 0.5, 1.0);
        // A constant rate stays that rate in every step, whatever the polls' spacing.
        flow.values().forEach(mbps -> assertThat(mbps).isCloseTo(20.0, within(1e-4)));
        assertThat(mean(flow)).isCloseTo(2.5e6 * 8 / 1.0 / 1e6, within(1e-4));
    }

    @Test
    void theStepsMeanIsTheCountersIncreaseOverTheSpanForAnyRateProfile() {
        // A bursty counter (slow start, then steps): the mean over the grid is exactly Δbytes·8/Δt.
        List<TcpFlows.CounterSample> samples = List.of(at(0, 0), at(0.03, 0), at(0.17, 40_000), at(0.31, 400_000),
                at(0.62, 1_100_000), at(0.69, 1_100_000), at(0.83, 1_600_000), at(1.0, 2_000_000), at(1.07, 2_100_000));
        Map<Double, Double> flow = TcpFlows.counterOnGrid(samples, 1.0);
        assertThat(flow).hasSize(10);
        assertThat(mean(flow)).isCloseTo(2_000_000 * 8 / 1.0 / 1e6, within(1e-9));
        assertThat(flow.get(0.1)).isCloseTo(40_000 * 8 * (0.1 - 0.03) / 0.14 / 0.1 / 1e6, within(1e-9));
    }

    @Test
    void aFlatCounterGivesZero() {
        List<TcpFlows.CounterSample> samples = List.of(at(0, 0), at(0.1, 500_000), at(0.35, 500_000), at(0.6, 500_000));
        java.util.NavigableMap<Double, Double> flow = new java.util.TreeMap<>(TcpFlows.counterOnGrid(samples, 1.0));
        assertThat(flow).containsOnlyKeys(0.1, 0.2, 0.3, 0.4, 0.5, 0.6);
        assertThat(flow.get(0.1)).isCloseTo(40.0, within(1e-9));
        assertThat(flow.tailMap(0.15).values()).hasSize(5).containsOnly(0.0);
    }

    @Test
    void aPollGapSpreadsItsBytesOverTheStepsItCovers() {
        // The poller slept 400 ms: the 1e6 bytes of that gap are 20 Mbit/s in each step, not a burst in one.
        List<TcpFlows.CounterSample> samples = List.of(at(0, 0), at(0.1, 250_000), at(0.5, 1_250_000), at(0.6, 1_500_000));
        Map<Double, Double> flow = TcpFlows.counterOnGrid(samples, 1.0);
        assertThat(flow).hasSize(6);
        flow.values().forEach(mbps -> assertThat(mbps).isCloseTo(20.0, within(1e-9)));
    }

    @Test
    void stepsEndByTheRunsDurationAndWithinTheReadings() {
        List<TcpFlows.CounterSample> samples = List.of(at(0, 0), at(0.55, 100), at(1.4, 200));
        assertThat(TcpFlows.counterOnGrid(samples, 1.0)).hasSize(10).containsKey(1.0).doesNotContainKey(1.1);
        assertThat(TcpFlows.counterOnGrid(samples.subList(0, 2), 1.0)).containsOnlyKeys(0.1, 0.2, 0.3, 0.4, 0.5);
        assertThat(TcpFlows.counterOnGrid(samples.subList(0, 1), 1.0)).isEmpty();
    }

    @Test
    void aConnectionNotYetSeenCountsZeroAndOneGoneOrFallingAddsNothing() {
        List<TcpFlows.CounterSample> samples = new ArrayList<>(List.of(at(0, 0)));
        TcpFlows.addSample(samples, 0.1, -1);
        TcpFlows.addSample(samples, 0.2, 300_000);
        TcpFlows.addSample(samples, 0.3, -1);
        TcpFlows.addSample(samples, 0.4, 200);
        TcpFlows.addSample(samples, 0.5, 600_000);
        assertThat(samples).containsExactly(at(0, 0), at(0.1, 0), at(0.2, 300_000), at(0.5, 600_000));
    }

    @Test
    void aClientNotConnectedYetIsNotGoneButAFallAfterDataIs() {
        List<TcpFlows.CounterSample> samples = new ArrayList<>(List.of(at(0, 0)));
        assertThat(TcpFlows.connectionGone(samples, -1)).as("no connection before the first byte").isFalse();
        assertThat(TcpFlows.connectionGone(samples, 0)).as("a connection with nothing acked yet").isFalse();
        samples.add(at(0.1, 38));
        assertThat(TcpFlows.connectionGone(samples, 38)).as("a counter that stays").isFalse();
        assertThat(TcpFlows.connectionGone(samples, 1_000_000)).as("a counter that grows").isFalse();
        assertThat(TcpFlows.connectionGone(samples, 37)).as("only the control connection left").isTrue();
        assertThat(TcpFlows.connectionGone(samples, -1)).as("no connection left").isTrue();
    }

    @Test
    void theDataConnectionIsTheOneToTheFlowsPortThatCarriedTheMost() {
        String ss = """
                ESTAB 0      0      198.18.0.2:41000 198.18.1.2:5301
                \t cubic wscale:7,7 rto:204 rtt:0.1/0.05 mss:1448 bytes_sent:166 bytes_acked:167 bytes_received:4 segs_out:8
                ESTAB 0      912    198.18.0.2:41002 198.18.1.2:5301
                \t cubic wscale:7,7 rto:212 rtt:11.2/3.1 mss:1448 bytes_sent:2520000 bytes_acked:2412345 segs_out:1800
                ESTAB 0      0      198.18.0.2:41010 198.18.1.2:5201
                \t reno wscale:7,7 rto:204 rtt:5/2 mss:1448 bytes_sent:9000000 bytes_acked:9000000 segs_out:6000
                ESTAB 0      0      198.18.0.2:41012 198.18.1.2:53010
                \t reno wscale:7,7 rto:204 rtt:5/2 mss:1448 bytes_sent:8000000 bytes_acked:8000000 segs_out:6000
                """;
        assertThat(TcpFlows.dataBytesAcked(ss, 5301)).isEqualTo(2_412_345);
        // Just connected: no bytes_acked field yet.
        assertThat(TcpFlows.dataBytesAcked("SYN-SENT 0 1 198.18.0.2:41002 198.18.1.2:5302\n\t cubic rto:1000 mss:524\n", 5302)).isZero();
        assertThat(TcpFlows.dataBytesAcked(ss, 5302)).isEqualTo(-1);
        assertThat(TcpFlows.dataBytesAcked("", 5301)).isEqualTo(-1);
    }

    @Test
    void theClockStartsAtTheFirstDataOfAnyFlowAndStaysOneClockForAll() {
        // Polls every 100 ms from the long flows' start; the clients' start takes 0.3 s, flow 1
        // starts one poll after flow 0.
        Map<Integer, List<TcpFlows.CounterSample>> acked = Map.of(
                0, List.of(at(0, 0), at(0.1, 0), at(0.2, 0), at(0.3, 0), at(0.4, 1000), at(0.5, 5000)),
                1, List.of(at(0, 0), at(0.1, 0), at(0.2, 0), at(0.3, 0), at(0.4, 0), at(0.5, 2000)));
        Map<Integer, List<TcpFlows.CounterSample>> shifted = TcpFlows.fromFirstData(acked);
        // Time 0 is the last poll before flow 0's first byte (0.3 s); flow 1 keeps its lag of one poll.
        assertThat(shifted.get(0)).extracting(TcpFlows.CounterSample::bytes).containsExactly(0L, 1000L, 5000L);
        assertThat(shifted.get(0)).extracting(TcpFlows.CounterSample::seconds)
                .satisfiesExactly(t -> assertThat(t).isZero(), t -> assertThat(t).isCloseTo(0.1, within(1e-12)),
                        t -> assertThat(t).isCloseTo(0.2, within(1e-12)));
        assertThat(shifted.get(1)).extracting(TcpFlows.CounterSample::bytes).containsExactly(0L, 0L, 2000L);
        assertThat(shifted.get(1).get(2).seconds()).isCloseTo(0.2, within(1e-12));
        // Without any data, the readings stay as they were.
        assertThat(TcpFlows.fromFirstData(Map.of(0, List.of(at(0, 0), at(0.1, 0)))).get(0))
                .containsExactly(at(0, 0), at(0.1, 0));
    }
}
