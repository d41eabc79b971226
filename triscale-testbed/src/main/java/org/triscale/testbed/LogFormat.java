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
    /**
     * iperf3's {@code -J} output, or its text output: throughput (Mbit/s per interval, summed over
     * the streams; its mean weighted by the intervals' durations), retransmits, rtt (ms, per
     * stream), cwnd (bytes), and iperf3's own summary of the run, sent and received (Mbit/s, one value).
     */
    IPERF3(List.of("throughput", "retransmits", "rtt", "cwnd", "sent", "received")),
    /** ns-3 FlowMonitor XML, one sample per flow: fct (s), throughput (Mbit/s), delay and jitter (ms), loss. */
    FLOWMON(List.of("fct", "throughput", "delay", "jitter", "loss")),
    /** mahimahi/Pantheon link log: delay (ms, per packet), throughput, capacity, ingress (Mbit/s per 500 ms). */
    MAHIMAHI(List.of("delay", "throughput", "capacity", "ingress")),
    /** flent data file: any series of its results, by name (e.g. {@code "Ping (ms) ICMP"}). */
    FLENT(List.of()),
    /** irtt's JSON output: rtt, send_delay, receive_delay, ipdv (ms, per round trip; lost round trips counted). */
    IRTT(List.of("rtt", "send_delay", "receive_delay", "ipdv")),
    /**
     * A packet capture (pcap or pcapng, as {@code tcpdump -w} writes): per TCP flow, goodput
     * (Mbit/s) and fct (s), one value per flow, and rtt (ms, one sample per ACK, Karn's rule);
     * see {@link PcapFlows}.
     *
     * @since 0.4.0
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
    PCAP(List.of("goodput", "rtt", "fct")),
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
        return switch (this) {
            case IPERF3 -> iperf3(file, field);
            case FLOWMON -> {
                FlowMonitorXml.Report report = FlowMonitorXml.read(file);
                yield LogReading.plain(switch (field) {
                    case "fct" -> report.fctSeconds();
                    case "throughput" -> report.throughputMbps();
                    case "delay" -> report.meanDelayMs();
                    case "jitter" -> report.meanJitterMs();
                    default -> report.lossRatio();
                }, "ns-3 FlowMonitor, one sample per flow");
            }
            case MAHIMAHI -> {
                MahimahiLog.Report report = MahimahiLog.read(file);
                yield LogReading.plain(switch (field) {
                    case "delay" -> report.delayMs();
                    case "throughput" -> report.throughputMbps();
                    case "capacity" -> report.capacityMbps();
                    default -> report.ingressMbps();
                }, "mahimahi link log");
            }
            case FLENT -> {
                Map<String, FlentData.Series> series = FlentData.readSeries(file);
                FlentData.Series one = series.get(field);
                if (one == null) {
                    throw new IllegalArgumentException(file + " has no flent series '" + field + "'; its series are "
                            + String.join(", ", series.keySet()));
                }
                yield new LogReading(one.samples(), one.source(), one.flentMean(), Double.isNaN(one.meanValue())
                        ? "the mean of the " + (one.raw() ? "raw values" : "grid's points") + ", as flent -f stats"
                        : "flent's series metadata MEAN_VALUE, as flent -f stats", false);
            }
            case IRTT -> {
                IrttJson.Report report = IrttJson.read(file);
                Samples samples = switch (field) {
                    case "rtt" -> report.rttMs();
                    case "send_delay" -> report.sendDelayMs();
                    case "receive_delay" -> report.receiveDelayMs();
                    default -> report.ipdvMs();
                };
                yield LogReading.plain(samples, "irtt round_trips: " + report.roundTrips() + " round trips, "
                        + report.lost() + " lost" + (field.equals("rtt") && !Double.isNaN(report.statsRttMeanMs())
                        ? "; irtt's own stats.rtt: mean " + report.statsRttMeanMs() + " ms, median "
                        + report.statsRttMedianMs() + " ms" : ""));
            }
            case PCAP -> {
                PcapFlows.Report report = PcapFlows.read(file);
                if (report.flows().isEmpty()) {
                    throw new MalformedLogException(file, 0, "no TCP flow carrying payload: " + report.summary());
                }
                yield LogReading.plain(switch (field) {
                    case "goodput" -> report.goodputMbps();
                    case "rtt" -> report.rttMs();
                    default -> report.fctSeconds();
                }, report.summary());
            }
            case CSV -> LogReading.plain(NamedFields.csv(file, field, xField), "");
            case JSONL -> LogReading.plain(NamedFields.jsonLines(file, field, xField), "");
        };
    }

    /** iperf3's JSON or text output, told apart by the first character that is not white space. */
    private static LogReading iperf3(Path file, String field) {
        boolean json = JsonFiles.startsWithBrace(file);
        Iperf3Json.Report report = json ? Iperf3Json.read(file) : Iperf3Text.read(file);
        String kind = json ? "iperf3 -J" : "iperf3 text output";
        Iperf3Json.Totals totals = report.totals();
        return switch (field) {
            case "throughput" -> new LogReading(report.throughputMbps(), kind + ", " + report.intervals().size()
                    + " intervals", report.meanThroughputMbps(), "intervals weighted by their duration (bytes over"
                    + " seconds), as iperf3's summary", false);
            case "retransmits" -> LogReading.plain(report.retransmits(), kind);
            case "rtt" -> LogReading.plain(report.rttMs(), kind);
            case "cwnd" -> LogReading.plain(report.cwndBytes(), kind);
            default -> {
                boolean sent = field.equals("sent");
                double bps = sent ? totals.sentBitsPerSecond() : totals.receivedBitsPerSecond();
                String what = json ? (sent ? "end.sum_sent" : "end.sum_received") : (sent ? "sender summary line"
                        : "receiver summary line");
                if (Double.isNaN(bps)) {
                    throw new MalformedLogException(file, 0, "no " + what + ": iperf3 wrote no summary of the run (cut"
                            + " short?); use --field throughput for the intervals");
                }
                double seconds = sent ? totals.sentSeconds() : totals.receivedSeconds();
                Samples one = new Samples(field, "Mbit/s", new double[] {Double.isNaN(seconds) ? 0 : seconds},
                        new double[] {bps / 1e6});
                yield new LogReading(one, kind + ", iperf3's own " + what, bps / 1e6, "iperf3's own " + what, true);
            }
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
