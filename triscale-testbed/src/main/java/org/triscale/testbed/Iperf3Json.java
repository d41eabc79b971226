package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON report of {@code iperf3 -J} (iperf 3.x): the per-interval samples of the sender
 * (or of the receiver with {@code -R}), per stream and summed over the streams.
 *
 * <p>The document is streamed: only the intervals are kept, one small record each. Intervals
 * marked {@code omitted} (the {@code -O} warm-up) are left out. An {@code "error"} in the report
 * (iperf3 could not connect, the server was busy) is an error here too, with iperf3's message.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Iperf3Json {
    private Iperf3Json() {
    }

    /**
     * One stream's sample in one interval; NaN where iperf3 does not report the field (UDP has no
     * RTT or congestion window, the receiver side no retransmits).
     *
     * @param socket        the stream's socket number, which identifies it across intervals
     * @param bitsPerSecond the stream's throughput over the interval
     * @param retransmits   TCP retransmissions in the interval
     * @param rttMicros     the smoothed RTT at the end of the interval, in microseconds
     * @param cwndBytes     the congestion window at the end of the interval, in bytes
     */
    public record Stream(int socket, double bitsPerSecond, double retransmits, double rttMicros, double cwndBytes) {
    }

    /**
     * One reporting interval.
     *
     * @param start         seconds since the test start
     * @param end           seconds since the test start
     * @param bitsPerSecond throughput summed over the streams
     * @param retransmits   retransmissions summed over the streams (NaN when not reported)
     * @param lostPercent   UDP loss in percent (NaN for TCP)
     * @param jitterMs      UDP jitter in ms (NaN for TCP)
     * @param streams       the streams' own samples
     */
    public record Interval(double start, double end, double bitsPerSecond, double retransmits, double lostPercent,
                           double jitterMs, List<Stream> streams) {
        /** Copies the streams. */
        public Interval {
            streams = List.copyOf(streams);
        }
    }

    /**
     * A parsed report.
     *
     * @param version   iperf3's version, e.g. {@code "iperf 3.12"}
     * @param intervals the intervals, in time order, omitted ones left out
     */
    public record Report(String version, List<Interval> intervals, Totals totals) {
        /** Copies the intervals. */
        public Report {
            intervals = List.copyOf(intervals);
            java.util.Objects.requireNonNull(totals, "totals");
        }

        /**
         * A report without iperf3's end summary.
         *
         * @param version   iperf3's version
         * @param intervals the intervals
         */
        public Report(String version, List<Interval> intervals) {
            this(version, intervals, Totals.NONE);
        }

        /**
         * The throughput of the whole run from the intervals, each weighted by its duration (bytes
         * over seconds), as iperf3's own summary computes it: a short last interval counts for its
         * short time, not as much as a whole one.
         *
         * @return Mbit/s, NaN without intervals
         */
        public double meanThroughputMbps() {
            double bits = 0;
            double seconds = 0;
            for (Interval interval : intervals) {
                double duration = interval.end() - interval.start();
                bits += interval.bitsPerSecond() * duration;
                seconds += duration;
            }
            return seconds > 0 ? bits / seconds / 1e6 : Double.NaN;
        }

        /**
         * Throughput summed over the streams, per interval, at each interval's end.
         *
         * @return the samples, in Mbit/s
         */
        public Samples throughputMbps() {
            Samples.Builder samples = new Samples.Builder("throughput", "Mbit/s");
            intervals.forEach(interval -> samples.add(interval.end(), interval.bitsPerSecond() / 1e6));
            return samples.build();
        }

        /**
         * Retransmissions summed over the streams, per interval.
         *
         * @return the samples (empty when iperf3 reports none, e.g. for UDP)
         */
        public Samples retransmits() {
            Samples.Builder samples = new Samples.Builder("retransmits", "packets");
            intervals.stream().filter(interval -> !Double.isNaN(interval.retransmits()))
                    .forEach(interval -> samples.add(interval.end(), interval.retransmits()));
            return samples.build();
        }

        /**
         * The smoothed RTT of every stream at every interval's end (one sample per stream and interval).
         *
         * @return the samples, in ms (empty when not reported)
         */
        public Samples rttMs() {
            return perStream("rtt", "ms", stream -> stream.rttMicros() / 1000);
        }

        /**
         * The congestion window of every stream at every interval's end.
         *
         * @return the samples, in bytes (empty when not reported)
         */
        public Samples cwndBytes() {
            return perStream("cwnd", "bytes", Stream::cwndBytes);
        }

        /**
         * One stream's throughput, per interval.
         *
         * @param socket the stream's socket number (see {@link Stream#socket()})
         * @return the samples, in Mbit/s
         */
        public Samples throughputMbps(int socket) {
            Samples.Builder samples = new Samples.Builder("throughput[" + socket + "]", "Mbit/s");
            for (Interval interval : intervals) {
                for (Stream stream : interval.streams()) {
                    if (stream.socket() == socket) {
                        samples.add(interval.end(), stream.bitsPerSecond() / 1e6);
                    }
                }
            }
            return samples.build();
        }

        private Samples perStream(String name, String unit, java.util.function.ToDoubleFunction<Stream> value) {
            Samples.Builder samples = new Samples.Builder(name, unit);
            for (Interval interval : intervals) {
                for (Stream stream : interval.streams()) {
                    double v = value.applyAsDouble(stream);
                    if (!Double.isNaN(v)) {
                        samples.add(interval.end(), v);
                    }
                }
            }
            return samples.build();
        }
    }

    /**
     * iperf3's own summary of the run ({@code end.sum_sent} and {@code end.sum_received} of
     * {@code -J}, the {@code sender} and {@code receiver} lines of the text output); NaN where the
     * report has none (a run cut short, UDP with only {@code end.sum}).
     *
     * @param sentBitsPerSecond     the sender's throughput over the run
     * @param receivedBitsPerSecond the receiver's throughput over the run
     * @param sentSeconds           the sender's duration
     * @param receivedSeconds       the receiver's duration
     * @since 0.4.0
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
    public record Totals(double sentBitsPerSecond, double receivedBitsPerSecond, double sentSeconds,
                         double receivedSeconds) {
        /** No summary. */
        public static final Totals NONE = new Totals(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * Reads a report.
     *
     * @param file the output of {@code iperf3 -J}
     * @return the report
     * @throws MalformedLogException if the file is not such a report, or iperf3 reported an error
     */
    public static Report read(Path file) {
        try (InputStream in = LogLines.openStream(file); JsonParser parser = JsonFiles.open(in)) {
            Report report = read(parser, file);
            JsonFiles.end(parser, file, "one iperf3 -J report");
            return report;
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new MalformedLogException(file, line, "not valid JSON (" + JsonFiles.reason(e)
                    + "); expected the output of iperf3 -J", e);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    private static Report read(JsonParser parser, Path file) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "expected a JSON object: the output of iperf3 -J");
        }
        String version = "";
        List<Interval> intervals = null;
        String error = null;
        Totals totals = Totals.NONE;
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            JsonFiles.once(seen, parser, file);
            String field = parser.currentName();
            parser.nextToken();
            switch (field) {
                case "start" -> {
                    Map<String, String> texts = new HashMap<>();
                    // not strict: iperf 3.x writes sock_bufsize twice here
                    JsonFiles.flatObject(parser, file, texts, false);
                    version = texts.getOrDefault("version", "");
                }
                case "intervals" -> intervals = intervals(parser, file);
                case "error" -> error = errorText(parser, file);
                case "end" -> totals = totals(parser, file);
                default -> parser.skipChildren();
            }
        }
        if (error != null) {
            throw new MalformedLogException(file, 0, "iperf3 reported an error: " + error);
        }
        if (intervals == null) {
            throw new MalformedLogException(file, 0, "no \"intervals\" array: not the output of iperf3 -J");
        }
        return new Report(version, intervals, totals);
    }

    /** {@code end.sum_sent} and {@code end.sum_received} (TCP), or {@code end.sum} (UDP) as both. */
    private static Totals totals(JsonParser parser, Path file) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return Totals.NONE;
        }
        Map<String, Double> sent = null;
        Map<String, Double> received = null;
        Map<String, Double> sum = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (parser.currentToken() == JsonToken.START_OBJECT
                    && (field.equals("sum_sent") || field.equals("sum_received") || field.equals("sum"))) {
                Map<String, Double> values = JsonFiles.flatObject(parser, file, null);
                switch (field) {
                    case "sum_sent" -> sent = values;
                    case "sum_received" -> received = values;
                    default -> sum = values;
                }
            } else {
                parser.skipChildren();
            }
        }
        if (sent == null) {
            sent = sum;
        }
        if (received == null) {
            received = sum;
        }
        return new Totals(rate(sent), rate(received), seconds(sent), seconds(received));
    }

    private static double rate(Map<String, Double> sum) {
        return sum == null ? Double.NaN : sum.getOrDefault("bits_per_second", Double.NaN);
    }

    private static double seconds(Map<String, Double> sum) {
        return sum == null || !sum.containsKey("end") ? Double.NaN : sum.get("end") - sum.getOrDefault("start", 0.0);
    }

    /** iperf3's error: a string, or (some versions, wrappers) an object or array, shown as its values. */
    private static String errorText(JsonParser parser, Path file) throws IOException {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return parser.getText();
        }
        StringBuilder text = new StringBuilder();
        int depth = 0;
        do {
            JsonToken t = parser.currentToken();
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                depth++;
            } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                depth--;
            } else if (t == JsonToken.FIELD_NAME) {
                text.append(text.length() == 0 ? "" : "; ").append(parser.currentName()).append(": ");
            } else if (t != null && text.length() < 1000) {
                text.append(parser.getText());
            }
            if (depth > 0 && parser.nextToken() == null) {
                throw new MalformedLogException(file, JsonFiles.line(parser), "the \"error\" value is not closed");
            }
        } while (depth > 0);
        return text.length() == 0 ? "(an empty error object)" : text.toString();
    }

    private static List<Interval> intervals(JsonParser parser, Path file) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "\"intervals\" must be an array");
        }
        List<Interval> intervals = new ArrayList<>();
        JsonToken next;
        while ((next = parser.nextToken()) != JsonToken.END_ARRAY) {
            long line = JsonFiles.line(parser);
            if (next != JsonToken.START_OBJECT) {
                // Reading on would count fewer intervals than the report holds: refuse instead.
                throw new MalformedLogException(file, line, "\"intervals\" holds " + next + " where an interval"
                        + " object was expected");
            }
            Limits.checkCount(intervals.size() + 1L, file, line, "intervals");
            List<Stream> streams = new ArrayList<>();
            Map<String, Double> sum = null;
            java.util.Set<String> intervalKeys = new java.util.HashSet<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                JsonFiles.once(intervalKeys, parser, file);
                String field = parser.currentName();
                parser.nextToken();
                if (field.equals("streams") && parser.currentToken() == JsonToken.START_ARRAY) {
                    JsonToken element;
                    while ((element = parser.nextToken()) != JsonToken.END_ARRAY) {
                        if (element != JsonToken.START_OBJECT) {
                            throw new MalformedLogException(file, JsonFiles.line(parser), "\"streams\" holds "
                                    + element + " where a stream object was expected");
                        }
                        Limits.checkCount(streams.size() + 1L, file, JsonFiles.line(parser), "streams in an interval");
                        streams.add(stream(JsonFiles.flatObject(parser, file, null), file, JsonFiles.line(parser)));
                    }
                } else if (field.equals("sum") && parser.currentToken() == JsonToken.START_OBJECT) {
                    sum = JsonFiles.flatObject(parser, file, null);
                } else {
                    parser.skipChildren();
                }
            }
            if (sum == null) {
                throw new MalformedLogException(file, line, "an interval without \"sum\": not the output of iperf3 -J");
            }
            if (sum.getOrDefault("omitted", 0.0) != 0) {
                continue;
            }
            intervals.add(new Interval(required(sum, "start", file, line), required(sum, "end", file, line),
                    nonNegative(sum, "bits_per_second", file, line), sum.getOrDefault("retransmits", Double.NaN),
                    sum.getOrDefault("lost_percent", Double.NaN), sum.getOrDefault("jitter_ms", Double.NaN), streams));
        }
        return intervals;
    }

    private static Stream stream(Map<String, Double> fields, Path file, long line) {
        double socket = required(fields, "socket", file, line);
        if (socket != Math.rint(socket) || socket < 0 || socket > Integer.MAX_VALUE) {
            throw new MalformedLogException(file, line, "stream field \"socket\" is " + socket
                    + ", not a socket number (an integer from 0 to " + Integer.MAX_VALUE + ")");
        }
        return new Stream((int) socket, nonNegative(fields, "bits_per_second", file, line),
                fields.getOrDefault("retransmits", Double.NaN), fields.getOrDefault("rtt", Double.NaN),
                fields.getOrDefault("snd_cwnd", Double.NaN));
    }

    private static double nonNegative(Map<String, Double> fields, String name, Path file, long line) {
        double value = required(fields, name, file, line);
        if (value < 0) {
            throw new MalformedLogException(file, line, "interval field \"" + name + "\" is " + value
                    + ": a throughput is never negative");
        }
        return value;
    }

    private static double required(Map<String, Double> fields, String name, Path file, long line) {
        Double value = fields.get(name);
        if (value == null) {
            throw new MalformedLogException(file, line, "interval field \"" + name + "\" is missing or not a number");
        }
        return value;
    }
}
