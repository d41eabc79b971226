package org.example;

import java.util.List;

/**
 * A stand-in for the user's emulator in the guide's examples: only its shape matters, so that the
 * examples compile as they are printed.
 */
final class Emulator {
    enum Scenario { LONG_PATH }

    record Packet(double time, double oneWayDelayMs) {
    }

    record Sample(double time, double mbps) {
    }

    record Trace(List<Packet> packets, List<Sample> throughput) {
        double[] delayTimes() {
            return packets.stream().mapToDouble(Packet::time).toArray();
        }

        double[] delays() {
            return packets.stream().mapToDouble(Packet::oneWayDelayMs).toArray();
        }

        double[] throughputTimes() {
            return throughput.stream().mapToDouble(Sample::time).toArray();
        }

        double[] throughputs() {
            return throughput.stream().mapToDouble(Sample::mbps).toArray();
        }
    }

    Trace run(Scenario scenario, long seed) {
        return new Trace(List.of(), List.of());
    }
}
