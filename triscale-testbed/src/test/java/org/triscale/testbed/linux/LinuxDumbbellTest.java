package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
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
        try (LinuxDumbbell bed = LinuxDumbbell.builder().senders(3).rate(TcRate.mbps(20)).queue(Queue.pfifo(100))
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
        Path flows = Path.of(words[3]);
        child.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(orphan.isAlive()).as("the process the killed JVM left in its namespace").isTrue();
        assertThat(Commands.run(List.of("ip", "netns", "list")).output()).contains(prefix);
        assertThat(flows).as("the traffic folder the killed JVM left").isDirectory();

        LinuxDumbbell.builder().build().close(); // the next launch's first dumbbell

        assertThat(Commands.run(List.of("ip", "netns", "list")).output()).doesNotContain(prefix);
        assertThat(orphan.onExit().get(5, TimeUnit.SECONDS).isAlive()).isFalse();
        assertThat(flows).doesNotExist();
    }

    @Test
    void aSigtermRemovesTheNamespacesAndTheTrafficFolder() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), KilledJvm.class.getName())
                .redirectErrorStream(true).start();
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream())).readLine();
        assertThat(line).as("child's output").startsWith("built ");
        String[] words = line.split(" ");
        child.destroy(); // SIGTERM: the shutdown hook runs
        assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(Commands.run(List.of("ip", "netns", "list")).output()).doesNotContain(LinuxDumbbell.PREFIX + child.pid() + "-");
        assertThat(Path.of(words[3])).doesNotExist();
    }

    /** Builds a dumbbell, starts a process in it, makes a traffic folder as a run does, and waits to be killed. */
    static final class KilledJvm {
        public static void main(String[] args) throws Exception {
            LinuxDumbbell bed = LinuxDumbbell.builder().build();
            Process sleeper = bed.exec(bed.receiver(), List.of("sleep", "60"));
            Path flows = LinuxTestBed.createFlowsFolder();
            java.nio.file.Files.writeString(flows.resolve("server0.json"), "{}");
            System.out.println("built " + bed.sender(0) + " " + sleeper.pid() + " " + flows);
            System.out.flush();
            Thread.sleep(60_000);
        }
    }

    @Test
    void aStaleNamespaceNamedAfterAReusedProcessIdDoesNotFailTheNextBuild() {
        long pid = ProcessHandle.current().pid();
        String token = LinuxTestBed.startToken(ProcessHandle.current());
        // As a dead JVM that had this JVM's process id left them: with an earlier start, and in
        // an earlier version's naming (no start), the very name this JVM's first build once took.
        String reused = LinuxDumbbell.PREFIX + pid + "-" + Long.toString(Long.parseLong(token, 36) - 60_000, 36) + "-0-rt";
        String earlier = LinuxDumbbell.PREFIX + pid + "-0-rt";
        try {
            assertThat(Commands.run(List.of("ip", "netns", "add", reused)).ok()).isTrue();
            assertThat(Commands.run(List.of("ip", "netns", "add", earlier)).ok()).isTrue();
            try (LinuxDumbbell bed = LinuxDumbbell.builder().build()) {
                assertThat(bed.router()).startsWith(LinuxDumbbell.PREFIX + LinuxTestBed.OWNER + "-");
            }
            List<String> names = Commands.run(List.of("ip", "netns", "list")).output().lines().map(l -> l.split("\\s+")[0]).toList();
            assertThat(names).doesNotContain(reused) // its owner is gone: removed
                    .contains(earlier); // its owner may be this JVM: kept, and no longer in the way
        } finally {
            Commands.run(List.of("ip", "-force", "-batch", "-"), "netns delete " + reused + "\nnetns delete " + earlier + "\n",
                    Commands.TIMEOUT_SECONDS);
        }
    }

    @Test
    void aClosedTestBedRefusesTrafficSayingItIsClosed() {
        LinuxDumbbell bed = LinuxDumbbell.builder().build();
        String receiver = bed.receiver();
        bed.close();
        assertThat(bed.isClosed()).isTrue();
        assertThatThrownBy(() -> TcpFlows.run(bed, List.of(), List.of(new TcpFlows.Flow(0, Duration.ZERO, 1000)), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("TcpFlows.run: test bed LinuxDumbbell " + bed.prefix() + "* is closed");
        assertThatThrownBy(() -> bed.exec(receiver, List.of("true"))).hasMessageContaining("exec: test bed LinuxDumbbell")
                .hasMessageContaining("is closed");
    }

    @Test
    void workloadFlowsStartingAfterTheRunsEndAreRefused() {
        try (LinuxDumbbell bed = LinuxDumbbell.builder().build()) {
            List<TcpFlows.Flow> flows = List.of(new TcpFlows.Flow(0, Duration.ofMillis(100), 1000),
                    new TcpFlows.Flow(0, Duration.ofMillis(1000), 1000), new TcpFlows.Flow(0, Duration.ofSeconds(5), 1000));
            assertThatThrownBy(() -> TcpFlows.run(bed, List.of(), flows, Duration.ofSeconds(1)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("2 workload flow(s) start at or after the run's end (PT1S)")
                    .hasMessageContaining("flow 1 starts at PT1S; all: 1, 2");
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
