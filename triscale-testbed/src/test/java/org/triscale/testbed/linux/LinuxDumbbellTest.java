package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** A real dumbbell on this kernel: traffic, fingerprint, and that nothing is left behind. */
@RequiresLinuxTestBed(qdisc = "pfifo", cca = {"reno", "bbr"})
@ResourceLock("network-namespaces")
class LinuxDumbbellTest {
    @AfterEach
    void nothingLeft() {
        assertThat(LinuxDumbbell.ownNamespaces()).isEmpty();
    }

    @Test
    void longFlowsAndAnFctWorkloadOverTwoKernelCcas() {
        List<TcpFlows.Flow> workload = List.of(new TcpFlows.Flow(0, Duration.ofMillis(300), 20_000),
                new TcpFlows.Flow(1, Duration.ofMillis(600), 200_000), new TcpFlows.Flow(0, Duration.ofMillis(900), 300_000));
        TcpFlows.Result result;
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(2).rate(Rate.mbps(20)).queue(Queue.pfifo(100))
                .congestionControl(0, "reno").congestionControl(1, "bbr").build()) {
            assertThat(bed.testBed()).containsEntry("cca.sender1", "reno").containsEntry("cca.sender2", "bbr")
                    .containsEntry("bottleneck", "htb rate 20000kbit, pfifo limit 100");
            result = TcpFlows.run(bed, List.of(0, 1), workload, Duration.ofSeconds(2));
        }
        assertThat(result.fctSeconds()).containsOnlyKeys(0, 1, 2);
        // 300 kB through at most 20 Mbit/s take at least 0.12 s.
        assertThat(result.fctSeconds().get(2)).isGreaterThan(0.12);
        double total = result.throughputMbps().values().stream().flatMap(m -> m.values().stream())
                .mapToDouble(Double::doubleValue).sum() / result.throughputMbps().get(0).size();
        assertThat(result.throughputMbps()).containsKeys(0, 1);
        assertThat(total).as("summed throughput per interval, Mbit/s").isBetween(5.0, 21.0);
        assertThat(result.rttMs()).containsKeys(0, 1);
        assertThat(result.cpuLoad()).isBetween(0.0, 1.0);
    }

    @Test
    void aFailedBuildRemovesWhatItMade() {
        assertThatThrownBy(() -> LinuxDumbbell.builder().queue(new Queue("pfifo", List.of("limit", "many"), "", false)).build())
                .hasMessageContaining("test-bed set-up failed: tc -n tsl-");
    }

    @Test
    void aMissingQdiscIsReportedWithWhatWasTried() {
        // Run only where the kernel lacks it, as here; elsewhere the message cannot be seen.
        org.junit.jupiter.api.Assumptions.assumeTrue(LinuxCapabilities.probe().qdisc("dualpi2").isPresent());
        assertThatThrownBy(() -> LinuxDumbbell.builder().queue(Queue.dualpi2()).build())
                .isInstanceOf(LinuxCapabilities.MissingCapabilityException.class)
                .hasMessageContaining("qdisc dualpi2 not in this kernel (tried: ip netns exec")
                .hasMessageContaining("tc qdisc add dev lo root dualpi2 → ");
    }

    @Test
    void namespacesOfAKilledJvmAreRemovedByTheNextBuild() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), KilledJvm.class.getName())
                .redirectErrorStream(true).start();
        String out = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String prefix = LinuxDumbbell.PREFIX + child.pid() + "-";
        assertThat(out).contains("built " + prefix);
        assertThat(LinuxDumbbell.removeStale()).isNotEmpty().allMatch(n -> n.startsWith(prefix));
        String left = Commands.run(List.of("ip", "netns", "list")).output();
        assertThat(left).doesNotContain(prefix);
    }

    /** Builds a dumbbell and dies without running shutdown hooks, like {@code kill -9}. */
    static final class KilledJvm {
        public static void main(String[] args) {
            LinuxDumbbell bed = LinuxDumbbell.builder().build();
            System.out.println("built " + bed.sender(0));
            System.out.flush();
            Runtime.getRuntime().halt(9);
        }
    }
}
