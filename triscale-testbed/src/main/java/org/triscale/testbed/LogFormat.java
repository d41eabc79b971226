package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The log formats a stored run can be analysed from, each with the fields it offers; used by the
 * command line's {@code --format} and {@code --field}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum LogFormat {
    /** {@code iperf3 -J}: throughput (Mbit/s, summed), retransmits, rtt (ms, per stream), cwnd (bytes). */
    IPERF3(List.of("throughput", "retransmits", "rtt", "cwnd")),
    /** ns-3 FlowMonitor XML, one sample per flow: fct (s), throughput (Mbit/s), delay and jitter (ms), loss. */
    FLOWMON(List.of("fct", "throughput", "delay", "jitter", "loss")),
    /** mahimahi/Pantheon link log: delay (ms, per packet), throughput, capacity, ingress (Mbit/s per 500 ms). */
    MAHIMAHI(List.of("delay", "throughput", "capacity", "ingress")),
    /** flent data file: any series of its results, by name (e.g. {@code "Ping (ms) ICMP"}). */
    FLENT(List.of()),
    /** CSV with a header row: any column, by name. */
    CSV(List.of()),
    /** JSON lines: any field, by name or dotted path. */
    JSONL(List.of());

    private final List<String> fields;

    LogFormat(List<String> fields) {
        this.fields = fields;
    }

    /**
     * Returns the fields the format offers, or an empty list when any name of the file is a field.
     *
     * @return the field names
     */
    public List<String> fields() {
        return fields;
    }

    /**
     * Parses a format name, case-insensitively.
     *
     * @param name e.g. {@code iperf3}
     * @return the format
     * @throws IllegalArgumentException naming the formats when the name is unknown
     */
    public static LogFormat parse(String name) {
        for (LogFormat format : values()) {
            if (format.name().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return format;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not a log format; use one of iperf3, flowmon, "
                + "mahimahi, flent, csv, jsonl");
    }

    /**
     * Reads one field of a file in this format.
     *
     * @param file   the file
     * @param field  the field (see {@link #fields()})
     * @param xField for CSV and JSON lines, the field of the abscissae, or null to number the
     *               samples; ignored by the other formats, which know their abscissae
     * @return the samples
     * @throws IllegalArgumentException if the format has no such field
     * @throws MalformedLogException    if the file cannot be read in this format
     */
    public Samples read(Path file, String field, String xField) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("a field is needed for format " + this + "; "
                    + (fields.isEmpty() ? "give a name of the file" : "one of " + String.join(", ", fields)));
        }
        if (!fields.isEmpty() && !fields.contains(field)) {
            throw new IllegalArgumentException("format " + this + " has no field '" + field + "'; its fields are "
                    + String.join(", ", fields));
        }
        return switch (this) {
            case IPERF3 -> {
                Iperf3Json.Report report = Iperf3Json.read(file);
                yield switch (field) {
                    case "throughput" -> report.throughputMbps();
                    case "retransmits" -> report.retransmits();
                    case "rtt" -> report.rttMs();
                    default -> report.cwndBytes();
                };
            }
            case FLOWMON -> {
                FlowMonitorXml.Report report = FlowMonitorXml.read(file);
                yield switch (field) {
                    case "fct" -> report.fctSeconds();
                    case "throughput" -> report.throughputMbps();
                    case "delay" -> report.meanDelayMs();
                    case "jitter" -> report.meanJitterMs();
                    default -> report.lossRatio();
                };
            }
            case MAHIMAHI -> {
                MahimahiLog.Report report = MahimahiLog.read(file);
                yield switch (field) {
                    case "delay" -> report.delayMs();
                    case "throughput" -> report.throughputMbps();
                    case "capacity" -> report.capacityMbps();
                    default -> report.ingressMbps();
                };
            }
            case FLENT -> {
                Map<String, Samples> series = FlentData.read(file);
                Samples samples = series.get(field);
                if (samples == null) {
                    throw new IllegalArgumentException(file + " has no flent series '" + field + "'; its series are "
                            + String.join(", ", series.keySet()));
                }
                yield samples;
            }
            case CSV -> NamedFields.csv(file, field, xField);
            case JSONL -> NamedFields.jsonLines(file, field, xField);
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
