package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.triscale.emulator.workload.FctWorkload;

/** The seeded workload of the Linux test bed, without root. */
class LinuxWorkloadTest {
    private final FctWorkload spec = FctWorkload.builder().meanInterArrival(Duration.ofMillis(100)).build();

    @Test
    void sameSeedSameFlowsAnotherSeedOthers() {
        List<TcpFlows.Flow> a = LinuxWorkload.poisson(spec, 0, Duration.ofSeconds(2), 42);
        assertThat(LinuxWorkload.poisson(spec, 0, Duration.ofSeconds(2), 42)).isEqualTo(a);
        assertThat(LinuxWorkload.poisson(spec, 0, Duration.ofSeconds(2), 43)).isNotEqualTo(a);
        assertThat(a).allMatch(f -> f.sender() == 0 && f.bytes() >= 1 && f.start().compareTo(Duration.ofSeconds(2)) < 0);
        assertThat(a).isSortedAccordingTo(java.util.Comparator.comparing(TcpFlows.Flow::start));
    }

    @Test
    void countAndSizesFollowTheWorkload() {
        // 400 seeds of a 2 s span at 100 ms: the count is Poisson(20), its mean 20 +- 3 standard errors
        // (sd of the mean sqrt(20 / 400) = 0.22); sizes follow the lognormal's median (sizes P5 64 KiB,
        // P95 2 MiB: median sqrt(64 Ki * 2 Mi) = 370 KiB).
        double count = 0;
        List<Long> sizes = new java.util.ArrayList<>();
        for (long seed = 0; seed < 400; seed++) {
            List<TcpFlows.Flow> flows = LinuxWorkload.poisson(spec, 0, Duration.ofSeconds(2), seed);
            count += flows.size();
            flows.forEach(f -> sizes.add(f.bytes()));
        }
        assertThat(count / 400).isBetween(20 - 3 * 0.224, 20 + 3 * 0.224);
        double below = sizes.stream().filter(b -> b < Math.sqrt(65536.0 * 2097152)).count() / (double) sizes.size();
        assertThat(below).as("share below the median").isBetween(0.47, 0.53);
    }

    @Test
    void unsupportedWorkloadsAreRefusedWithTheFix() {
        FctWorkload incast = FctWorkload.builder().fanIn(8).build();
        assertThatThrownBy(() -> LinuxWorkload.poisson(incast, 0, Duration.ofSeconds(1), 1))
                .hasMessageContaining("fanIn = 8 are not supported; use onOff empty and fanIn 1");
        FctWorkload dense = FctWorkload.builder().meanInterArrival(Duration.ofMillis(1)).build();
        assertThatThrownBy(() -> LinuxWorkload.poisson(dense, 0, Duration.ofSeconds(10), 1))
                .hasMessageContaining("about 10000 flows would arrive");
    }
}
