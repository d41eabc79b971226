package org.triscale.results.internal.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.model.TestResult.VerdictStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparisons of sequels made in a launch ({@code TriscaleAssertions}'s {@code isWorseThan} and
 * {@code isNotWorseThan}), passing or failing, kept so that the launch summary, {@code summary.md},
 * the report and {@code comparisons.json} show them without the user printing them.
 */
public final class Comparisons {
    /** The file of the launch's comparisons, in the results' folder. */
    public static final String FILE = "comparisons.json";
    /** Comparisons kept per launch: a Monte Carlo test of assertions would otherwise grow it without end. */
    public static final int MAX_KEPT = 1000;
    /** Comparisons listed in the console summary and summary.md; the report and the JSON list all kept. */
    public static final int MAX_LISTED = 20;
    private static final List<Comparison> LOG = new ArrayList<>();
    private static int dropped;
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private Comparisons() {
    }

    /**
     * One comparison.
     *
     * @param test       the test that made it ({@code Class.method}), or "unknown test"
     * @param metric     the metric
     * @param candidate  the sequel compared
     * @param reference  the sequel it was compared with
     * @param claim      what was asserted: {@code "worse by at least 10 %"}, {@code "not worse beyond 5 %"}
     * @param change     the relative change (positive: the candidate is larger), NaN when undecided
     * @param lower      its interval's lower end, NaN when undecided
     * @param upper      its interval's upper end, NaN when undecided
     * @param confidence confidence of the interval, in percent
     * @param design     the design ({@code "paired: 50 runs on the same seeds"}, ...)
     * @param outcome    whether the assertion held, written {@code PASSED} or {@code FAILED}
     * @param message    the failure message, empty when it passed
     */
    public record Comparison(String test, String metric, String candidate, String reference, String claim,
                             double change, double lower, double upper, double confidence, String design,
                             VerdictStatus outcome, String message) {
    }

    /** Names the test running on this thread (the launch listener does, as each test starts). */
    public static void current(String test) {
        if (test == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(test);
        }
    }

    /**
     * Records a comparison of the current test.
     *
     * @param comparison the comparison; its {@code test} is replaced by the running test's name
     */
    public static void record(Comparison comparison) {
        String test = CURRENT.get();
        Comparison named = new Comparison(test == null ? "unknown test" : test, comparison.metric(),
                comparison.candidate(), comparison.reference(), comparison.claim(), comparison.change(),
                comparison.lower(), comparison.upper(), comparison.confidence(), comparison.design(),
                comparison.outcome(), comparison.message());
        synchronized (LOG) {
            if (LOG.size() < MAX_KEPT) {
                LOG.add(named);
            } else {
                dropped++;
            }
        }
    }

    /** The comparisons recorded since the last call, in order, and forgets them. */
    public static List<Comparison> drain() {
        synchronized (LOG) {
            List<Comparison> all = new ArrayList<>(LOG);
            LOG.clear();
            return all;
        }
    }

    /** How many comparisons beyond {@link #MAX_KEPT} were counted but not kept, and resets it. */
    public static int drainDropped() {
        synchronized (LOG) {
            int count = dropped;
            dropped = 0;
            return count;
        }
    }

    /** Forgets every comparison (a new launch). */
    public static void clear() {
        drain();
        drainDropped();
    }

    /** Writes the comparisons as JSON ({@code {"comparisons": [...]}}), atomically. */
    public static void write(Path file, List<Comparison> comparisons) throws IOException {
        byte[] bytes = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsBytes(java.util.Map.of("comparisons", comparisons));
        Files.createDirectories(file.toAbsolutePath().getParent());
        AtomicFiles.write(file, temp -> Files.write(temp, bytes));
    }

    /** The file's shape, for reading it back. */
    private record Stored(List<Comparison> comparisons) {
    }

    /**
     * Reads a launch's comparisons back (for {@code triscale report}), as untrusted input: bounded
     * by the reader of results ({@code JsonResults.mapper()}), at most {@link #MAX_KEPT}
     * comparisons, every text present, the outcome {@code PASSED} or {@code FAILED}.
     *
     * @param file a {@code comparisons.json}
     * @return its comparisons, in order
     * @throws IOException if it cannot be read or is not a file of comparisons; the message names
     *                     the file and the field
     */
    public static List<Comparison> read(Path file) throws IOException {
        Stored stored;
        try {
            stored = org.triscale.results.internal.model.JsonResults.mapper().readValue(file.toFile(), Stored.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw org.triscale.results.internal.model.JsonResults.unreadable(file, e, "a file of comparisons");
        }
        if (stored == null || stored.comparisons() == null) {
            throw new IOException(file + ": the field comparisons is missing; expected {\"comparisons\": [...]}");
        }
        List<Comparison> comparisons = stored.comparisons();
        if (comparisons.size() > MAX_KEPT) {
            throw new IOException(file + ": " + comparisons.size() + " comparisons, more than the " + MAX_KEPT
                    + " a launch keeps");
        }
        for (int i = 0; i < comparisons.size(); i++) {
            Comparison c = comparisons.get(i);
            String at = file + ": the field comparisons[" + i + "]";
            if (c == null) {
                throw new IOException(at + " is null");
            }
            String[][] texts = {{"test", c.test()}, {"metric", c.metric()}, {"candidate", c.candidate()},
                {"reference", c.reference()}, {"claim", c.claim()}, {"design", c.design()}, {"message", c.message()}};
            for (String[] text : texts) {
                if (text[1] == null) {
                    throw new IOException(at + "." + text[0] + " is missing");
                }
            }
            if (c.outcome() == null) { // another value is refused by the reader, naming it
                throw new IOException(at + ".outcome is missing");
            }
            if (!(c.confidence() > 0 && c.confidence() < 100)) {
                throw new IOException(at + ".confidence is not in (0, 100)");
            }
        }
        return List.copyOf(comparisons);
    }

    /** {@code "+208 % [+124 %, +316 %]"}, or {@code "undecided"}. */
    static String change(Comparison comparison) {
        if (Double.isNaN(comparison.change())) {
            return "undecided";
        }
        return signed(comparison.change()) + " [" + signed(comparison.lower()) + ", " + signed(comparison.upper()) + "]";
    }

    private static String signed(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : org.triscale.results.internal.common.Format.signedPercent(fraction);
    }

    /** One line: {@code "fct of 'prague' vs 'cubic': +208 % [+124 %, +316 %] (worse by at least 100 %)"}. */
    static String line(Comparison comparison) {
        return comparison.metric() + " of '" + comparison.candidate() + "' vs '" + comparison.reference() + "': "
                + change(comparison) + " at " + org.triscale.results.internal.common.Format.number(comparison.confidence())
                + " % (" + comparison.claim() + "; " + comparison.design() + ")";
    }
}
