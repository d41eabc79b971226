package org.triscale.testbed;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the JSON output of irtt ({@code irtt client -o FILE}, often {@code .json.gz}): one sample
 * per round trip of its {@code round_trips}, at the client's send time in seconds from the first
 * round trip: the round-trip time, the one-way send and receive delays (meaningful only with
 * synchronised clocks; they may be negative otherwise) and the round-trip IPDV, in ms from irtt's
 * nanoseconds. A lost round trip ({@code "lost"} other than {@code false}) has no RTT: it is left
 * out of the samples and counted in {@link Report#lost()} and in the samples' {@code dropped}.
 * irtt's own {@code stats.rtt} mean and median are kept, to compare with.
 *
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public final class IrttJson {
    private static final double NS_PER_MS = 1e6;

    private IrttJson() {
    }

    /**
     * A parsed irtt output.
     *
     * @param sendSeconds   each round trip's client send time, seconds from the first
     * @param rtt           each round trip's RTT in ms, NaN when lost
     * @param sendDelay     each round trip's send delay in ms, NaN when not reported
     * @param receiveDelay  each round trip's receive delay in ms, NaN when not reported
     * @param ipdv          each round trip's round-trip IPDV, NaN when not reported (the first, after a loss)
     * @param lost          the number of lost round trips
     * @param statsRttMeanMs   irtt's own {@code stats.rtt.mean}, NaN when absent
     * @param statsRttMedianMs irtt's own {@code stats.rtt.median}, NaN when absent
     */
    public record Report(double[] sendSeconds, double[] rtt, double[] sendDelay, double[] receiveDelay,
                         double[] ipdv, int lost, double statsRttMeanMs, double statsRttMedianMs) {
        /** Copies the arrays. */
        public Report {
            sendSeconds = sendSeconds.clone();
            rtt = rtt.clone();
            sendDelay = sendDelay.clone();
            receiveDelay = receiveDelay.clone();
            ipdv = ipdv.clone();
        }

        /**
         * Returns the RTT of each round trip that was not lost.
         *
         * @return the samples, in ms; {@code dropped} counts the lost round trips
         */
        public Samples rttMs() {
            return samples("rtt", rtt);
        }

        /**
         * Returns the one-way send delay of each round trip that has one.
         *
         * @return the samples, in ms
         */
        public Samples sendDelayMs() {
            return samples("send_delay", sendDelay);
        }

        /**
         * Returns the one-way receive delay of each round trip that has one.
         *
         * @return the samples, in ms
         */
        public Samples receiveDelayMs() {
            return samples("receive_delay", receiveDelay);
        }

        /**
         * Returns the round-trip IPDV of each round trip that has one.
         *
         * @return the samples, in ms
         */
        public Samples ipdvMs() {
            return samples("ipdv", ipdv);
        }

        /**
         * Returns the number of round trips, lost ones included.
         *
         * @return the count
         */
        public int roundTrips() {
            return sendSeconds.length;
        }

        private Samples samples(String name, double[] values) {
            Samples.Builder samples = new Samples.Builder(name, "ms");
            for (int i = 0; i < values.length; i++) {
                if (Double.isNaN(values[i])) {
                    samples.drop();
                } else {
                    samples.add(sendSeconds[i], values[i]);
                }
            }
            return samples.build();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Report r && Arrays.equals(sendSeconds, r.sendSeconds)
                    && Arrays.equals(rtt, r.rtt) && Arrays.equals(sendDelay, r.sendDelay)
                    && Arrays.equals(receiveDelay, r.receiveDelay) && Arrays.equals(ipdv, r.ipdv)
                    && lost == r.lost && Double.compare(statsRttMeanMs, r.statsRttMeanMs) == 0
                    && Double.compare(statsRttMedianMs, r.statsRttMedianMs) == 0;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(rtt) * 31 + lost;
        }

        @Override
        public String toString() {
            return "irtt: " + sendSeconds.length + " round trips, " + lost + " lost";
        }
    }

    /**
     * Reads an irtt output.
     *
     * @param file the JSON output, gzip-compressed or not
     * @return the report
     * @throws MalformedLogException if the file is not irtt's JSON output
     */
    public static Report read(Path file) {
        try (InputStream in = LogLines.openStream(file); JsonParser parser = JsonFiles.open(in)) {
            Report report = read(parser, file);
            JsonFiles.end(parser, file, "one irtt JSON document");
            return report;
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new MalformedLogException(file, line, "not valid JSON (" + JsonFiles.reason(e)
                    + "); expected the JSON output of irtt client -o", e);
        } catch (IOException e) {
            throw new MalformedLogException(file, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    private static Report read(JsonParser parser, Path file) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "expected a JSON object: the output of "
                    + "irtt client -o");
        }
        Columns columns = null;
        double mean = Double.NaN;
        double median = Double.NaN;
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            JsonFiles.once(seen, parser, file);
            String field = parser.currentName();
            parser.nextToken();
            if (field.equals("round_trips")) {
                columns = roundTrips(parser, file);
            } else if (field.equals("stats") && parser.currentToken() == JsonToken.START_OBJECT) {
                Map<String, Double> stats = new HashMap<>();
                flatten(parser, file, "", stats, null, null, 0);
                mean = stats.getOrDefault("rtt.mean", Double.NaN) / NS_PER_MS;
                median = stats.getOrDefault("rtt.median", Double.NaN) / NS_PER_MS;
            } else {
                parser.skipChildren();
            }
        }
        if (columns == null) {
            throw new MalformedLogException(file, 0, "no \"round_trips\" array: not the JSON output of irtt client"
                    + " (irtt client -o FILE)");
        }
        int n = columns.size;
        long first = n == 0 ? 0 : columns.send[0];
        double[] seconds = new double[n];
        for (int i = 0; i < n; i++) {
            seconds[i] = (columns.send[i] - first) / 1e9;
        }
        return new Report(seconds, Arrays.copyOf(columns.rtt, n), Arrays.copyOf(columns.sendDelay, n),
                Arrays.copyOf(columns.receiveDelay, n), Arrays.copyOf(columns.ipdv, n), columns.lost, mean, median);
    }

    /** The round trips' values, column by column. */
    private static final class Columns {
        long[] send = new long[64];
        double[] rtt = new double[64];
        double[] sendDelay = new double[64];
        double[] receiveDelay = new double[64];
        double[] ipdv = new double[64];
        int size;
        int lost;

        void add(long sendWall, double rttNs, double sendNs, double receiveNs, double ipdvNs) {
            if (size == send.length) {
                int grown = 2 * size;
                send = Arrays.copyOf(send, grown);
                rtt = Arrays.copyOf(rtt, grown);
                sendDelay = Arrays.copyOf(sendDelay, grown);
                receiveDelay = Arrays.copyOf(receiveDelay, grown);
                ipdv = Arrays.copyOf(ipdv, grown);
            }
            send[size] = sendWall;
            rtt[size] = rttNs / NS_PER_MS;
            sendDelay[size] = sendNs / NS_PER_MS;
            receiveDelay[size] = receiveNs / NS_PER_MS;
            ipdv[size] = ipdvNs / NS_PER_MS;
            size++;
        }
    }

    private static Columns roundTrips(JsonParser parser, Path file) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw new MalformedLogException(file, JsonFiles.line(parser), "\"round_trips\" must be an array");
        }
        Columns columns = new Columns();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            long line = JsonFiles.line(parser);
            if (token != JsonToken.START_OBJECT) {
                throw new MalformedLogException(file, line, "\"round_trips\" holds " + token + " where a round-trip "
                        + "object was expected");
            }
            Limits.checkCount(columns.size + 1L, file, line, "round trips");
            Map<String, Double> values = new HashMap<>();
            Map<String, String> texts = new HashMap<>();
            Map<String, Long> longs = new HashMap<>();
            flatten(parser, file, "", values, texts, longs, 0);
            // nanoseconds since 1970 need a long: a double would round them to 256 ns
            Long sendWall = longs.get("timestamps.client.send.wall");
            if (sendWall == null) {
                throw new MalformedLogException(file, line, "a round trip without timestamps.client.send.wall (an "
                        + "integer of nanoseconds): not irtt's output (irtt 0.9 writes it for every round trip)");
            }
            String lostText = texts.get("lost");
            boolean lost = lostText != null ? !lostText.equals("false") : values.getOrDefault("lost", 0.0) != 0;
            double rtt = lost ? Double.NaN : values.getOrDefault("delay.rtt", Double.NaN);
            if (!lost && Double.isNaN(rtt)) {
                throw new MalformedLogException(file, line, "a round trip not marked lost has no delay.rtt");
            }
            if (rtt < 0) {
                throw new MalformedLogException(file, line, "delay.rtt is " + rtt + " ns: a round-trip time is never"
                        + " negative");
            }
            columns.lost += lost ? 1 : 0;
            columns.add(sendWall, rtt, values.getOrDefault("delay.send", Double.NaN),
                    values.getOrDefault("delay.receive", Double.NaN), values.getOrDefault("ipdv.rtt", Double.NaN));
        }
        return columns;
    }

    /** Reads the object the parser is at into dotted names: numbers (booleans as 1/0) and strings. */
    private static void flatten(JsonParser parser, Path file, String prefix, Map<String, Double> values,
                                Map<String, String> texts, Map<String, Long> longs, int depth) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = prefix + parser.currentName();
            JsonToken value = parser.nextToken();
            switch (value) {
                case VALUE_NUMBER_INT -> {
                    values.put(name, JsonFiles.finite(parser, file, name));
                    if (longs != null && parser.getNumberType() == JsonParser.NumberType.LONG
                            || longs != null && parser.getNumberType() == JsonParser.NumberType.INT) {
                        longs.put(name, parser.getLongValue());
                    }
                }
                case VALUE_NUMBER_FLOAT -> values.put(name, JsonFiles.finite(parser, file, name));
                case VALUE_TRUE -> values.put(name, 1.0);
                case VALUE_FALSE -> values.put(name, 0.0);
                case VALUE_STRING -> {
                    if (texts != null) {
                        texts.put(name, parser.getText());
                    }
                }
                case START_OBJECT -> {
                    if (depth < 4) {
                        flatten(parser, file, name + ".", values, texts, longs, depth + 1);
                    } else {
                        parser.skipChildren();
                    }
                }
                case START_ARRAY -> parser.skipChildren();
                default -> { }
            }
        }
    }
}
