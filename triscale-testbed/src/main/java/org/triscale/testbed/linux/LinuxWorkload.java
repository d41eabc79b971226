package org.triscale.testbed.linux;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.apache.commons.rng.simple.RandomSource;
import org.apiguardian.api.API;
import org.triscale.emulator.workload.FctWorkload;
import org.triscale.emulator.workload.FlowSizes;

/**
 * Seeded FCT workloads for the Linux test bed, described as for the emulator ({@link FctWorkload}:
 * Poisson arrivals with a mean inter-arrival time, sizes from {@link FlowSizes} such as the
 * lognormal {@link FlowSizes#l4sWorkload()} of the tsvwg tests), so a test keeps its workload when
 * it switches backend. The flows are a function of the seed: same seed, same flows.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class LinuxWorkload {
    private LinuxWorkload() {
    }

    /**
     * Draws the flows of a Poisson workload that arrive within {@code span}: exponential gaps with
     * the workload's mean, from its start to its stop (or the span's end), sizes from its
     * distribution, all from one sender.
     *
     * @param workload the arrivals and sizes; on-off arrivals and incast ({@code fanIn > 1}) are refused
     * @param sender   the sender index, from 0
     * @param span     no flow arrives after this, 1 ms to 60 s
     * @param seed     the run's seed
     * @return the flows in arrival order, at most {@value TcpFlows#MAX_FLOWS}
     * @throws IllegalArgumentException on an unsupported workload, or one that would give more than
     *                                  {@value TcpFlows#MAX_FLOWS} flows in the span
     */
    // FctWorkload is the emulator's, an optional module: this method is for users of its workloads (by design).
    @SuppressWarnings("exports")
    public static List<TcpFlows.Flow> poisson(FctWorkload workload, int sender, Duration span, long seed) {
        Checks.notNull("workload", workload);
        Checks.notNull("span", span);
        if (workload.onOff().isPresent() || workload.fanIn() != 1) {
            throw new IllegalArgumentException("the Linux test bed draws plain Poisson arrivals: onOff = " + workload.onOff()
                    + ", fanIn = " + workload.fanIn() + " are not supported; use onOff empty and fanIn 1");
        }
        if (span.toMillis() < 1 || span.toSeconds() > 60) {
            throw new IllegalArgumentException("span = " + span + " must be in [1 ms, 60 s]");
        }
        double expected = (span.toNanos() - workload.start().toNanos()) / (double) workload.meanInterArrival().toNanos();
        if (expected > TcpFlows.MAX_FLOWS / 2.0) {
            throw new IllegalArgumentException("about " + Math.round(expected) + " flows would arrive in " + span
                    + ", at most " + TcpFlows.MAX_FLOWS / 2 + " expected are allowed; give a longer meanInterArrival");
        }
        UniformRandomProvider random = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        ZigguratSampler.Exponential gaps = ZigguratSampler.Exponential.of(random, workload.meanInterArrival().toNanos());
        FlowSizes.Sampler sizes = workload.sizes().sampler(random);
        long stop = Math.min(span.toNanos(), workload.stop().map(Duration::toNanos).orElse(Long.MAX_VALUE));
        List<TcpFlows.Flow> flows = new ArrayList<>();
        for (long t = workload.start().toNanos() + Math.round(gaps.sample()); t < stop && flows.size() < TcpFlows.MAX_FLOWS;
                t += Math.round(gaps.sample())) {
            flows.add(new TcpFlows.Flow(sender, Duration.ofNanos(t), sizes.next()));
        }
        return List.copyOf(flows);
    }
}
