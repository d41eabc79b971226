package org.triscale.results.internal.launch;

import org.triscale.results.internal.common.AtomicFiles;
import org.triscale.results.internal.merge.ShardComparisons;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.report.Comparisons;
import org.triscale.results.internal.report.HtmlReport;
import org.triscale.results.internal.report.LaunchSummary;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A launch's end as the extension's launch listener hands it over: the comparisons of sequels the
 * launch's tests made, written to their file (a shard's to its partial file), the launch summary
 * (console lines, {@code summary.md}, GitHub's job summary) and the HTML report over the launch's
 * result files. The listener keeps what only JUnit knows (the tests' order, the configuration
 * parameters); a problem writing a file is returned as a line to print, never thrown.
 */
public final class LaunchEnd {
    /**
     * The configuration keys the library reads on its own (the bounds on the JSON files it reads),
     * which the extension's check of unknown keys must know.
     */
    public static final List<String> LIBRARY_KEYS = List.of(JsonResults.MAX_NESTING_KEY, JsonResults.MAX_STRING_KEY,
            JsonResults.MAX_NUMBER_KEY);

    private LaunchEnd() {
    }

    /** Forgets the comparisons of an earlier launch: one launch's start. */
    public static void start() {
        Comparisons.clear();
    }

    /**
     * Names the test whose comparisons follow, on its thread.
     *
     * @param test {@code "Class.method"}, or {@code null} once it ended
     */
    public static void test(String test) {
        Comparisons.current(test);
    }

    /**
     * One comparison of two sequels that an assertion made, for the launch's summaries and report.
     *
     * @param metric     the metric compared
     * @param candidate  the candidate sequel's name
     * @param reference  the reference sequel's name
     * @param claim      what the assertion claimed
     * @param change     the estimated relative change
     * @param lower      the lower end of its interval
     * @param upper      the upper end of its interval
     * @param confidence the interval's confidence, in percent
     * @param design     the design ({@code "paired: 50 runs on the same seeds"}, ...)
     * @param failure    the failure message, or {@code null} when the assertion held
     */
    public record Compared(String metric, String candidate, String reference, String claim, double change,
                           double lower, double upper, double confidence, String design, String failure) {
    }

    /**
     * Records a comparison of the test running on this thread.
     *
     * @param compared the comparison
     */
    public static void record(Compared compared) {
        boolean held = compared.failure() == null;
        Comparisons.record(new Comparisons.Comparison(null, compared.metric(), compared.candidate(),
                compared.reference(), compared.claim(), compared.change(), compared.lower(), compared.upper(),
                compared.confidence(), compared.design(),
                held ? TestResult.VerdictStatus.PASSED : TestResult.VerdictStatus.FAILED,
                held ? "" : compared.failure()));
    }

    /**
     * The comparisons the launch's tests made, taken: a later call returns the next launch's.
     *
     * @return them, and how many more were not kept
     */
    public static Made comparisons() {
        List<Comparisons.Comparison> kept = Comparisons.drain();
        return new Made(kept, Comparisons.drainDropped());
    }

    /**
     * The comparisons of one launch: an opaque value the listener hands back.
     *
     * @param kept    the comparisons kept, at most {@link Comparisons#MAX_KEPT}
     * @param dropped how many more were made and not kept
     */
    public record Made(List<Comparisons.Comparison> kept, int dropped) {
        /** Copies the list. */
        public Made {
            kept = List.copyOf(kept);
        }

        /** @return whether the launch made no comparison */
        public boolean isEmpty() {
            return kept.isEmpty();
        }
    }

    /**
     * Writes a shard's comparisons, even none, to its partial file, so that the merge tells a
     * missing shard.
     *
     * @param partial the shards' partial folder
     * @param index   the shard's index, from 1
     * @param count   the number of shards
     * @param shard   the shard as the user wrote it ({@code "1/2"}), for the message
     * @param made    the comparisons
     * @return the file written, or the line to print when it could not be
     */
    public static ShardFile writeShard(Path partial, int index, int count, String shard, Made made) {
        try {
            Path file = partial.resolve(ShardComparisons.fileName(index, count));
            Comparisons.write(file, made.kept());
            return new ShardFile(Optional.of(file), Optional.empty());
        } catch (IOException | RuntimeException e) {
            return new ShardFile(Optional.empty(), Optional.of("TriScale: the comparisons of shard " + shard
                    + " could not be written to " + partial + " (" + e.getMessage() + "); triscale merge will miss them\n"));
        }
    }

    /**
     * A shard's comparisons file, or the problem writing it.
     *
     * @param file    the file written
     * @param problem the line to print instead
     */
    public record ShardFile(Optional<Path> file, Optional<String> problem) {
    }

    /**
     * What the launch's summary and report are made of.
     *
     * @param results         the launch's result files, in the tests' order
     * @param made            the launch's comparisons
     * @param sharded         whether the launch is a shard (its comparisons are in their partial file)
     * @param shardFile       that partial file, if it was written
     * @param resultsFolder   the folder of the results, where {@code summary.md} and the comparisons go
     * @param summary         whether to write the summary ({@code triscale.summary.enabled})
     * @param reportFolder    where the HTML report goes, or empty when it is off
     * @param jobSummary      GitHub's job summary file ({@code $GITHUB_STEP_SUMMARY}), or empty
     */
    public record Request(List<Path> results, Made made, boolean sharded, Optional<Path> shardFile, Path resultsFolder,
                          boolean summary, Optional<Path> reportFolder, Optional<String> jobSummary) {
        /** Copies the list. */
        public Request {
            results = List.copyOf(results);
        }
    }

    /**
     * Writes the comparisons' file (outside a shard), reads the results, writes the report and the
     * summary.
     *
     * @param request what to write
     * @return the lines to print: the summary, the files written and any problem
     */
    public static String finish(Request request) {
        StringBuilder out = new StringBuilder();
        List<Comparisons.Comparison> comparisons = request.made().kept();
        Path resultsFolder = request.resultsFolder();
        if (request.made().dropped() > 0) {
            out.append("TriScale: ").append(request.made().dropped())
                    .append(" more comparisons of sequels were made but not kept (at most ")
                    .append(Comparisons.MAX_KEPT).append(" per launch)\n");
        }
        Path comparisonsFile = request.shardFile().orElse(null);
        if (!comparisons.isEmpty() && !request.sharded()) {
            try {
                comparisonsFile = resultsFolder.resolve(Comparisons.FILE);
                Comparisons.write(comparisonsFile, comparisons);
            } catch (IOException | RuntimeException e) {
                comparisonsFile = null;
                out.append("TriScale: the comparisons could not be written to ").append(resultsFolder).append(" (")
                        .append(e.getMessage()).append(")\n");
            }
        }
        List<TestResult> read = new ArrayList<>();
        List<Path> readFiles = new ArrayList<>();
        for (Path file : request.results()) {
            try {
                read.add(JsonResults.read(file));
                readFiles.add(file);
            } catch (IOException | RuntimeException e) {
                out.append("TriScale: could not read ").append(file).append(": ").append(e.getMessage()).append('\n');
            }
        }
        Path index = null;
        if (request.reportFolder().isPresent()) {
            Path folder = request.reportFolder().get();
            try {
                index = HtmlReport.write(read, folder, readFiles,
                        request.summary() ? resultsFolder.resolve("summary.md") : null, comparisons, comparisonsFile);
            } catch (IOException | RuntimeException e) {
                out.append("TriScale: the HTML report could not be written to ").append(folder).append(" (")
                        .append(e.getMessage()).append("); make the folder writable or set ")
                        .append(ConfigurationKeys.REPORT_DIR).append('\n');
            }
        }
        if (request.summary()) {
            out.append(LaunchSummary.lines(read, comparisons, resultsFolder, index));
            String markdown = LaunchSummary.markdown(read, comparisons, index);
            writeMarkdown(resultsFolder.resolve("summary.md"), markdown, out);
            Optional<String> step = request.jobSummary().filter(value -> !value.isBlank());
            if (step.isPresent()) {
                appendMarkdown(Paths.get(step.get()), markdown, out);
            }
        }
        return out.toString();
    }

    private static void writeMarkdown(Path file, String markdown, StringBuilder out) {
        try {
            AtomicFiles.write(file, temp -> Files.writeString(temp, markdown, StandardCharsets.UTF_8));
            out.append("TriScale summary: ").append(file).append('\n');
        } catch (IOException | RuntimeException e) {
            out.append("TriScale: could not write ").append(file).append(": ").append(e.getMessage()).append('\n');
        }
    }

    private static void appendMarkdown(Path file, String markdown, StringBuilder out) {
        try {
            // The job summary is shared by every step: append, never replace.
            Files.writeString(file, markdown, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            out.append("TriScale: could not append to $GITHUB_STEP_SUMMARY (").append(file).append("): ")
                    .append(e.getMessage()).append('\n');
        }
    }
}
