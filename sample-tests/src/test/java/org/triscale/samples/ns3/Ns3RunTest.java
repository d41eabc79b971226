package org.triscale.samples.ns3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/**
 * The real simulator behind the backend: skipped without ns-3 (the skip message says how to install
 * it), a failure without it when {@code triscale.samples.backend=ns3}. Short simulated times keep each
 * run to about a second of wall time.
 */
class Ns3RunTest {
    private static final Duration BOUND = Duration.ofSeconds(120);
    /** Goodput of a full 1500-byte-MTU link: 1448 payload bytes per 1502 bytes on the wire (PPP). */
    private static final double GOODPUT_SHARE = 1448.0 / 1502.0;

    private Ns3 ns3;

    /** Per test rather than per class, so that each skipped test shows up as skipped with the message. */
    @BeforeEach
    void ns3() {
        ns3 = Ns3.requireOrSkip(TestAbortedException::new);
    }

    @Test
    void compilesTheScenarioOnceIntoTheCacheThenReusesIt() {
        Ns3Compiler.Result first = ns3.compiler().ensureCompiled(Ns3.SCENARIO, Ns3.scenarioSource());
        Ns3Compiler.Result again = ns3.compiler().ensureCompiled(Ns3.SCENARIO, Ns3.scenarioSource());

        assertThat(again.compiledNow()).isFalse();
        assertThat(again.executable()).isEqualTo(first.executable()).isEqualTo(ns3.executable()).isExecutable();
        assertThat(first.executable()).isEqualTo(Ns3.defaultCacheDirectory().toAbsolutePath().normalize()
                .resolve(first.cacheKey()).resolve("dumbbell"));
    }

    @Test
    void bulkCubicFlowFillsTheLinkWithABdpBuffer() {
        // BDP = 50 Mbit/s * 40 ms / (1500 B * 8) = 167 packets.
        Ns3Trace trace = ns3.run(Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(40).bufferPackets(167)
                .cca(Cca.CUBIC).bulk().duration(Duration.ofSeconds(8)).build(), 1, BOUND);

        Ns3Summary summary = trace.summary();
        assertThat(summary.utilisation()).isGreaterThanOrEqualTo(0.90).isLessThanOrEqualTo(1.0);
        assertThat(summary.drops()).as("a loss-based CCA fills the buffer").isPositive();
        assertThat(summary.marks()).isZero();
        assertThat(summary.queue()).isEqualTo("fifo");
        assertThat(trace.flows()).singleElement().satisfies(flow -> {
            assertThat(flow.kind()).isEqualTo(FlowKind.BULK);
            assertThat(flow.cca()).isEqualTo(Cca.CUBIC);
            assertThat(flow.rttMs()).isEqualTo(40.0);
            assertThat(flow.completed()).isFalse();
        });
        TimeSeries steady = trace.throughput(0).between(4, 8.01);
        assertThat(mean(steady.values())).isGreaterThanOrEqualTo(0.90 * 50 * GOODPUT_SHARE);
        assertThat(trace.throughput().size()).isEqualTo(80);
        // The queue never holds more than the buffer: 167 packets drain in 167 * 0.24 ms.
        double[] delays = trace.queueDelayMs().values();
        assertThat(max(delays)).isGreaterThan(20).isLessThanOrEqualTo(167 * 1500 * 8 / 50e3 + 0.5);
        assertThat(trace.queueDelayMs().size()).isEqualTo((int) summary.queueDelaySamples());
    }

    @Test
    void dctcpKeepsTheQueueNearItsMarkingThreshold() {
        Ns3Trace trace = ns3.run(Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(40).bufferPackets(167)
                .cca(Cca.DCTCP).duration(Duration.ofSeconds(5)).build(), 1, BOUND);

        Ns3Summary summary = trace.summary();
        assertThat(summary.queue()).isEqualTo("red");
        assertThat(summary.ecnThresholdPackets()).isEqualTo(24); // ceil(167 / 7)
        assertThat(summary.marks()).isPositive();
        assertThat(summary.drops()).isZero();
        double kDelayMs = 24 * 1500 * 8 / 50e3;
        assertThat(percentile(trace.queueDelayMs().values(), 0.95)).isLessThanOrEqualTo(2 * kDelayMs);
    }

    @Test
    void fctWorkloadCompletesItsFlowsNoFasterThanPhysicsAllows() {
        Ns3Trace trace = ns3.run(Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(20).bufferPackets(100)
                .cca(Cca.CUBIC).fct().duration(Duration.ofSeconds(15)).drain(Duration.ofSeconds(5)).build(), 3, BOUND);

        List<Ns3Flow> flows = trace.fctFlows();
        // Poisson arrivals, mean 75 in 15 s: within 4 standard deviations (sqrt(75) = 8.7).
        assertThat(flows.size()).isBetween(40, 110).isEqualTo(trace.summary().fctFlows());
        assertThat(trace.completionRatio()).isGreaterThanOrEqualTo(0.95);
        for (Ns3Flow flow : flows) {
            assertThat(flow.startSeconds()).isBetween(0.0, 15.0);
            flow.fct().ifPresent(fct -> {
                // Handshake (1 RTT) + last byte's one-way trip (RTT / 2) + serialisation at the bottleneck.
                double floor = 1.5 * 0.020 + flow.sizeBytes() * 8 / 50e6;
                assertThat(fct).as("flow %d", flow.id()).isGreaterThanOrEqualTo(floor);
                assertThat(flow.receivedBytes()).isEqualTo(flow.sizeBytes());
            });
        }
    }

    @Test
    void fctSizesFollowTheLognormalWithTheGivenPercentiles() {
        // Sizes are drawn independently of the load: many quick arrivals give a large sample cheaply.
        Ns3Trace trace = ns3.run(Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(20).fct()
                .meanInterArrival(Duration.ofMillis(4)).duration(Duration.ofSeconds(3))
                .sampleInterval(Duration.ofSeconds(1)).queueDelayEvery(1000).build(), 11, BOUND);

        double[] sizes = trace.fctFlows().stream().mapToDouble(Ns3Flow::sizeBytes).toArray();
        int n = sizes.length;
        assertThat(n).isGreaterThan(500);
        // Parameters from the percentiles: ln P5 and ln P95 lie 1.645 sigma either side of mu.
        double z95 = 1.6448536269514722;
        double mu = (Math.log(65_536) + Math.log(2_097_152)) / 2;
        double sigma = (Math.log(2_097_152) - Math.log(65_536)) / (2 * z95);
        LogNormalDistribution expected = LogNormalDistribution.of(mu, sigma);
        assertThat(expected.inverseCumulativeProbability(0.05)).isCloseTo(65_536, org.assertj.core.data.Offset.offset(1.0));
        // Share of sizes at or below P5, the median and P95: binomial, within 4 standard errors.
        for (double p : new double[] {0.05, 0.5, 0.95}) {
            double quantile = expected.inverseCumulativeProbability(p);
            double share = Arrays.stream(sizes).filter(size -> size <= quantile).count() / (double) n;
            assertThat(share).as("share of sizes <= P%.0f", 100 * p)
                    .isCloseTo(p, org.assertj.core.data.Offset.offset(4 * Math.sqrt(p * (1 - p) / n)));
        }
    }

    @Test
    void sameSeedGivesTheSameTraceAndAnotherSeedAnother() {
        Ns3Scenario fct = Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(20).fct().duration(Duration.ofSeconds(4))
                .build();
        Ns3Trace first = ns3.run(fct, 7, BOUND);

        assertThat(ns3.run(fct, 7, BOUND)).isEqualTo(first);
        Ns3Trace other = ns3.run(fct, 8, BOUND);
        assertThat(other).isNotEqualTo(first);
        assertThat(other.flows()).extracting(Ns3Flow::startSeconds)
                .isNotEqualTo(first.flows().stream().map(Ns3Flow::startSeconds).toList());

        // Bulk runs differ too: the seed draws the start times.
        Ns3Scenario bulk = Ns3Scenario.dumbbell().duration(Duration.ofSeconds(1)).build();
        assertThat(ns3.run(bulk, -1, BOUND).flow(0).startSeconds())
                .isNotEqualTo(ns3.run(bulk, Long.MIN_VALUE, BOUND).flow(0).startSeconds());
    }

    @Test
    void aRunOverItsTimeBoundIsKilledAndReported() {
        ns3.executable(); // compile first: the bound covers the simulator only
        Ns3Scenario long100 = Ns3Scenario.dumbbell().bottleneckMbps(100).duration(Duration.ofMinutes(10)).build();
        Duration tiny = Duration.ofMillis(200);

        assertThatThrownBy(() -> ns3.run(long100, 5, tiny)).isInstanceOfSatisfying(Ns3TimeoutException.class, e -> {
            assertThat(e.timeBound()).isEqualTo(tiny);
            assertThat(e.getMessage()).contains("wall-clock bound of PT0.2S", "killed", "seed 5", "--rateMbps=100");
            assertThat(ProcessHandle.of(e.pid()).map(ProcessHandle::isAlive)).as("process gone").isNotEqualTo(
                    java.util.Optional.of(true));
        });
    }

    @Test
    void bbrRunsEndAtTheirTimeBoundEvenWhenFlowsStall() {
        // ns-3.37's TcpBbr can stall a flow for good; the run still ends and reports it as not completed.
        Ns3Trace trace = ns3.run(Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(20).cca(Cca.BBR).fct()
                .duration(Duration.ofSeconds(10)).drain(Duration.ofSeconds(3)).build(), 2, BOUND);

        assertThat(trace.summary().simulatedSeconds()).isEqualTo(13.0);
        assertThat(trace.fctFlows()).isNotEmpty().allSatisfy(flow -> assertThat(flow.cca()).isEqualTo(Cca.BBR));
        assertThat(trace.completionRatio()).isGreaterThanOrEqualTo(0.8);
        trace.fctFlows().stream().filter(flow -> !flow.completed())
                .forEach(flow -> assertThat(flow.receivedBytes()).isLessThan(flow.sizeBytes()));
    }

    @Test
    void competingBulkFlowRunsBesideTheFctFlowsWithItsOwnCca() {
        Ns3Trace trace = ns3.run(Ns3Scenario.dumbbell().bottleneckMbps(50).rttsMs(20).fct()
                .competingBulkFlow(Cca.NEW_RENO, 40).duration(Duration.ofSeconds(5)).build(), 4, BOUND);

        Ns3Flow competitor = trace.flow(0);
        assertThat(competitor.kind()).isEqualTo(FlowKind.BULK);
        assertThat(competitor.cca()).isEqualTo(Cca.NEW_RENO);
        assertThat(competitor.rttMs()).isEqualTo(40.0);
        assertThat(competitor.receivedBytes()).isPositive();
        assertThat(trace.flowThroughput()).containsOnlyKeys(0);
        assertThat(trace.fctFlows()).isNotEmpty().allSatisfy(flow -> {
            assertThat(flow.cca()).isEqualTo(Cca.CUBIC);
            assertThat(flow.rttMs()).isEqualTo(20.0);
        });
    }

    @Test
    void aFailingSimulatorIsReportedWithItsErrorOutput() {
        assertThatThrownBy(() -> ns3.run(List.of("--cca=Foo"), "bad CCA", 1, BOUND))
                .isInstanceOfSatisfying(Ns3RunException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(2);
                    assertThat(e.errorOutput()).contains("unknown --cca 'Foo'");
                    assertThat(e.getMessage()).contains("exit code 2", "unknown --cca");
                });
    }

    @Test
    void detectionOnThisMachineNamesWhatItFound() {
        Ns3Installation installation = ns3.installation();
        assertThat(Ns3.availability().message()).contains("found", installation.libraryDirectory().toString());
        assertThat(Path.of(installation.includeDirectory().toString(), "ns3", "core-module.h")).isRegularFile();
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElseThrow();
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(p * sorted.length) - 1];
    }
}
