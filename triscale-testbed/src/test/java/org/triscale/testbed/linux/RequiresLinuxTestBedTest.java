package org.triscale.testbed.linux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** A missing piece skips a test with the reason, never fails it. */
class RequiresLinuxTestBedTest {
    @Test
    void aMissingToolSkipsWithWhatWasTried() {
        List<Event> skipped = EngineTestKit.engine("junit-jupiter").selectors(selectClass(NeedsAMissingTool.class))
                .execute().allEvents().skipped().list();
        assertThat(skipped).hasSize(1);
        String reason = skipped.get(0).getPayload(String.class).orElseThrow();
        // Without root or namespaces the first reason says that; with them, what the tool probe said.
        assertThat(reason).matches("(not root .*|cannot create a network namespace .*|not Linux .*"
                + "|program no-such-traffic-tool not found on PATH \\(.*\\); e\\.g\\. apt-get install no-such-traffic-tool)");
    }

    @Test
    void aMissingQdiscSkipsWithTheKernelsAnswer() {
        org.junit.jupiter.api.Assumptions.assumeTrue(LinuxCapabilities.probe().namespaces().isEmpty()
                && LinuxCapabilities.probe().qdisc("dualpi2").isPresent(), "only where namespaces work and dualpi2 is missing");
        List<Event> skipped = EngineTestKit.engine("junit-jupiter").selectors(selectClass(NeedsDualPi2.class))
                .execute().allEvents().skipped().list();
        assertThat(skipped).singleElement().satisfies(e -> assertThat(e.getPayload(String.class).orElseThrow())
                .startsWith("qdisc dualpi2 not in this kernel (tried: ip netns exec tsl-")
                .contains("tc qdisc add dev lo root dualpi2 → ")
                .satisfies(reason -> assertThat(reason.split("qdisc dualpi2 not in this kernel", -1))
                        .as("each missing piece named once").hasSize(2)));
    }

    /** Needs a program no machine has. */
    @RequiresLinuxTestBed(tool = "no-such-traffic-tool")
    static class NeedsAMissingTool {
        @Test
        void never() {
            throw new AssertionError("must be skipped");
        }
    }

    /** Needs DualPI2. */
    @RequiresLinuxTestBed(qdisc = "dualpi2")
    static class NeedsDualPi2 {
        @Test
        void never() {
            throw new AssertionError("must be skipped");
        }
    }
}
