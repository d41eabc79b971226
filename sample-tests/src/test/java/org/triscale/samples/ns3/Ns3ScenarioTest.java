package org.triscale.samples.ns3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Ns3ScenarioTest {

    @Test
    void defaultsBecomeExplicitArguments() {
        assertThat(Ns3Scenario.dumbbell().build().arguments()).containsExactly(
                "--rateMbps=50", "--rtts=40", "--buffer=100", "--cca=Cubic", "--workload=bulk", "--duration=10",
                "--drain=0", "--interval=0.1", "--startJitter=0.1", "--qdelayEvery=1");
    }

    @Test
    void fctScenarioWithCompetitorNamesEverySetting() {
        Ns3Scenario scenario = Ns3Scenario.dumbbell()
                .bottleneckMbps(12.5).rttsMs(10, 80.5).bufferPackets(64).cca(Cca.DCTCP).fct()
                .duration(Duration.ofMillis(7500)).drain(Duration.ofSeconds(2))
                .sampleInterval(Duration.ofMillis(500)).startJitter(Duration.ZERO)
                .bottleneckDelay(Duration.ofMillis(2)).ecnMarkingThreshold(20)
                .meanInterArrival(Duration.ofMillis(50)).flowSizePercentiles(1000, 50_000)
                .warmup(Duration.ofSeconds(1)).competingBulkFlow(Cca.BBR, 30).queueDelayEvery(4)
                .build();
        assertThat(scenario.arguments()).containsExactly(
                "--rateMbps=12.5", "--rtts=10,80.5", "--buffer=64", "--cca=Dctcp", "--workload=fct",
                "--duration=7.5", "--drain=2", "--interval=0.5", "--startJitter=0", "--qdelayEvery=4",
                "--bottleneckDelay=2", "--queue=red", "--ecnK=20", "--meanInterArrival=0.05", "--sizeP5=1000",
                "--sizeP95=50000", "--warmup=1", "--competitor=Bbr", "--competitorRtt=30");
        assertThat(scenario.simulatedTime()).isEqualTo(Duration.ofMillis(9500));
        assertThat(scenario.competitor()).contains(Cca.BBR);
        assertThat(scenario.rttsMs()).containsExactly(10.0, 80.5);
    }

    @Test
    void competitorTakesTheFirstRttUnlessGiven() {
        Ns3Scenario scenario = Ns3Scenario.dumbbell().rttsMs(20, 80).fct().competingBulkFlow(Cca.CUBIC).build();
        assertThat(scenario.arguments()).contains("--competitor=Cubic", "--competitorRtt=20");
    }

    @Test
    void equalSettingsGiveEqualScenarios() {
        Ns3Scenario a = Ns3Scenario.dumbbell().bottleneckMbps(20).build();
        Ns3Scenario b = Ns3Scenario.dumbbell().bottleneckMbps(20.0).build();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(Ns3Scenario.dumbbell().bottleneckMbps(21).build());
        assertThat(a.toString()).contains("--rateMbps=20");
    }

    @Test
    void eachSetterRejectsValuesOutOfRangeNamingTheParameter() {
        Ns3Scenario.Builder b = Ns3Scenario.dumbbell();
        rejects(() -> b.bottleneckMbps(0), "bottleneckMbps", "got 0.0");
        rejects(() -> b.bottleneckMbps(Double.NaN), "bottleneckMbps", "NaN");
        rejects(() -> b.bottleneckMbps(20_000), "bottleneckMbps", "(0, 10000]");
        rejects(() -> b.rttsMs(), "rttsMs", "1 to 256");
        rejects(() -> b.rttsMs(40, -1), "rttsMs", "got -1.0");
        rejects(() -> b.rttsMs(Double.POSITIVE_INFINITY), "rttsMs", "Infinity");
        rejects(() -> b.bufferPackets(0), "bufferPackets", "got 0");
        rejects(() -> b.duration(Duration.ZERO), "duration", "positive");
        rejects(() -> b.duration(Duration.ofHours(2)), "duration", "at most PT1H");
        rejects(() -> b.duration(null), "duration", "null");
        rejects(() -> b.drain(Duration.ofSeconds(-1)), "drain", "zero or positive");
        rejects(() -> b.sampleInterval(Duration.ZERO), "sampleInterval", "positive");
        rejects(() -> b.startJitter(Duration.ofMillis(-1)), "startJitter", "zero or positive");
        rejects(() -> b.ecnMarkingThreshold(0), "ecnMarkingThreshold", "got 0");
        rejects(() -> b.meanInterArrival(Duration.ZERO), "meanInterArrival", "positive");
        rejects(() -> b.flowSizePercentiles(100, 100), "p5Bytes < p95Bytes", "p95Bytes=100");
        rejects(() -> b.flowSizePercentiles(0, 100), "p5Bytes < p95Bytes", "p5Bytes=0");
        rejects(() -> b.competingBulkFlow(Cca.CUBIC, 0), "competitor rttMs", "got 0.0");
        rejects(() -> b.queueDelayEvery(0), "queueDelayEvery", "got 0");
        assertThatThrownBy(() -> b.cca(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("cca");
    }

    @Test
    void buildRejectsConflictingSettings() {
        rejects(() -> Ns3Scenario.dumbbell().meanInterArrival(Duration.ofMillis(100)).build(),
                "meanInterArrival only apply to the FCT workload", "call fct()");
        rejects(() -> Ns3Scenario.dumbbell().competingBulkFlow(Cca.BBR).build(),
                "competingBulkFlow only apply to the FCT workload", "call fct()");
        rejects(() -> Ns3Scenario.dumbbell().duration(Duration.ofSeconds(1)).sampleInterval(Duration.ofSeconds(2))
                .build(), "sampleInterval", "must not exceed duration");
        rejects(() -> Ns3Scenario.dumbbell().duration(Duration.ofMillis(50)).sampleInterval(Duration.ofMillis(10))
                .build(), "startJitter",
                "less than duration");
        rejects(() -> Ns3Scenario.dumbbell().fct().warmup(Duration.ofSeconds(10)).build(), "warmup",
                "less than duration");
        rejects(() -> Ns3Scenario.dumbbell().bufferPackets(10).ecnMarkingThreshold(11).build(),
                "ecnMarkingThreshold (11 packets)", "bufferPackets (10)");
        rejects(() -> Ns3Scenario.dumbbell().rttsMs(40, 10).bottleneckDelay(Duration.ofMillis(6)).build(),
                "bottleneckDelay", "half the smallest RTT (10.0 ms)");
        rejects(() -> Ns3Scenario.dumbbell().fct().competingBulkFlow(Cca.CUBIC, 4)
                .bottleneckDelay(Duration.ofMillis(3)).build(), "bottleneckDelay", "(4.0 ms)");
        rejects(() -> Ns3Scenario.dumbbell().fct().duration(Duration.ofMinutes(60))
                .meanInterArrival(Duration.ofMillis(10)).build(), "FCT flows would arrive", "raise meanInterArrival");
    }

    @Test
    void switchingBackToBulkAfterFctSettingsIsRejected() {
        rejects(() -> Ns3Scenario.dumbbell().fct().warmup(Duration.ofSeconds(1)).bulk().build(),
                "warmup only apply to the FCT workload", "call fct()");
    }

    @Test
    void runNumbersCoverEveryLongWithoutCollisions() {
        assertThat(Ns3.runNumber(0)).isEqualTo("0");
        assertThat(Ns3.runNumber(42)).isEqualTo("42");
        assertThat(Ns3.runNumber(-1)).isEqualTo("18446744073709551615");
        assertThat(Ns3.runNumber(Long.MIN_VALUE)).isEqualTo("9223372036854775808");
        assertThat(Ns3.runNumber(Long.MAX_VALUE)).isEqualTo("9223372036854775807");
    }

    @Test
    void runRejectsAMissingOrNonPositiveTimeBoundBeforeCompiling(@TempDir Path cache) {
        Ns3 ns3 = Ns3.using(new Ns3Installation(Path.of("/nonexistent/g++"), "none", Path.of("/nonexistent"),
                Path.of("/nonexistent"), "ns3", "", "3.37"), cache);
        Ns3Scenario scenario = Ns3Scenario.dumbbell().build();
        rejects(() -> ns3.run(scenario, 1, Duration.ZERO), "timeBound must be a positive duration", "PT0S");
        rejects(() -> ns3.run(scenario, 1, Duration.ofSeconds(-1)), "timeBound", "PT-1S");
        rejects(() -> ns3.run(scenario, 1, null), "timeBound", "null");
        assertThatThrownBy(() -> ns3.run(null, 1, Duration.ofSeconds(1))).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("scenario");
    }

    private static void rejects(ThrowingCallable call, String... fragments) {
        assertThatThrownBy(call).isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll(fragments);
    }
}
