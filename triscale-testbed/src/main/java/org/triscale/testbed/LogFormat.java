package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The log formats a stored run can be analysed from, each with the fields it offers; used by the
 * command line's {@code --format} and {@code --field}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum LogFormat {
    /**
     * iperf3's {@code -J} output, or its text output: throughput (Mbit/s per interval, summed over
     * the streams; its mean weighted by the intervals' durations), retransmits, rtt (ms, per
     * stream), cwnd (bytes), and iperf3's own summary of the run, sent and received (Mbit/s, one value).
     */
    IPERF3(LogParsers.iperf3()),
    /** ns-3 FlowMonitor XML, one sample per flow: fct (s), throughput (Mbit/s), delay and jitter (ms), loss. */
    FLOWMON(LogParsers.flowMonitor()),
    /** mahimahi/Pantheon link log: delay (ms, per packet), throughput, capacity, ingress (Mbit/s per 500 ms). */
    MAHIMAHI(LogParsers.mahimahi()),
    /** flent data file: any series of its results, by name (e.g. {@code "Ping (ms) ICMP"}). */
    FLENT(LogParsers.flent()),
    /** irtt's JSON output: rtt, send_delay, receive_delay, ipdv (ms, per round trip; lost round trips counted). */
    IRTT(LogParsers.irtt()),
    /**
     * A packet capture (pcap or pcapng, as {@code tcpdump -w} writes): per TCP flow, goodput
     * (Mbit/s) and fct (s), one value per flow, and rtt (ms, one sample per ACK, Karn's rule);
     * see {@link PcapFlows}.
     *
     * @since 0.4.0
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
    PCAP(LogParsers.pcap()),
    /** CSV with a header row: any column, by name. */
    CSV(LogParsers.csv()),
    /** JSON lines: any field, by name or dotted path. */
    JSONL(LogParsers.jsonLines());

    /** Its fields and their readers (a new format is a constant with its parser in {@link LogParsers}). */
    private final LogParser parser;
    private final List<String> fields;

    LogFormat(LogParser parser) {
        this.parser = parser;
        this.fields = parser.fields();
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
                + "mahimahi, flent, irtt, pcap, csv, jsonl");
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
        return reading(file, field, xField).samples();
    }

    /**
     * Reads one field of a file in this format, with where the values come from and the tool's
     * own rule for the run's mean.
     *
     * @param file   the file (gzip-compressed or not, told by its first bytes)
     * @param field  the field (see {@link #fields()})
     * @param xField for CSV and JSON lines, the field of the abscissae, or null to number the samples
     * @return the reading
     * @throws IllegalArgumentException if the format has no such field
     * @throws MalformedLogException    if the file cannot be read in this format
     * @since 0.4.0
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
    public LogReading reading(Path file, String field, String xField) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("a field is needed for format " + this + "; "
                    + (fields.isEmpty() ? "give a name of the file" : "one of " + String.join(", ", fields)));
        }
        if (!fields.isEmpty() && !fields.contains(field)) {
            throw new IllegalArgumentException("format " + this + " has no field '" + field + "'; its fields are "
                    + String.join(", ", fields));
        }
        return parser.read(file, field, xField);
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
