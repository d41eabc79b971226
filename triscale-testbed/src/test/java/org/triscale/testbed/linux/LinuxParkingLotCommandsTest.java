package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command lines a parking lot runs, checked without root. */
class LinuxParkingLotCommandsTest {
    private static List<String> lines(LinuxParkingLot.Builder builder) {
        return builder.commands("p-").stream().map(c -> String.join(" ", c)).toList();
    }

    @Test
    void twoBottlenecksInTandemWithTheirOwnRatesAndTheQueueAsChild() {
        List<String> lines = lines(LinuxParkingLot.builder().hops(2).rate(TcRate.mbps(20)).rate(2, TcRate.mbps(10))
                .queue(Queue.pfifo(50)));
        assertThat(lines).containsSubsequence(
                "tc -n p-r1 qdisc add dev next root handle 1: htb default 1",
                "tc -n p-r1 class add dev next parent 1: classid 1:1 htb rate 20000kbit ceil 20000kbit",
                "tc -n p-r1 qdisc add dev next parent 1:1 handle 10: pfifo limit 50",
                "tc -n p-r2 qdisc add dev next root handle 1: htb default 1",
                "tc -n p-r2 class add dev next parent 1: classid 1:1 htb rate 10000kbit ceil 10000kbit",
                "tc -n p-r2 qdisc add dev next parent 1:1 handle 10: pfifo limit 50");
        // The last router holds no bottleneck: the receivers' links are unshaped.
        assertThat(lines).noneMatch(l -> l.startsWith("tc -n p-r3"));
        assertThat(lines).contains("ip netns exec p-r1 sysctl -q -w net.ipv4.ip_forward=1",
                "ip netns exec p-r3 sysctl -q -w net.ipv4.ip_forward=1");
    }

    @Test
    void longSendersEnterAtTheFirstRouterCrossSendersAtTheirHopAndRoutesPointDownAndUpstream() {
        List<String> lines = lines(LinuxParkingLot.builder().hops(2).longSenders(2).crossSenders(2)
                .congestionControl(0, "cubic").congestionControl(3, "bbr"));
        assertThat(lines).contains(
                // long senders at r1, their receiver behind r3
                "ip link add eth0 netns p-s1 type veth peer name s1 netns p-r1",
                "ip link add eth0 netns p-s2 type veth peer name s2 netns p-r1",
                "ip -n p-s2 addr add 198.18.2.1/24 dev eth0",
                "ip link add eth0 netns p-rx type veth peer name rx netns p-r3",
                "ip -n p-rx addr add 198.19.0.1/24 dev eth0",
                // cross senders of hop 1 at r1, of hop 2 at r2; their receivers one router downstream
                "ip link add eth0 netns p-c1s1 type veth peer name c1 netns p-r1",
                "ip link add eth0 netns p-c1s2 type veth peer name c2 netns p-r1",
                "ip -n p-c1s2 addr add 198.18.101.1/24 dev eth0",
                "ip link add eth0 netns p-c2s1 type veth peer name c1 netns p-r2",
                "ip -n p-c2s1 addr add 198.18.108.1/24 dev eth0",
                "ip link add eth0 netns p-x1 type veth peer name x1 netns p-r2",
                "ip link add eth0 netns p-x2 type veth peer name x2 netns p-r3",
                "ip -n p-x2 addr add 198.19.2.1/24 dev eth0",
                // the router chain
                "ip link add next netns p-r1 type veth peer name prev netns p-r2",
                "ip -n p-r2 addr add 198.18.202.1/24 dev next",
                "ip -n p-r1 route add 198.19.0.0/16 via 198.18.201.2",
                "ip -n p-r2 route add 198.18.0.0/16 via 198.18.201.1",
                "ip -n p-r3 route add 198.18.0.0/16 via 198.18.202.1",
                "ip -n p-c2s1 route add default via 198.18.108.2",
                // sender 3 is hop 1's second cross sender
                "ip netns exec p-s1 sysctl -q -w net.ipv4.tcp_congestion_control=cubic",
                "ip netns exec p-c1s2 sysctl -q -w net.ipv4.tcp_congestion_control=bbr",
                "ip netns exec p-c2s2 sysctl -q -w net.ipv4.tcp_no_metrics_save=1");
        assertThat(lines).noneMatch(l -> l.contains("netem"));
        assertThat(lines).allMatch(l -> l.matches("(ip netns (add|exec) p-|ip -n p-|tc -n p-|ip link add (eth0|next) netns p-).*"));
        assertThat(lines.stream().flatMap(l -> java.util.Arrays.stream(l.split(" ")))
                .filter(w -> w.matches("\\d+\\.\\d+\\.\\d+\\.\\d+(/\\d+)?")))
                .isNotEmpty().allMatch(a -> a.startsWith("198.18.") || a.startsWith("198.19."));
        List<String> netem = lines(LinuxParkingLot.builder().delay(Duration.ofMillis(10)));
        assertThat(netem).contains("tc -n p-r1 qdisc add dev s1 root netem delay 10000us limit 100000",
                "tc -n p-r2 qdisc add dev c1 root netem delay 10000us limit 100000");
    }

    @Test
    void badSettingsNameTheParameter() {
        assertThatThrownBy(() -> LinuxParkingLot.builder().hops(1)).hasMessageContaining("hops = 1 must be in [2, 8]")
                .hasMessageContaining("LinuxDumbbell");
        assertThatThrownBy(() -> LinuxParkingLot.builder().crossSenders(0)).hasMessageContaining("crossSenders = 0");
        assertThatThrownBy(() -> LinuxParkingLot.builder().longSenders(17)).hasMessageContaining("longSenders = 17");
        assertThatThrownBy(() -> LinuxParkingLot.builder().rate(2, TcRate.mbps(600)))
                .hasMessageContaining("rate(2, ...) = 600.0 Mbit/s must be at most 500.0 Mbit/s");
        assertThatThrownBy(() -> LinuxParkingLot.builder().hops(2).rate(3, TcRate.mbps(10)).commands("p-"))
                .hasMessageContaining("rate(3, ...) names no hop; hops = 2");
        assertThatThrownBy(() -> LinuxParkingLot.builder().congestionControl(3, "bbr").commands("p-"))
                .hasMessageContaining("congestionControl(3, ...) names no sender; senders = 3");
    }
}
