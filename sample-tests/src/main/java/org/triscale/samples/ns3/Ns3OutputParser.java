package org.triscale.samples.ns3;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads the dumbbell scenario's line records (see {@code dumbbell.cc}): {@code tput}, {@code qdelay},
 * {@code flow} and one final {@code summary}; {@code #} lines are comments.
 */
final class Ns3OutputParser {
    private static final Pattern SPACES = Pattern.compile(" +");

    private final SeriesBuilder throughput = new SeriesBuilder();
    private final Map<Integer, SeriesBuilder> flowThroughput = new TreeMap<>();
    private final SeriesBuilder queueDelay = new SeriesBuilder();
    private final List<Ns3Flow> flows = new ArrayList<>();
    private Ns3Summary summary;
    private int lineNumber;

    private Ns3OutputParser() {
    }

    static Ns3Trace parse(BufferedReader reader) {
        Ns3OutputParser parser = new Ns3OutputParser();
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                parser.accept(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the ns-3 output", e);
        }
        return parser.finish();
    }

    private void accept(String line) {
        lineNumber++;
        if (line.isBlank() || line.startsWith("#")) {
            return;
        }
        if (summary != null) {
            throw error(line, "nothing may follow the summary line");
        }
        String[] fields = SPACES.split(line.trim());
        switch (fields[0]) {
            case "tput" -> {
                expectFields(line, fields, 4, "tput <time_s> <flow_id|all> <mbit_s>");
                SeriesBuilder series = fields[2].equals("all") ? throughput
                        : flowThroughput.computeIfAbsent(integer(line, fields[2], "flow id"), id -> new SeriesBuilder());
                add(line, series, number(line, fields[1], "time"), number(line, fields[3], "throughput"));
            }
            case "qdelay" -> {
                expectFields(line, fields, 3, "qdelay <time_s> <ms>");
                add(line, queueDelay, number(line, fields[1], "time"), number(line, fields[2], "delay"));
            }
            case "flow" -> {
                expectFields(line, fields, 9,
                        "flow <id> <cca> <start_s> <size_bytes> <fct_s|-1> <kind> <rtt_ms> <received_bytes>");
                flows.add(flow(line, fields));
            }
            case "summary" -> summary = summary(line, fields);
            default -> throw error(line, "unknown record '" + fields[0] + "'; expected tput, qdelay, flow or summary");
        }
    }

    private Ns3Flow flow(String line, String[] fields) {
        try {
            double fct = number(line, fields[5], "fct");
            FlowKind kind = switch (fields[6]) {
                case "bulk" -> FlowKind.BULK;
                case "fct" -> FlowKind.FCT;
                default -> throw error(line, "flow kind must be bulk or fct, got '" + fields[6] + "'");
            };
            return new Ns3Flow(integer(line, fields[1], "flow id"), Cca.ofScenarioName(fields[2]), kind,
                    number(line, fields[7], "rtt"), number(line, fields[3], "start"),
                    longValue(line, fields[4], "size"), fct < 0 ? Double.NaN : fct,
                    longValue(line, fields[8], "received bytes"));
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith("ns-3 output line") ? e : error(line, e.getMessage());
        }
    }

    private Ns3Summary summary(String line, String[] fields) {
        Map<String, String> values = new HashMap<>();
        for (int i = 1; i < fields.length; i++) {
            int equals = fields[i].indexOf('=');
            if (equals <= 0) {
                throw error(line, "summary fields are key=value, got '" + fields[i] + "'");
            }
            values.put(fields[i].substring(0, equals), fields[i].substring(equals + 1));
        }
        try {
            return new Ns3Summary(number(line, required(line, values, "sim_time_s"), "sim_time_s"),
                    new Ns3Summary.Bottleneck(
                            number(line, required(line, values, "bottleneck_mbps"), "bottleneck_mbps"),
                            longValue(line, required(line, values, "tx_bytes"), "tx_bytes"),
                            number(line, required(line, values, "utilisation"), "utilisation"),
                            longValue(line, required(line, values, "device_drops"), "device_drops")),
                    new Ns3Summary.QueueDisc(required(line, values, "queue"),
                            integer(line, required(line, values, "buffer_pkts"), "buffer_pkts"),
                            integer(line, required(line, values, "ecn_k"), "ecn_k"),
                            longValue(line, required(line, values, "drops"), "drops"),
                            longValue(line, required(line, values, "marks"), "marks")),
                    new Ns3Summary.FlowCounts(integer(line, required(line, values, "flows"), "flows"),
                            integer(line, required(line, values, "fct_flows"), "fct_flows"),
                            integer(line, required(line, values, "completed"), "completed")),
                    longValue(line, required(line, values, "qdelay_samples"), "qdelay_samples"));
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith("ns-3 output line") ? e : error(line, e.getMessage());
        }
    }

    private Ns3Trace finish() {
        if (summary == null) {
            throw new IllegalArgumentException("ns-3 output ended after " + lineNumber
                    + " lines without its summary line: the scenario crashed or its output was cut off");
        }
        if (flows.size() != summary.flows()) {
            throw new IllegalArgumentException("ns-3 output has " + flows.size() + " flow lines but its summary says "
                    + summary.flows() + " flows");
        }
        Map<Integer, TimeSeries> perFlow = new TreeMap<>();
        flowThroughput.forEach((id, series) -> perFlow.put(id, series.build()));
        return new Ns3Trace(flows, throughput.build(), perFlow, queueDelay.build(), summary);
    }

    private void add(String line, SeriesBuilder series, double time, double value) {
        if (!series.add(time, value)) {
            throw error(line, "time " + time + " goes back before the previous sample of the same series");
        }
    }

    private String required(String line, Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null) {
            throw error(line, "summary lacks '" + key + "='");
        }
        return value;
    }

    private void expectFields(String line, String[] fields, int count, String format) {
        if (fields.length != count) {
            throw error(line, "expected " + count + " fields (" + format + "), got " + fields.length);
        }
    }

    private double number(String line, String text, String what) {
        try {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(line, what + " must be a finite number, got '" + text + "'");
    }

    private long longValue(String line, String text, String what) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw error(line, what + " must be an integer, got '" + text + "'");
        }
    }

    private int integer(String line, String text, String what) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw error(line, what + " must be an integer, got '" + text + "'");
        }
    }

    private IllegalArgumentException error(String line, String problem) {
        String shown = line.length() > 200 ? line.substring(0, 200) + "..." : line;
        return new IllegalArgumentException("ns-3 output line " + lineNumber + " '" + shown + "': " + problem);
    }

    /** Growable pair of double arrays. */
    private static final class SeriesBuilder {
        private double[] times = new double[256];
        private double[] values = new double[256];
        private int size;

        boolean add(double time, double value) {
            if (size > 0 && time < times[size - 1]) {
                return false;
            }
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            times[size] = time;
            values[size] = value;
            size++;
            return true;
        }

        TimeSeries build() {
            return TimeSeries.adopt(Arrays.copyOf(times, size), Arrays.copyOf(values, size));
        }
    }
}
