package org.triscale.emulator;

import org.triscale.emulator.base.Rate;

import org.triscale.emulator.queue.Bytes;
import org.triscale.emulator.queue.Packets;
import org.triscale.emulator.workload.FctWorkload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.triscale.emulator.cca.Cca;

/** Bad arguments fail early with a message that names the parameter, the value and the fix. */
class ScenarioValidationTest {

    private static Scenario.Builder valid() {
        return Scenario.dumbbell().bottleneck(Rate.mbps(50)).buffer(Packets.of(100)).flow(f -> f.cca(Cca.CUBIC));
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                Arguments.of("no bottleneck", (Supplier<?>) () -> Scenario.dumbbell().buffer(Packets.of(1))
                        .flow(f -> f.cca(Cca.CUBIC)).build(), "bottleneck"),
                Arguments.of("no buffer", (Supplier<?>) () -> Scenario.dumbbell().bottleneck(Rate.mbps(1))
                        .flow(f -> f.cca(Cca.CUBIC)).build(), "buffer"),
                Arguments.of("no flow", (Supplier<?>) () -> Scenario.dumbbell().bottleneck(Rate.mbps(1))
                        .buffer(Packets.of(1)).build(), "at least one flow"),
                Arguments.of("zero rate", (Supplier<?>) () -> Rate.mbps(0), "rate"),
                Arguments.of("NaN rate", (Supplier<?>) () -> Rate.bps(Double.NaN), "NaN"),
                Arguments.of("zero packets", (Supplier<?>) () -> Packets.of(0), "got 0"),
                Arguments.of("tiny byte buffer", (Supplier<?>) () -> Bytes.of(100), "1500"),
                Arguments.of("loss 1", (Supplier<?>) () -> valid().randomLoss(1), "randomLoss"),
                Arguments.of("loss -0.1", (Supplier<?>) () -> valid().randomLoss(-0.1), "randomLoss"),
                Arguments.of("ecn 0", (Supplier<?>) () -> valid().ecnThreshold(0), "ecnThreshold"),
                Arguments.of("zero duration", (Supplier<?>) () -> valid().duration(Duration.ZERO), "duration"),
                Arguments.of("two hours", (Supplier<?>) () -> valid().duration(Duration.ofHours(2)).build(),
                        "duration"),
                Arguments.of("bin longer than run", (Supplier<?>) () -> valid().duration(Duration.ofSeconds(1))
                        .throughputBin(Duration.ofSeconds(2)).build(), "throughputBin"),
                Arguments.of("delay sampling 0", (Supplier<?>) () -> valid().delaySampleEvery(0), "delaySampleEvery"),
                Arguments.of("initial window 0", (Supplier<?>) () -> valid().initialWindow(0).build(), "initialWindow"),
                Arguments.of("receive window 1 byte", (Supplier<?>) () -> valid().receiveWindowBytes(1).build(),
                        "receiveWindowBytes"),
                Arguments.of("negative jitter", (Supplier<?>) () -> valid().ackJitter(Duration.ofMillis(-1)),
                        "ackJitter"),
                Arguments.of("null cca", (Supplier<?>) () -> valid().flow(f -> f.cca(null)), "cca"),
                Arguments.of("negative rtt", (Supplier<?>) () -> valid().flow(f -> f.rtt(Duration.ofMillis(-2))), "rtt"),
                Arguments.of("rtt in seconds by mistake", (Supplier<?>) () -> valid()
                        .flow(f -> f.rtt(Duration.ofSeconds(90))), "oneWayDelay"),
                Arguments.of("size 0", (Supplier<?>) () -> valid().flow(f -> f.size(0)), "size"),
                Arguments.of("start after end", (Supplier<?>) () -> valid().duration(Duration.ofSeconds(10))
                        .flow(f -> f.start(Duration.ofSeconds(10))).build(), "starts at"),
                Arguments.of("zero inter-arrival", (Supplier<?>) () -> valid()
                        .fctWorkload(w -> w.meanInterArrival(Duration.ZERO)), "meanInterArrival"),
                Arguments.of("stop before start", (Supplier<?>) () -> valid().fctWorkload(w -> w
                        .start(Duration.ofSeconds(5)).stop(Duration.ofSeconds(2))), "stop must be after start"),
                Arguments.of("zero flows", (Supplier<?>) () -> valid().flows(0, f -> f.cca(Cca.BBR)), "count"),
                Arguments.of("blank cca name", (Supplier<?>) () -> Cca.of(" ", Cca.CUBIC::newInstance), "name"),
                Arguments.of("null scenario", (Supplier<?>) () -> Emulator.run(null, 1), "scenario"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void invalidArgumentsAreReportedClearly(String what, Supplier<?> call, String mentioned) {
        assertThatThrownBy(call::get).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(mentioned);
    }

    @Test
    void messagesSayHowToFixTheProblem() {
        assertThatThrownBy(() -> Scenario.dumbbell().buffer(Packets.of(1)).flow(f -> f.cca(Cca.CUBIC)).build())
                .hasMessageContaining("Rate.mbps(50)");
        assertThatThrownBy(() -> valid().randomLoss(1.5)).hasMessageContaining("got 1.5")
                .hasMessageContaining("[0, 1)");
    }

    @Test
    void recordsValidateToo() {
        assertThatThrownBy(() -> new Scenario.Link(Rate.mbps(1), Packets.of(1), OptionalInt.of(-3), Optional.empty(), 0,
                Optional.empty(), Optional.empty())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ecnThreshold must be >= 1 packet, got -3");
        assertThatThrownBy(() -> new Scenario.Traffic(List.of(), List.of()))
                .hasMessageContaining("at least one flow or FCT workload");
        assertThatThrownBy(() -> new Scenario.Hosts(false, 0, 1 << 20, LossRecovery.SACK, Duration.ofMillis(200),
                false)).hasMessageContaining("initialWindow must be in [1, 1000] segments, got 0");
        assertThatThrownBy(() -> new Scenario.Measurement(Duration.ofSeconds(1), Duration.ofMillis(500), 0))
                .hasMessageContaining("delaySampleEvery must be >= 1");
        assertThatThrownBy(() -> new Scenario.NetworkPath(List.of(), Optional.empty(), Optional.empty(),
                Duration.ofSeconds(11), Optional.empty())).hasMessageContaining("ackDelay must be <= PT10S");
        assertThatThrownBy(() -> new Variation(Duration.ofSeconds(2), Duration.ZERO))
                .hasMessageContaining("ackJitter must be <= PT1S, got PT2S");
        Scenario.Traffic late = new Scenario.Traffic(List.of(FlowSpec.builder().start(Duration.ofMillis(995)).build()),
                List.of());
        assertThatThrownBy(() -> new Scenario(valid().build().link(), Scenario.NetworkPath.DIRECT, Scenario.Hosts.LINUX,
                late, Scenario.Measurement.of(Duration.ofSeconds(1)), Variation.HOST_NOISE))
                .hasMessageContaining("flow 0 starts at PT0.995S plus up to PT0.01S of start jitter");
    }

    @Test
    void thePartsHaveTheBuildersDefaults() {
        Scenario s = valid().build();

        assertThat(s.path()).isEqualTo(Scenario.NetworkPath.DIRECT);
        assertThat(s.hosts()).isEqualTo(Scenario.Hosts.LINUX);
        assertThat(s.measurement()).isEqualTo(Scenario.Measurement.of(Duration.ofSeconds(30)));
        assertThat(s.variation()).isEqualTo(Variation.HOST_NOISE);
        assertThat(valid().deterministicAcrossSeeds().build().variation()).isEqualTo(Variation.NONE);
        assertThat(valid().deterministicAcrossSeeds().ackJitter(Duration.ofMillis(1)).build().variation())
                .isEqualTo(new Variation(Duration.ofMillis(1), Duration.ZERO));
        assertThat(valid().startJitter(Duration.ZERO).build().variation().ackJitter())
                .isEqualTo(Duration.ofNanos(10_000));
    }

    @Test
    void defaultsAreDocumented() {
        Scenario s = valid().build();

        assertThat(s.measurement().duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.measurement().throughputBin()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.measurement().delaySampleEvery()).isOne();
        assertThat(s.hosts().initialWindow()).isEqualTo(10);
        assertThat(s.hosts().lossRecovery()).isEqualTo(LossRecovery.SACK);
        assertThat(s.link().ecnThreshold()).isEmpty();
        assertThat(s.traffic().flows()).singleElement().satisfies(f -> {
            assertThat(f.rtt()).isEqualTo(Duration.ofMillis(20));
            assertThat(f.sizeBytes()).isEmpty();
        });
    }

    @Test
    void bdpIsRateTimesRttInFullPackets() {
        // 114.68 Mbit/s × 90 ms / 12,000 bit = 860.1 packets
        assertThat(Packets.bdp(Rate.mbps(114.68), Duration.ofMillis(90)).count()).isEqualTo(861);
        assertThat(Packets.bdp(Rate.mbps(50), Duration.ofMillis(90)).count()).isEqualTo(375);
        assertThat(valid().build().bdp(Duration.ofMillis(24))).isEqualTo(Packets.of(100));
    }

    @Test
    void workloadOfferedLoadIsMeanSizeOverMeanGap() {
        FctWorkload w = FctWorkload.builder().build();
        // 645,683 B × 8 / 0.2 s ≈ 25.8 Mbit/s, as the tsvwg tests quote
        assertThat(w.offeredLoad().megabitsPerSecond()).isBetween(25.7, 25.9);
    }
}
