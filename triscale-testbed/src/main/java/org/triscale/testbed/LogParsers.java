package org.triscale.testbed;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.triscale.testbed.LogParser.Field;

/** The parser of each {@link LogFormat}: its fields and where each reads its values. */
final class LogParsers {
    private LogParsers() {
    }

    /** iperf3's JSON or text output, told apart by the first character that is not white space. */
    static LogParser iperf3() {
        return new LogParser.Fields<Iperf3Log>(Iperf3Log::read, List.of(
                new Field<>("throughput", log -> new LogReading(log.report().throughputMbps(), log.kind() + ", "
                        + log.report().intervals().size() + " intervals", log.report().meanThroughputMbps(),
                        "intervals weighted by their duration (bytes over seconds), as iperf3's summary", false)),
                new Field<>("retransmits", log -> LogReading.plain(log.report().retransmits(), log.kind())),
                new Field<>("rtt", log -> LogReading.plain(log.report().rttMs(), log.kind())),
                new Field<>("cwnd", log -> LogReading.plain(log.report().cwndBytes(), log.kind())),
                new Field<>("sent", log -> log.summary(true)),
                new Field<>("received", log -> log.summary(false))));
    }

    /** ns-3 FlowMonitor XML, one sample per flow. */
    static LogParser flowMonitor() {
        String source = "ns-3 FlowMonitor, one sample per flow";
        return new LogParser.Fields<FlowMonitorXml.Report>(FlowMonitorXml::read, List.of(
                new Field<>("fct", report -> LogReading.plain(report.fctSeconds(), source)),
                new Field<>("throughput", report -> LogReading.plain(report.throughputMbps(), source)),
                new Field<>("delay", report -> LogReading.plain(report.meanDelayMs(), source)),
                new Field<>("jitter", report -> LogReading.plain(report.meanJitterMs(), source)),
                new Field<>("loss", report -> LogReading.plain(report.lossRatio(), source))));
    }

    /** A mahimahi/Pantheon link log. */
    static LogParser mahimahi() {
        String source = "mahimahi link log";
        return new LogParser.Fields<MahimahiLog.Report>(MahimahiLog::read, List.of(
                new Field<>("delay", report -> LogReading.plain(report.delayMs(), source)),
                new Field<>("throughput", report -> LogReading.plain(report.throughputMbps(), source)),
                new Field<>("capacity", report -> LogReading.plain(report.capacityMbps(), source)),
                new Field<>("ingress", report -> LogReading.plain(report.ingressMbps(), source))));
    }

    /** A flent data file: any series, by name. */
    static LogParser flent() {
        return new LogParser.AnyName((file, field, xField) -> {
            Map<String, FlentData.Series> series = FlentData.readSeries(file);
            FlentData.Series one = series.get(field);
            if (one == null) {
                throw new IllegalArgumentException(file + " has no flent series '" + field + "'; its series are "
                        + String.join(", ", series.keySet()));
            }
            return new LogReading(one.samples(), one.source(), one.flentMean(), Double.isNaN(one.meanValue())
                    ? "the mean of the " + (one.raw() ? "raw values" : "grid's points") + ", as flent -f stats"
                    : "flent's series metadata MEAN_VALUE, as flent -f stats", false);
        });
    }

    /** irtt's JSON output; the rtt field's source adds irtt's own statistics. */
    static LogParser irtt() {
        return new LogParser.Fields<IrttJson.Report>(IrttJson::read, List.of(
                new Field<>("rtt", report -> LogReading.plain(report.rttMs(), irttSource(report, true))),
                new Field<>("send_delay", report -> LogReading.plain(report.sendDelayMs(), irttSource(report, false))),
                new Field<>("receive_delay", report -> LogReading.plain(report.receiveDelayMs(),
                        irttSource(report, false))),
                new Field<>("ipdv", report -> LogReading.plain(report.ipdvMs(), irttSource(report, false)))));
    }

    private static String irttSource(IrttJson.Report report, boolean rtt) {
        return "irtt round_trips: " + report.roundTrips() + " round trips, " + report.lost() + " lost"
                + (rtt && !Double.isNaN(report.statsRttMeanMs()) ? "; irtt's own stats.rtt: mean "
                + report.statsRttMeanMs() + " ms, median " + report.statsRttMedianMs() + " ms" : "");
    }

    /** A packet capture; a capture without a TCP flow carrying payload is refused. */
    static LogParser pcap() {
        return new LogParser.Fields<PcapFlows.Report>(LogParsers::flows, List.of(
                new Field<>("goodput", report -> LogReading.plain(report.goodputMbps(), report.summary())),
                new Field<>("rtt", report -> LogReading.plain(report.rttMs(), report.summary())),
                new Field<>("fct", report -> LogReading.plain(report.fctSeconds(), report.summary()))));
    }

    private static PcapFlows.Report flows(Path file) {
        PcapFlows.Report report = PcapFlows.read(file);
        if (report.flows().isEmpty()) {
            throw new MalformedLogException(file, 0, "no TCP flow carrying payload: " + report.summary());
        }
        return report;
    }

    /** A CSV file with a header row: any column. */
    static LogParser csv() {
        return new LogParser.AnyName((file, field, xField) -> LogReading.plain(NamedFields.csv(file, field, xField),
                ""));
    }

    /** JSON lines: any field, by name or dotted path. */
    static LogParser jsonLines() {
        return new LogParser.AnyName((file, field, xField) -> LogReading.plain(NamedFields.jsonLines(file, field,
                xField), ""));
    }

    /**
     * An iperf3 output as read: its file, whether it was JSON, and the report.
     *
     * @param file   the file
     * @param json   whether it was {@code -J} output
     * @param report what it holds
     */
    private record Iperf3Log(Path file, boolean json, Iperf3Json.Report report) {

        static Iperf3Log read(Path file) {
            boolean json = JsonFiles.startsWithBrace(file);
            return new Iperf3Log(file, json, json ? Iperf3Json.read(file) : Iperf3Text.read(file));
        }

        String kind() {
            return json ? "iperf3 -J" : "iperf3 text output";
        }

        /** iperf3's own summary of the run, sent or received, as one value. */
        LogReading summary(boolean sent) {
            Iperf3Json.Totals totals = report.totals();
            String field = sent ? "sent" : "received";
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
            return new LogReading(one, kind() + ", iperf3's own " + what, bps / 1e6, "iperf3's own " + what, true);
        }
    }
}
