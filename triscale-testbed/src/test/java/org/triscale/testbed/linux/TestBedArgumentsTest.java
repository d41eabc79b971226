package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.emulator.workload.FctWorkload;

/**
 * The Linux test bed's arguments, names and leftovers, checked without root: rates, delays and
 * thresholds out of range, nulls, the owner of a name, missing programs.
 */
class TestBedArgumentsTest {
    @TempDir
    Path tmp;

    @Test
    void aRateThatIsNotANumberOrOutOfRangeIsRefusedNamingMbps() {
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -5, 0, 0.001, 1e300}) {
            assertThatThrownBy(() -> TcRate.mbps(bad)).as("TcRate.mbps(%s)", bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("TcRate.mbps(" + bad + "): mbps is out of range; it must be a finite number of Mbit/s")
                    .hasMessageNotContaining("rate 0 bit/s");
        }
        assertThat(TcRate.mbps(0.008).bitsPerSecond()).isEqualTo(8_000);
        assertThat(TcRate.mbps(10_000).bitsPerSecond()).isEqualTo(10_000_000_000L);
    }

    @Test
    void aDelayOfLessThanAMicrosecondIsRoundedUpNeverNetemZero() {
        for (Duration delay : List.of(Duration.ofNanos(1), Duration.ofNanos(999), Duration.ofNanos(1001), Duration.ofMillis(20))) {
            List<String> netem = LinuxDumbbell.builder().delay(delay).commands("p-").stream().map(c -> String.join(" ", c))
                    .filter(l -> l.contains("netem delay")).toList();
            long expected = (delay.toNanos() + 999) / 1000;
            assertThat(netem).as("delay %s", delay).singleElement().asString()
                    .contains("netem delay " + expected + "us ").doesNotContain(" 0us");
        }
        assertThat(LinuxTestBed.BaseBuilder.micros(Duration.ofNanos(1))).isEqualTo(1);
        assertThat(LinuxTestBed.BaseBuilder.micros(Duration.ofMillis(3))).isEqualTo(3000);
        assertThatThrownBy(() -> LinuxDumbbell.builder().delay(Duration.ofDays(400)))
                .hasMessageContaining("delay = PT9600H must be from 0 to PT1M");
        assertThatThrownBy(() -> LinuxDumbbell.builder().delay(Duration.ofNanos(-1))).hasMessageContaining("delay = PT-0.000000001S");
    }

    @Test
    void aSmallLossIsWrittenAsAPlainDecimalThatTcReads() {
        List<String> lines = LinuxDumbbell.builder().loss(1e-4).commands("p-").stream().map(c -> String.join(" ", c)).toList();
        assertThat(lines).anyMatch(l -> l.contains("netem loss 0.0001% ")).noneMatch(l -> l.contains("E-"));
    }

    @Test
    void redsBurstDoesNotOverflowAndItsLimitIsBounded() {
        // Near 2^30 the int sum 2 min + max overflowed into a negative burst.
        Queue red = Queue.red(1 << 29, (1 << 30) - 2, 1 << 30, TcRate.mbps(50));
        long burst = Long.parseLong(red.arguments().get(red.arguments().indexOf("burst") + 1));
        assertThat(burst).isEqualTo((2L * (1 << 29) + (1 << 30) - 2) / 4500 + 1).isPositive();
        assertThatThrownBy(() -> Queue.red(1 << 29, 1 << 30, Integer.MAX_VALUE, TcRate.mbps(50)))
                .hasMessageContaining("red limitBytes = 2147483647 must be at most 1073741824 bytes");
        assertThat(Queue.red(30000, 90000, 400000, TcRate.mbps(50)).arguments()).containsSequence("burst", "34");
    }

    @Test
    void nullArgumentsNameTheirParameter() {
        LinuxDumbbell.Builder builder = LinuxDumbbell.builder();
        assertThatThrownBy(() -> builder.rate(null)).isInstanceOf(NullPointerException.class).hasMessageStartingWith("rate is null");
        assertThatThrownBy(() -> builder.delay(null)).hasMessageStartingWith("delay is null");
        assertThatThrownBy(() -> builder.queue(null)).hasMessageStartingWith("queue is null");
        assertThatThrownBy(() -> builder.congestionControl(0, null)).hasMessageStartingWith("cca is null");
        assertThatThrownBy(() -> LinuxParkingLot.builder().rate(1, null)).hasMessageStartingWith("rate(1, ...) is null");
        assertThatThrownBy(() -> Queue.red(1, 2, 3, null)).hasMessageStartingWith("rate is null");
        assertThatThrownBy(() -> new Queue(null, List.of(), "", false)).hasMessageStartingWith("kind is null");
        assertThatThrownBy(() -> new TcpFlows.Flow(0, null, 1)).hasMessageStartingWith("start is null");
        assertThatThrownBy(() -> TcpFlows.run(null, List.of(), List.of(), Duration.ofSeconds(1))).hasMessageStartingWith("bed is null");
        assertThatThrownBy(() -> LinuxWorkload.poisson(null, 0, Duration.ofSeconds(1), 1)).hasMessageStartingWith("workload is null");
        assertThatThrownBy(() -> LinuxWorkload.poisson(FctWorkload.builder().build(), 0, null, 1)).hasMessageStartingWith("span is null");
        assertThatThrownBy(() -> new LinuxCapabilities.Requirement(null, List.of())).hasMessageStartingWith("qdiscs is null");
        assertThatThrownBy(() -> builder.congestionControl(-1, "reno")).hasMessageContaining("sender must be at least 0");
    }

    @Test
    void aMissingProgramIsNamedNotBlamedOnTheKernel() throws IOException {
        // A search path with ip and sysctl but without tc.
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        for (String program : List.of("ip", "sysctl")) {
            Path file = Files.createFile(bin.resolve(program));
            file.toFile().setExecutable(true);
        }
        LinuxCapabilities without = new LinuxCapabilities(bin.toString());
        assertThat(without.program("tc")).get().asString().startsWith("program tc not found on PATH (" + bin + ")")
                .contains("iproute2");
        assertThat(without.program("ip")).isEmpty();
        assertThat(without.tool("iperf3")).get().asString().startsWith("program iperf3 not found on PATH")
                .endsWith("e.g. apt-get install iperf3");
        if (without.namespaces().isEmpty()) { // root on Linux: the qdisc reason names tc, not the kernel
            assertThat(without.qdisc("htb")).get().asString().startsWith("program tc not found on PATH")
                    .doesNotContain("not in this kernel");
        }
        LinuxCapabilities noIp = new LinuxCapabilities(tmp.resolve("empty").toString());
        if (System.getProperty("os.name").startsWith("Linux") && "root".equals(System.getProperty("user.name"))) {
            assertThat(noIp.namespaces()).get().asString().startsWith("program ip not found on PATH");
        }
        assertThat(noIp.missing(new LinuxCapabilities.Requirement(List.of("htb"), List.of())))
                .allMatch(reason -> !reason.contains("not in this kernel"));
    }

    @Test
    void namesCarryTheOwnersStartSoThatAReusedProcessIdIsStale() throws Exception {
        long pid = ProcessHandle.current().pid();
        String token = LinuxTestBed.startToken(ProcessHandle.current());
        assertThat(LinuxTestBed.OWNER).isEqualTo(pid + "-" + token);
        assertThat(LinuxTestBed.alive(pid, token)).isTrue();
        // The same id with another start time: a later process that got the id of a dead one.
        String other = Long.toString(Long.parseLong(token, 36) - 1000, 36);
        assertThat(LinuxTestBed.staleNamespace(LinuxTestBed.PREFIX + pid + "-" + other + "-0-s1")).isTrue();
        assertThat(LinuxTestBed.staleNamespace(LinuxTestBed.PREFIX + LinuxTestBed.OWNER + "-0-s1")).isFalse();
        long dead = deadPid();
        assertThat(LinuxTestBed.staleNamespace(LinuxTestBed.PREFIX + dead + "-0-rt")).as("an earlier version's name").isTrue();
        assertThat(LinuxTestBed.staleNamespace(LinuxTestBed.PREFIX + pid + "-0-rt")).as("an earlier version's, owner alive").isFalse();
        assertThat(LinuxTestBed.staleNamespace("tsl-other")).isFalse();
        assertThat(LinuxTestBed.staleNamespace("mine-" + dead + "-0-rt")).isFalse();
    }

    @Test
    void staleFlowFoldersOfDeadOrReusedOwnersAreRemovedOthersAreKept() throws Exception {
        long pid = ProcessHandle.current().pid();
        String other = Long.toString(Long.parseLong(LinuxTestBed.startToken(ProcessHandle.current()), 36) - 1000, 36);
        long dead = deadPid();
        Path deadOwner = folderWithReport("triscale-flows-" + dead + "-abc-123");
        Path reusedPid = folderWithReport("triscale-flows-" + pid + "-" + other + "-456");
        Path mine = folderWithReport("triscale-flows-" + LinuxTestBed.OWNER + "-789");
        Path notOurs = folderWithReport("triscale-flows-of-someone");
        Path earlierOld = folderWithReport("triscale-flows-424242");
        Files.setLastModifiedTime(earlierOld, FileTime.from(Instant.now().minus(Duration.ofHours(2))));
        Path earlierNew = folderWithReport("triscale-flows-434343");
        Path target = folderWithReport("elsewhere");
        Path link = Files.createSymbolicLink(tmp.resolve("triscale-flows-" + dead + "-abc-999"), target);

        List<String> removed = LinuxTestBed.removeStaleFolders(tmp);

        assertThat(removed).containsExactlyInAnyOrder(deadOwner.toString(), reusedPid.toString(), earlierOld.toString());
        assertThat(deadOwner).doesNotExist();
        assertThat(reusedPid).doesNotExist();
        assertThat(mine).isDirectory();
        assertThat(notOurs).isDirectory();
        assertThat(earlierNew).isDirectory();
        assertThat(link).isSymbolicLink();
        assertThat(target.resolve("server0.json")).exists();
    }

    @Test
    void aFlowsFolderIsNamedAfterItsOwner() throws IOException {
        Path folder = LinuxTestBed.createFlowsFolder();
        try {
            assertThat(folder.getFileName().toString()).startsWith("triscale-flows-" + LinuxTestBed.OWNER + "-");
            assertThat(LinuxTestBed.removeStaleFolders(folder.getParent())).doesNotContain(folder.toString());
        } finally {
            assertThat(LinuxTestBed.deleteFolder(folder)).isTrue();
        }
        assertThat(folder).doesNotExist();
    }

    private Path folderWithReport(String name) throws IOException {
        Path folder = Files.createDirectory(tmp.resolve(name));
        Files.writeString(folder.resolve("server0.json"), "{}");
        return folder;
    }

    /** The id of a process that has ended. */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return p.pid();
    }
}
