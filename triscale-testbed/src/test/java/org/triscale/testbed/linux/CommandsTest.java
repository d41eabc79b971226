package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** Set-up commands are bounded and killed with their descendants, without root. */
@EnabledOnOs(OS.LINUX)
class CommandsTest {
    @Test
    void aHangingCommandIsKilledWithItsChildrenAtTheTimeout() throws Exception {
        long start = System.nanoTime();
        Commands.Outcome outcome = Commands.run(List.of("sh", "-c", "echo started; sleep 60 & sleep 60"), 1);
        assertThat((System.nanoTime() - start) / 1e9).isBetween(0.9, 4.0);
        assertThat(outcome.exitCode()).isEqualTo(-1);
        assertThat(outcome.describe()).isEqualTo("sh -c echo started; sleep 60 & sleep 60 → timed out after 1 s");
        assertThat(ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("").contains("sleep 60")))
                .isEmpty();
    }

    @Test
    void anOutcomeSaysTheCommandAndItsFirstLine() {
        Commands.Outcome outcome = Commands.run(List.of("sh", "-c", "echo first; echo second; exit 3"));
        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.describe()).isEqualTo("sh -c echo first; echo second; exit 3 → first");
    }

    @Test
    void aParkingLotIsSetUpByAFewBatchesThatKeepEveryCommandAndItsOrderPerNamespace() {
        List<List<String>> commands = LinuxParkingLot.builder().hops(2).congestionControl(0, "bbr").commands("p-");
        java.util.function.Predicate<List<String>> cca = c -> String.join(" ", c).contains("tcp_congestion_control=");
        List<Commands.Batch> plan = Commands.plan(commands, cca);
        assertThat(commands).hasSizeGreaterThan(80);
        assertThat(plan).hasSizeLessThan(30);
        // Namespaces first, then the veths, then per namespace: ip, tc, sysctl; the tolerated CCA last.
        assertThat(plan.get(0).command()).isEqualTo(List.of("ip", "-batch", "-"));
        assertThat(plan.get(0).lines()).allMatch(l -> l.startsWith("netns add p-")).hasSize(9);
        assertThat(plan.get(1).lines()).allMatch(l -> l.startsWith("link add ")).hasSize(8); // 3 senders, 2 router links, 3 receivers
        assertThat(plan.get(plan.size() - 1)).isEqualTo(new Commands.Batch(
                List.of("ip", "netns", "exec", "p-s1", "sysctl", "-q", "-w", "net.ipv4.tcp_congestion_control=bbr"), List.of(), true));
        // Every command is in the plan once, and a namespace's commands keep their order.
        List<String> unbatched = new java.util.ArrayList<>();
        for (Commands.Batch b : plan) {
            List<String> tool = b.command().subList(0, b.lines().isEmpty() ? b.command().size() : b.command().size() - 2);
            if (b.lines().isEmpty() && b.command().size() > 8) {
                b.command().subList(7, b.command().size()).forEach(s -> unbatched.add(String.join(" ", tool.subList(0, 7)) + " " + s));
            } else if (b.lines().isEmpty()) {
                unbatched.add(String.join(" ", tool));
            } else {
                b.lines().forEach(l -> unbatched.add(String.join(" ", tool) + " " + l));
            }
        }
        List<String> given = commands.stream().map(c -> String.join(" ", c)).toList();
        assertThat(unbatched).containsExactlyInAnyOrderElementsOf(given);
        for (String ns : List.of("p-r1", "p-r2", "p-c1s1", "p-rx")) {
            String mark = "-n " + ns + " ";
            assertThat(unbatched.stream().filter(l -> l.startsWith("ip " + mark)).toList())
                    .isEqualTo(given.stream().filter(l -> l.startsWith("ip " + mark)).toList());
            assertThat(unbatched.stream().filter(l -> l.startsWith("tc " + mark)).toList())
                    .isEqualTo(given.stream().filter(l -> l.startsWith("tc " + mark)).toList());
        }
        // Anything else runs one by one, as given.
        List<List<String>> other = List.of(List.of("ip", "netns", "add", "p-a"), List.of("true"));
        assertThat(Commands.plan(other, cca)).extracting(Commands.Batch::command).containsExactlyElementsOf(other);
    }
}
