package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a mahimahi link log ({@code mm-link --uplink-log=FILE}) or a Pantheon tunnel log, and
 * computes what Pantheon's analysis reports from it: per-packet one-way delay, egress throughput
 * and link capacity in bins of 500 ms, ingress throughput, and loss.
 *
 * <p>Lines: {@code #} headers (including {@code # base timestamp: <ms>}, the origin of time);
 * {@code t + bytes} an arrival, {@code t # bytes} a delivery opportunity, {@code t - bytes delay}
 * a departure after {@code delay} ms in the link, {@code t d count bytes} a drop. Pantheon's tunnel
 * logs end each line with a flow id; {@link #read(Path, int)} keeps one flow. Times are in ms.
 * The file is read line by line: memory holds one sample per departure and one counter per bin.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class MahimahiLog {
    /** Pantheon's bin for throughput series. */
    public static final int BIN_MS = 500;

    private MahimahiLog() {
    }

    /**
     * What one log says.
     *
     * @param delayMs        one-way delay of each departing packet, at its departure time (s)
     * @param throughputMbps egress throughput per 500 ms bin, at the bin's start (s)
     * @param capacityMbps   link capacity (delivery opportunities) per bin
     * @param ingressMbps    ingress throughput per bin
     * @param arrivedBytes   bytes that arrived at the link
     * @param departedBytes  bytes that left it
     * @param durationSeconds time from the base timestamp to the last event
     */
    public record Report(Samples delayMs, Samples throughputMbps, Samples capacityMbps, Samples ingressMbps,
                         long arrivedBytes, long departedBytes, double durationSeconds) {

        /**
         * Loss as Pantheon reports it: the share of the arrived bytes that never departed.
         *
         * @return a fraction in [0, 1], NaN when nothing arrived
         */
        public double lossRatio() {
            return arrivedBytes == 0 ? Double.NaN : Math.max(0, 1 - (double) departedBytes / arrivedBytes);
        }

        /**
         * Average egress throughput over the log's duration.
         *
         * @return Mbit/s
         */
        public double averageThroughputMbps() {
            return durationSeconds <= 0 ? Double.NaN : departedBytes * 8 / durationSeconds / 1e6;
        }

        /**
         * The 95th percentile of the one-way delay, nearest rank (as Pantheon computes it).
         *
         * @return ms, NaN without departures
         */
        public double p95DelayMs() {
            double[] sorted = delayMs.y().clone();
            if (sorted.length == 0) {
                return Double.NaN;
            }
            Arrays.sort(sorted);
            return sorted[Math.max(0, (int) Math.ceil(0.95 * sorted.length) - 1)];
        }
    }

    /**
     * Reads every event of a log.
     *
     * @param file the log
     * @return the report
     * @throws MalformedLogException at the first line that is not a mahimahi event
     */
    public static Report read(Path file) {
        return read(file, -1);
    }

    /**
     * Reads the events of one flow of a Pantheon tunnel log (lines whose last field is the flow
     * id); header and delivery-opportunity lines count for every flow.
     *
     * @param file the log
     * @param flow the flow id, or −1 for every event
     * @return the report
     * @throws MalformedLogException at the first line that is not a mahimahi event
     */
    public static Report read(Path file, int flow) {
        Samples.Builder delays = new Samples.Builder("delay", "ms");
        Bins egress = new Bins();
        Bins capacity = new Bins();
        Bins ingress = new Bins();
        long arrived = 0;
        long departed = 0;
        double base = Double.NaN;
        double last = Double.NaN;
        try (LogLines lines = LogLines.open(file)) {
            String line;
            while ((line = lines.next()) != null) {
                long lineNumber = lines.number();
                String text = line.strip();
                if (text.isEmpty()) {
                    continue;
                }
                if (text.startsWith("#")) {
                    if (text.startsWith("# base timestamp:")) {
                        base = number(text.substring("# base timestamp:".length()).strip(), file, lineNumber);
                    }
                    continue;
                }
                String[] f = text.split("\\s+");
                if (f.length < 3 || f[1].length() != 1) {
                    throw bad(file, lineNumber, text);
                }
                double t = number(f[0], file, lineNumber);
                if (Double.isNaN(base)) {
                    base = t; // a log without header starts at its first event
                }
                last = Double.isNaN(last) ? t : Math.max(last, t);
                double at = (t - base) / 1000;
                char event = f[1].charAt(0);
                int expected = switch (event) {
                    case '+', '#' -> 3;
                    case '-', 'd' -> 4;
                    default -> throw bad(file, lineNumber, text);
                };
                if (f.length != expected && f.length != expected + 1) {
                    throw bad(file, lineNumber, text);
                }
                boolean ofFlow = flow < 0 || event == '#' || (f.length == expected + 1
                        && count(f[expected], "flow id", file, lineNumber) == flow);
                if (!ofFlow) {
                    continue;
                }
                long bytes = count(event == 'd' ? f[3] : f[2], "byte count", file, lineNumber);
                if (event == 'd') {
                    count(f[2], "drop count", file, lineNumber);
                }
                try {
                    switch (event) {
                        case '+' -> {
                            arrived = Math.addExact(arrived, bytes);
                            ingress.add(at, bytes, file, lineNumber);
                        }
                        case '#' -> capacity.add(at, bytes, file, lineNumber);
                        case '-' -> {
                            departed = Math.addExact(departed, bytes);
                            egress.add(at, bytes, file, lineNumber);
                            double delay = number(f[3], file, lineNumber);
                            if (delay < 0) {
                                throw new MalformedLogException(file, lineNumber, "negative delay " + f[3]
                                        + " ms: a packet cannot leave the link before it arrived");
                            }
                            delays.add(at, delay);
                            Limits.checkCount(delays.size(), file, lineNumber, "departures");
                        }
                        default -> { } // a drop: counted as arrived and never departed
                    }
                } catch (ArithmeticException overflow) {
                    throw new MalformedLogException(file, lineNumber, "the byte counts add up beyond "
                            + Long.MAX_VALUE + " bytes: not a mahimahi log of a real link");
                }
            }
        }
        if (Double.isNaN(last)) {
            throw new MalformedLogException(file, 0, "no events: a mahimahi log has lines such as '1042 - 1500 45'");
        }
        return new Report(delays.build(), egress.mbps("throughput"), capacity.mbps("capacity"),
                ingress.mbps("ingress"), arrived, departed, (last - base) / 1000);
    }

    /** A non-negative decimal integer (a byte count, a flow id): {@code 1.9} or {@code -5} is refused, not cut. */
    private static long count(String text, String what, Path file, long line) {
        if (!text.isEmpty() && text.length() <= 18 && text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Long.parseLong(text);
        }
        throw new MalformedLogException(file, line, "the " + what + " '" + (text.length() > 40
                ? text.substring(0, 37) + "..." : text) + "' is not a non-negative integer of at most 18 digits");
    }

    private static double number(String text, Path file, long line) {
        try {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value) && text.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == '-')) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new MalformedLogException(file, line, "'" + text + "' is not a decimal number");
    }

    private static MalformedLogException bad(Path file, long line, String text) {
        return new MalformedLogException(file, line, "'" + (text.length() > 60 ? text.substring(0, 57) + "..." : text)
                + "' is not a mahimahi event; expected 't + bytes', 't # bytes', 't - bytes delay' or "
                + "'t d count bytes' (times in ms), optionally followed by a flow id");
    }

    /** Bytes per 500 ms bin, from the base timestamp. */
    private static final class Bins {
        private long[] bytes = new long[64];
        private int used;

        void add(double seconds, long count, Path file, long line) {
            double index = Math.floor(seconds * 1000 / BIN_MS);
            if (index < 0) {
                return; // before the base timestamp: outside the run
            }
            // Checked before the array grows: a far-future time would otherwise size it.
            if (index >= Limits.MAX_VALUES) {
                throw new MalformedLogException(file, line, Limits.limit("the event at " + seconds
                        + " s after the base timestamp needs more than " + String.format("%,d", Limits.MAX_VALUES)
                        + " bins of " + BIN_MS + " ms", Limits.MAX_VALUES, Limits.VALUES_KEY));
            }
            int bin = (int) index;
            if (bin >= bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bin + 1, bytes.length * 2));
            }
            bytes[bin] = Math.addExact(bytes[bin], count);
            used = Math.max(used, bin + 1);
        }

        Samples mbps(String name) {
            Samples.Builder samples = new Samples.Builder(name, "Mbit/s");
            for (int bin = 0; bin < used; bin++) {
                samples.add(bin * BIN_MS / 1000.0, bytes[bin] * 8.0 / (BIN_MS / 1000.0) / 1e6);
            }
            return samples.build();
        }
    }
}
