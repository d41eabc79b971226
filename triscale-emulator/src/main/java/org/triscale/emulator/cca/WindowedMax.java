package org.triscale.emulator.cca;

import java.util.Arrays;

/**
 * The maximum of the values of the last {@code length} rounds that had a sample (BBR's bandwidth
 * filter). Time moves only with samples, as in Linux's windowed min/max filter: without samples
 * (e.g. while every rate sample is application-limited) the maximum is kept.
 */
final class WindowedMax {
    private final double[] values;
    private final long[] rounds;
    private long latestRound = Long.MIN_VALUE;

    WindowedMax(int length) {
        values = new double[length];
        rounds = new long[length];
        Arrays.fill(rounds, Long.MIN_VALUE);
    }

    void update(double value, long round) {
        int i = (int) Math.floorMod(round, (long) rounds.length);
        if (rounds[i] != round) {
            rounds[i] = round;
            values[i] = value;
        } else if (value > values[i]) {
            values[i] = value;
        }
        if (round > latestRound) {
            latestRound = round;
        }
    }

    /** The maximum over rounds {@code (latest − length, latest]}, or 0 before the first sample. */
    double max() {
        double max = 0;
        long oldest = latestRound - rounds.length;
        for (int i = 0; i < rounds.length; i++) {
            if (rounds[i] > oldest && values[i] > max) {
                max = values[i];
            }
        }
        return max;
    }
}
