package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.triscale.emulator.workload.FctWorkload;
import org.triscale.emulator.workload.FlowSizes;

/** A real dumbbell on this kernel: traffic, fingerprint, and that nothing is left behind. */
@RequiresLinuxTestBed(qdisc = "pfifo")
@ResourceLock("network-namespaces")
class LinuxDumbbellTest {
    @AfterEach
    void nothingLeft() {
        assertThat(LinuxDumbbell.leftovers()).isEmpty();
    }

    // Reno for the workload: every kernel lets a namespace take it as its default.
    @Test
    @RequiresLinuxTestBed(cca = {"cubic", "bbr"}, namespaceCca = "reno", tool = "iperf3")
    void longFlowsOfTwoKernelCcasAndASeededWorkloadWhoseFlowsAllComplete() {
        FctWorkload spec = FctWorkload.builder().meanInterArrival(Duration.ofMillis(100))
                .sizes(FlowSizes.logNormal(8_000, 150_000)).build();
        List<TcpFlows.Flow> workload = LinuxWorkload.poisson(spec, 2, Duration.ofMillis(700), 7);
        assertThat(workload).hasSizeBetween(3, 20);
        TcpFlows.Result result;
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(3).rate(Rate.mbps(20)).queue(Queue.pfifo(100))
                .congestionControl(0, "cubic").congestionControl(1, "bbr").congestionControl(2, "reno").build()) {
            assertThat(bed.testBed()).containsEntry("cca.sender1", "cubic").containsEntry("cca.sender2", "bbr")
                    .containsEntry("cca.sender3.namespaceDefault", "reno")
                    .containsEntry("bottleneck", "htb rate 20000kbit, pfifo limit 100");
            result = TcpFlows.run(bed, List.of(0, 1), workload, Duration.ofSeconds(1));
        }
        // FCTs come back for every flow: all are small enough to complete within the run's bound.
        assertThat(result.fctSeconds()).containsOnlyKeys(IntStream.range(0, workload.size()).boxed().toList());
        long largest = workload.stream().mapToLong(TcpFlows.Flow::bytes).max().orElseThrow();
        int largestId = IntStream.range(0, workload.size()).filter(i -> workload.get(i).bytes() == largest).findFirst().orElseThrow();
        // No flow beats the bottleneck: its bytes take at least bytes * 8 / 20 Mbit/s.
        assertThat(result.fctSeconds().get(largestId)).isGreaterThan(largest * 8 / 20e6);
        assertThat(result.throughputMbps()).containsOnlyKeys(0, 1);
        assertThat(result.throughputMbps().get(0)).hasSizeBetween(9, 10);
        assertThat(result.meanTotalMbps()).as("summed long-flow throughput, Mbit/s").isBetween(5.0, 20.5);
        // A 100-packet FIFO at 20 Mbit/s holds 60 ms: RTTs stay below that plus scheduling noise.
        assertThat(result.rttMs().get(0)).isNotEmpty().allMatch(ms -> ms > 0 && ms < 200);
        assertThat(result.cpuLoad()).isBetween(0.0, 1.0);
        assertThat(result.cpuNote()).startsWith("host CPU load ");
    }

    @Test
    void aFailingRunLeavesNoProcessAndNoNamespace() throws Exception {
        ProcessHandle shell;
        ProcessHandle grandchild;
        try (LinuxDumbbell bed = LinuxDumbbell.builder().build()) {
            Process p = bed.exec(bed.receiver(), List.of("sh", "-c", "sleep 30 & wait"));
            shell = p.toHandle();
            for (int i = 0; i < 100 && shell.children().findAny().isEmpty(); i++) {
                Thread.sleep(10);
            }
            grandchild = shell.children().findFirst().orElseThrow();
            assertThatThrownBy(() -> TcpFlows.run(bed, List.of(3), List.of(), Duration.ofSeconds(1)))
                    .hasMessageContaining("longFlow names sender 3, the test bed has senders 0 to 0");
            assertThatThrownBy(() -> TcpFlows.run(bed, List.of(0, 0), List.of(), Duration.ofSeconds(1)))
                    .hasMessageContaining("longFlow = [0, 0] names a sender twice");
        }
        assertThat(shell.isAlive()).isFalse();
        assertThat(grandchild.onExit().get(5, TimeUnit.SECONDS).isAlive()).isFalse();
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
        assertThat(LinuxCapabilities.probe().cca("no_such_cca")).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("congestion control no_such_cca not in this kernel (tried: ").contains("available: ");
        assertThat(LinuxCapabilities.probe().report()).containsKey("qdisc.dualpi2").containsKey("cca.available");
    }

    @Test
    void whatAKillMinus9LeftIsRemovedByTheNextLaunch() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), KilledJvm.class.getName())
                .redirectErrorStream(true).start();
        var out = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream()));
        String line = out.readLine();
        assertThat(line).as("child's output").startsWith("built ");
        String[] words = line.split(" ");
        String prefix = LinuxDumbbell.PREFIX + child.pid() + "-";
        assertThat(words[1]).startsWith(prefix);
        ProcessHandle orphan = ProcessHandle.of(Long.parseLong(words[2])).orElseThrow();
        child.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(orphan.isAlive()).as("the process the killed JVM left in its namespace").isTrue();
        assertThat(Commands.run(List.of("ip", "netns", "list")).output()).contains(prefix);

        LinuxDumbbell.builder().build().close(); // the next launch's first dumbbell

        assertThat(Commands.run(List.of("ip", "netns", "list")).output()).doesNotContain(prefix);
        assertThat(orphan.onExit().get(5, TimeUnit.SECONDS).isAlive()).isFalse();
    }

    /** Builds a dumbbell, starts a process in it, and waits to be killed. */
    static final class KilledJvm {
        public static void main(String[] args) throws Exception {
            LinuxDumbbell bed = LinuxDumbbell.builder().build();
            Process sleeper = bed.exec(bed.receiver(), List.of("sleep", "60"));
            System.out.println("built " + bed.sender(0) + " " + sleeper.pid());
            System.out.flush();
            Thread.sleep(60_000);
        }
    }

    @Test
    @RequiresLinuxTestBed(cca = "cubic")
    void workloadFlowsNeedTheirCcaAsTheNamespaceDefault() {
        // Only where a namespace may not take cubic as its default, as here (allowed: reno bbr).
        org.junit.jupiter.api.Assumptions.assumeTrue(LinuxCapabilities.probe().namespaceDefaultCca("cubic").isPresent());
        try (LinuxDumbbell bed = LinuxDumbbell.builder().congestionControl(0, "cubic").build()) {
            assertThat(bed.testBed()).containsEntry("cca.sender1", "cubic");
            assertThatThrownBy(() -> TcpFlows.run(bed, List.of(), List.of(new TcpFlows.Flow(0, Duration.ZERO, 1000)),
                    Duration.ofSeconds(1)))
                    .isInstanceOf(LinuxCapabilities.MissingCapabilityException.class)
                    .hasMessageContaining("workload flows of sender 0 need cubic as the namespace's default")
                    .hasMessageContaining("allowed in namespaces: ");
        }
    }
}
