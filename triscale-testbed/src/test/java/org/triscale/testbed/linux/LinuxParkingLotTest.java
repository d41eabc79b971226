package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** A real two-hop parking lot on this kernel: each flow crosses the bottlenecks it should, nothing is left behind. */
@RequiresLinuxTestBed(qdisc = "pfifo", tool = "iperf3")
@ResourceLock("network-namespaces")
class LinuxParkingLotTest {
    @AfterEach
    void nothingLeft() {
        assertThat(LinuxTestBed.leftovers()).isEmpty();
    }

    @Test
    void aLongFlowCrossesBothHopsEachCrossFlowOnlyItsOwn() {
        TcpFlows.Result result;
        int longFlow;
        int cross1;
        int cross2;
        // Hop 2 slower than hop 1: the long flow is held to hop 2's rate, hop 1's cross flow is not.
        try (LinuxParkingLot bed = LinuxParkingLot.builder().hops(2).rate(TcRate.mbps(20)).rate(2, TcRate.mbps(6))
                .queue(Queue.pfifo(100)).build()) {
            longFlow = bed.longSender(0);
            cross1 = bed.crossSender(1);
            cross2 = bed.crossSender(2);
            assertThat(bed.senders()).isEqualTo(3);
            assertThat(bed.rate()).isEqualTo(TcRate.mbps(6));
            assertThat(bed.destinationAddress(cross1)).isEqualTo("198.19.1.1");
            assertThat(bed.testBed()).containsEntry("bottleneck.hop1", "htb rate 20000kbit, pfifo limit 100")
                    .containsEntry("bottleneck.hop2", "htb rate 6000kbit, pfifo limit 100")
                    .containsKeys("kernel", "topology", "cca.sender3");
            assertThatThrownBy(() -> bed.crossSender(3)).hasMessageContaining("hop 3 must be in [1, 2]");
            result = TcpFlows.run(bed, List.of(longFlow, cross1, cross2),
                    List.of(new TcpFlows.Flow(cross1, Duration.ZERO, 20_000), new TcpFlows.Flow(longFlow, Duration.ofMillis(100), 20_000)),
                    Duration.ofSeconds(1));
        }
        assertThat(result.throughputMbps()).containsOnlyKeys(longFlow, cross1, cross2);
        double longMbps = mean(result.throughputMbps().get(longFlow));
        double cross1Mbps = mean(result.throughputMbps().get(cross1));
        double cross2Mbps = mean(result.throughputMbps().get(cross2));
        // Hop 2 carries the long flow and its cross flow, hop 1 the long flow and the other one. The
        // means are of the senders' kernel counters on one clock; the margin covers when a poll's
        // snapshot falls within its ss command (tens of ms on a busy host) and htb's initial burst.
        assertThat(longMbps + cross2Mbps).as("hop 2's flows, Mbit/s").isBetween(1.0, 6.6);
        assertThat(longMbps + cross1Mbps).as("hop 1's flows, Mbit/s").isLessThan(22.0);
        // More than hop 2 can carry: hop 1's cross flow leaves the chain before hop 2.
        assertThat(cross1Mbps).as("hop 1's cross flow, Mbit/s").isGreaterThan(7.5);
        // Both workload flows (to the cross receiver of hop 1 and to the long flows' receiver) complete.
        assertThat(result.fctSeconds()).containsOnlyKeys(0, 1);
        assertThat(result.rttMs().get(longFlow)).isNotEmpty().allMatch(ms -> ms > 0 && ms < 400);
    }

    private static double mean(Map<Double, Double> flow) {
        return flow.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }
}
