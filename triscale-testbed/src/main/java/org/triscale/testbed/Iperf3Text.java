package org.triscale.testbed;

import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text output of iperf3 (without {@code -J}), client or server side, into the same
 * {@link Iperf3Json.Report} as the JSON: the interval lines (the {@code [SUM]} lines when several
 * streams run, else the one stream's), and the summary's {@code sender} and {@code receiver}
 * lines as {@link Iperf3Json.Totals}. Rates are iperf3's printed bitrates (three significant
 * digits), so they agree with the JSON to that precision. Intervals marked {@code (omitted)} are
 * left out; a file holding more than one test (a server's log of several clients) is refused, as
 * is a bidirectional test ({@code --bidir}), whose two directions would mix.
 *
 * @since 0.4.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4.0")
public final class Iperf3Text {
    /** {@code [  5]   0.00-1.00   sec   897 KBytes  7.34 Mbits/sec  ...rest}. */
    private static final Pattern LINE = Pattern.compile(
            "\\[\\s*(\\d+|SUM)\\]\\s+(\\d+(?:\\.\\d+)?)-\\s*(\\d+(?:\\.\\d+)?)\\s+sec\\s+(\\d+(?:\\.\\d+)?)\\s+([KMGT]?)Bytes"
                    + "\\s+(\\d+(?:\\.\\d+)?)\\s+([KMGT]?)bits/sec(.*)");
    private static final Pattern RETRANSMITS = Pattern.compile("\\s*(\\d+)\\b.*");

    private Iperf3Text() {
    }

    /**
     * Reads the text output of one iperf3 test.
     *
     * @param file the output, gzip-compressed or not
     * @return the report; its version is empty (the text does not print it)
     * @throws MalformedLogException if the file holds no interval line, more than one test, or an
     *                               error of iperf3 ({@code iperf3: error - ...})
     */
    public static Iperf3Json.Report read(Path file) {
        List<Iperf3Json.Interval> streamLines = new ArrayList<>();
        List<Iperf3Json.Interval> sumLines = new ArrayList<>();
        double sent = Double.NaN;
        double received = Double.NaN;
        double sentSeconds = Double.NaN;
        double receivedSeconds = Double.NaN;
        boolean sumSender = false;
        boolean sumReceiver = false;
        boolean anyLine = false;
        try (LogLines lines = LogLines.open(file)) {
            String line;
            while ((line = lines.next()) != null) {
                String text = line.strip();
                if (text.startsWith("iperf3: error") || text.startsWith("iperf3: interrupt")) {
                    throw new MalformedLogException(file, lines.number(), "iperf3 reported an error: "
                            + Limits.shorten(text, 200));
                }
                if (text.contains("[TX-") || text.contains("[RX-")) {
                    throw new MalformedLogException(file, lines.number(), "a bidirectional test (--bidir): its two "
                            + "directions cannot be told apart as one throughput; run one direction per test");
                }
                Matcher m = LINE.matcher(text);
                if (!m.matches()) {
                    continue;
                }
                anyLine = true;
                String id = m.group(1);
                double start = Double.parseDouble(m.group(2));
                double end = Double.parseDouble(m.group(3));
                double bps = Double.parseDouble(m.group(6)) * scale(m.group(7));
                String rest = m.group(8);
                String restLower = rest.toLowerCase(Locale.ROOT);
                boolean isSender = restLower.strip().endsWith("sender");
                boolean isReceiver = restLower.strip().endsWith("receiver");
                // The summary's lines end in "sender" or "receiver" (the "- - -" separator also
                // divides the intervals of several streams, so it does not mark the summary).
                if (isSender || isReceiver) {
                    // A [SUM] line (several streams) is the run's; a stream's line only while no [SUM] came.
                    boolean sum = id.equals("SUM");
                    if (isSender && (sum || !sumSender)) {
                        sent = bps;
                        sentSeconds = end - start;
                        sumSender |= sum;
                    } else if (isReceiver && (sum || !sumReceiver)) {
                        received = bps;
                        receivedSeconds = end - start;
                        sumReceiver |= sum;
                    }
                    continue;
                }
                if (restLower.contains("(omitted)")) {
                    continue;
                }
                Matcher r = RETRANSMITS.matcher(rest);
                double retransmits = r.matches() && !rest.contains("ms") ? Double.parseDouble(r.group(1)) : Double.NaN;
                Iperf3Json.Interval interval = new Iperf3Json.Interval(start, end, bps, retransmits, Double.NaN,
                        Double.NaN, List.of());
                List<Iperf3Json.Interval> target = id.equals("SUM") ? sumLines : streamLines;
                if (!target.isEmpty() && start < target.get(target.size() - 1).start()) {
                    throw new MalformedLogException(file, lines.number(), "an interval from " + start + " s after one"
                            + " from " + target.get(target.size() - 1).start() + " s: the file holds more than one"
                            + " test (a server's log of several clients?); give one test per file");
                }
                Limits.checkCount(target.size() + 1L, file, lines.number(), "intervals");
                target.add(interval);
            }
        }
        if (!anyLine) {
            throw new MalformedLogException(file, 0, "no iperf3 interval line ('[  5]   0.00-1.00   sec  ...  "
                    + "Mbits/sec'): not the text output of iperf3, nor its -J output (which starts with '{')");
        }
        List<Iperf3Json.Interval> intervals = sumLines.isEmpty() ? streamLines : sumLines;
        return new Iperf3Json.Report("", intervals, new Iperf3Json.Totals(sent, received, sentSeconds, receivedSeconds));
    }

    /** iperf3's adaptive units for bits: powers of 1000. */
    private static double scale(String prefix) {
        return switch (prefix) {
            case "K" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            case "T" -> 1e12;
            default -> 1;
        };
    }
}
