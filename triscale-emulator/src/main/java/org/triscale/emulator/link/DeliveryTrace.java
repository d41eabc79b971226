package org.triscale.emulator.link;

import org.apiguardian.api.API;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A packet-delivery trace in the format of mahimahi's {@code mm-link} (and Pantheon's cellular
 * traces): one line per delivery opportunity, the millisecond at which one MTU-sized packet may
 * leave; several lines with the same number are several opportunities in that millisecond. The
 * trace repeats after its last line. An opportunity that finds the queue empty is lost, as in
 * mahimahi.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class DeliveryTrace {
    private final long[] millis;
    private final long periodMillis;
    private final String name;

    private DeliveryTrace(String name, long[] millis) {
        this.name = name;
        this.millis = millis;
        this.periodMillis = Math.max(1, millis[millis.length - 1]);
    }

    /**
     * A trace from its lines.
     *
     * @param name  a name shown in messages
     * @param lines the lines: non-decreasing non-negative integers; blank lines are skipped
     * @return the trace
     * @throws IllegalArgumentException on an empty trace, a line that is not an integer, a
     *                                  negative or decreasing value, or a trace whose last
     *                                  opportunity is at 0 ms
     */
    public static DeliveryTrace of(String name, List<String> lines) {
        long[] values = new long[lines.size()];
        int n = 0;
        long previous = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            long v;
            try {
                v = Long.parseLong(line);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("delivery trace " + name + " line " + (i + 1) + " must be a "
                        + "millisecond count, got '" + line + "'", e);
            }
            if (v < previous) {
                throw new IllegalArgumentException("delivery trace " + name + " line " + (i + 1) + " goes back "
                        + "in time (" + v + " after " + previous + "); the lines must not decrease");
            }
            values[n++] = v;
            previous = v;
        }
        if (n == 0 || previous == 0) {
            throw new IllegalArgumentException("delivery trace " + name + " needs opportunities after 0 ms, got "
                    + n + " lines ending at " + previous + " ms");
        }
        return new DeliveryTrace(name, Arrays.copyOf(values, n));
    }

    /**
     * Reads a mahimahi trace file.
     *
     * @param file the file
     * @return the trace
     * @throws UncheckedIOException if the file cannot be read
     * @throws IllegalArgumentException if its content is not a delivery trace
     */
    public static DeliveryTrace read(Path file) {
        try {
            return of(file.getFileName().toString(), Files.readAllLines(file, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read delivery trace " + file, e);
        }
    }

    /**
     * A trace of a constant rate: {@code packetsPerMilli} opportunities every millisecond (1 is
     * 12 Mbit/s).
     *
     * @param packetsPerMilli opportunities per millisecond, &gt;= 1
     * @return the trace
     * @throws IllegalArgumentException if {@code packetsPerMilli < 1}
     */
    public static DeliveryTrace constant(int packetsPerMilli) {
        if (packetsPerMilli < 1) {
            throw new IllegalArgumentException("packetsPerMilli must be >= 1, got " + packetsPerMilli);
        }
        long[] m = new long[packetsPerMilli];
        Arrays.fill(m, 1);
        return new DeliveryTrace("constant-" + packetsPerMilli, m);
    }

    /**
     * The trace's name.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The mean rate: opportunities times 1,500 bytes over the period.
     *
     * @return bits per second
     */
    public double meanBitsPerSecond() {
        return millis.length * 1500.0 * 8 / (periodMillis / 1e3);
    }

    /**
     * Delivery opportunities per period.
     *
     * @return the number of lines
     */
    public int opportunities() {
        return millis.length;
    }

    /**
     * The period after which the trace repeats.
     *
     * @return milliseconds
     */
    public long periodMillis() {
        return periodMillis;
    }

    /**
     * The time of opportunity {@code k} (counting from 0 over the repeated trace).
     *
     * @param k the opportunity's index, &gt;= 0
     * @return nanoseconds of simulated time
     */
    public long opportunityNanos(long k) {
        long cycle = k / millis.length;
        int i = (int) (k % millis.length);
        return (cycle * periodMillis + millis[i]) * 1_000_000L;
    }
}
