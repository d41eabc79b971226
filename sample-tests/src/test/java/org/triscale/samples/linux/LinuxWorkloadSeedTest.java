package org.triscale.samples.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The Linux FCT workload is a function of its seed: same seed, same flows; another seed, others. */
class LinuxWorkloadSeedTest {
    @Test
    void sameSeedSameFlows() {
        var a = FctBesideALongFlowTests.workload(42, Duration.ofSeconds(2));
        assertThat(FctBesideALongFlowTests.workload(42, Duration.ofSeconds(2))).isEqualTo(a);
        assertThat(FctBesideALongFlowTests.workload(43, Duration.ofSeconds(2))).isNotEqualTo(a);
        // Poisson arrivals 100 ms apart on average over 2 s: about 20 flows.
        assertThat(a).hasSizeBetween(8, 40);
        assertThat(a).allMatch(f -> f.bytes() >= 1 && f.start().compareTo(Duration.ofSeconds(2)) < 0);
    }
}
