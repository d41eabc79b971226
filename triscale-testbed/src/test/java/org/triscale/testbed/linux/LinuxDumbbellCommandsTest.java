package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The command lines a dumbbell runs, checked without root. */
class LinuxDumbbellCommandsTest {
    static List<Arguments> queues() {
        return List.of(
                Arguments.of(Queue.pfifo(100), false, "pfifo limit 100"),
                Arguments.of(Queue.bfifo(150000), true, "bfifo limit 150000"),
                Arguments.of(Queue.fqCodel(10240), false, "fq_codel limit 10240"),
                Arguments.of(Queue.fqCodel(10240), true, "fq_codel limit 10240 ecn"),
                Arguments.of(Queue.fqCodelFlows1(1000), true, "fq_codel limit 1000 flows 1 ecn"),
                Arguments.of(Queue.cake(), true, "cake unlimited"),
                Arguments.of(Queue.pie(1000), true, "pie limit 1000 ecn"),
                Arguments.of(Queue.fqPie(1000), false, "fq_pie limit 1000"),
                Arguments.of(Queue.red(30000, 90000, 400000, TcRate.mbps(50)), true,
                        "red limit 400000 min 30000 max 90000 avpkt 1500 burst 34 bandwidth 50000kbit ecn"),
                Arguments.of(Queue.dualpi2(), true, "dualpi2"));
    }

    @ParameterizedTest
    @MethodSource("queues")
    void bottleneckIsHtbWithTheQueueAsChild(Queue queue, boolean ecn, String leaf) {
        List<String> lines = LinuxDumbbell.builder().rate(TcRate.mbps(50)).queue(queue).ecn(ecn).commands("p-")
                .stream().map(c -> String.join(" ", c)).toList();
        assertThat(lines).containsSubsequence(
                "tc -n p-rt qdisc add dev rx root handle 1: htb default 1",
                "tc -n p-rt class add dev rx parent 1: classid 1:1 htb rate 50000kbit ceil 50000kbit",
                "tc -n p-rt qdisc add dev rx parent 1:1 handle 10: " + leaf);
        assertThat(lines).contains("ip netns exec p-s1 sysctl -q -w net.ipv4.tcp_ecn=" + (ecn ? 1 : 0));
    }

    @Test
    void sendersGetTheirOwnCcaAddressesFromTheBenchmarkingRangeAndNetemOnlyWhenAsked() {
        List<String> lines = LinuxDumbbell.builder().senders(2).congestionControl(0, "cubic").congestionControl(1, "bbr")
                .commands("p-").stream().map(c -> String.join(" ", c)).toList();
        assertThat(lines).contains("ip netns exec p-s1 sysctl -q -w net.ipv4.tcp_congestion_control=cubic",
                "ip netns exec p-s2 sysctl -q -w net.ipv4.tcp_congestion_control=bbr",
                "ip -n p-s2 addr add 198.18.2.1/24 dev eth0", "ip -n p-rx addr add 198.19.0.1/24 dev eth0",
                "ip link add eth0 netns p-s1 type veth peer name s1 netns p-rt");
        assertThat(lines).noneMatch(l -> l.contains("netem"));
        // By default packets are at most one MTU, and no TCP metrics carry over between runs.
        assertThat(lines).contains("ip -n p-rt link set dev rx gso_max_size 1514 gro_max_size 1514 up",
                "ip netns exec p-s2 sysctl -q -w net.ipv4.tcp_no_metrics_save=1");
        // Only namespaces of its own: every command names one ("netns add/exec", "-n") with the prefix.
        assertThat(lines).allMatch(l -> l.matches("(ip netns (add|exec) p-|ip -n p-|tc -n p-|ip link add eth0 netns p-).*"));
        assertThat(lines.stream().flatMap(l -> java.util.Arrays.stream(l.split(" ")))
                .filter(w -> w.matches("\\d+\\.\\d+\\.\\d+\\.\\d+(/\\d+)?")))
                .allMatch(a -> a.startsWith("198.18.") || a.startsWith("198.19."));

        List<String> netem = LinuxDumbbell.builder().delay(Duration.ofMillis(20)).loss(0.5).gsoMaxSize(65536)
                .commands("p-").stream().map(c -> String.join(" ", c)).toList();
        assertThat(netem).contains("tc -n p-rt qdisc add dev s1 root netem delay 20000us limit 100000",
                "tc -n p-s1 qdisc add dev eth0 root netem loss 0.5% limit 100000",
                "ip -n p-s1 link set dev eth0 gso_max_size 65536 gro_max_size 65536 up");
        assertThat(LinuxDumbbell.builder().delay(Duration.ofMillis(20)).requirement().qdiscs()).contains("netem", "htb", "pfifo");
    }

    @Test
    void badSettingsNameTheParameter() {
        assertThatThrownBy(() -> LinuxDumbbell.builder().senders(0)).hasMessageContaining("senders = 0");
        assertThatThrownBy(() -> Queue.pfifo(0)).hasMessageContaining("packets = 0");
        assertThatThrownBy(() -> TcRate.mbps(0)).hasMessageContaining("out of range");
        assertThatThrownBy(() -> LinuxDumbbell.builder().rate(TcRate.mbps(800)))
                .hasMessageContaining("rate = 800.0 Mbit/s must be at most 500.0 Mbit/s");
        assertThatThrownBy(() -> LinuxDumbbell.builder().congestionControl(3, "bbr").commands("p-"))
                .hasMessageContaining("congestionControl(3, ...) names no sender");
        assertThatThrownBy(() -> LinuxDumbbell.builder().congestionControl(0, "bbr; rm")).hasMessageContaining("not a kernel CCA name");
    }
}
