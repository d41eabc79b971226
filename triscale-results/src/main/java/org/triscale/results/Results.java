package org.triscale.results;

import org.apiguardian.api.API;
import org.triscale.results.internal.common.FileNames;
import org.triscale.results.internal.merge.ShardMerge;
import org.triscale.results.internal.model.JsonResults;
import org.triscale.results.internal.model.TestResult;
import org.triscale.results.internal.files.SurefireVerdictReports;
import org.triscale.results.internal.report.Comparisons;
import org.triscale.results.internal.report.HtmlReport;
import org.triscale.results.internal.report.LaunchSummary;
import org.triscale.results.internal.report.VerdictTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry points of the results library: what {@code triscale show}, {@code report} and
 * {@code merge} do, for any program that reads TriScale results.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Results {
    /** The name of the file in which a launch records its comparisons of sequels. */
    public static final String COMPARISONS_FILE = Comparisons.FILE;

    private Results() {
    }

    /**
     * Reads a JSON result written by a TriScale test (or a merge), checking its schema version and
     * its size limits.
     *
     * @param json the file
     * @return the result
     * @throws IOException if it cannot be read or is not a TriScale result
     */
    public static StoredResult read(Path json) throws IOException {
        return new StoredResult(JsonResults.read(json));
    }

    /**
     * Writes a result as its test would, atomically, to {@code <class>.<method>.json}.
     *
     * @param result the result
     * @param folder the folder, created if needed
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path write(StoredResult result, Path folder) throws IOException {
        return JsonResults.write(result.model(), folder);
    }

    /**
     * Whether a file found under a folder really is inside it: not a symbolic link, or a link whose
     * target is inside the folder too. A downloaded artifact could hold a link to any file of the
     * machine; programs that search a folder the user gave read only what this accepts.
     *
     * @param folder the folder searched
     * @param file   a file found under it
     * @return {@code true} when the file may be read
     */
    public static boolean readableInside(Path folder, Path file) {
        return FileNames.readableInside(folder, file);
    }

    /**
     * The verdict's table, as a test prints it with its verdict.
     *
     * @param result the result
     * @param json   the file it was read from or written to, named below the table; or {@code null}
     * @return the table
     */
    public static String verdictTable(StoredResult result, Path json) {
        return VerdictTable.render(result.model(), json);
    }

    /**
     * Writes the HTML report of some results: one page per test and an index.
     *
     * @param results the results
     * @param folder  the report's folder, created if needed
     * @return the index page
     * @throws IOException if a page cannot be written
     */
    public static Path writeReport(List<StoredResult> results, Path folder) throws IOException {
        List<TestResult> models = new ArrayList<>(results.size());
        for (StoredResult result : results) {
            models.add(result.model());
        }
        return HtmlReport.write(models, folder);
    }

    /**
     * The grid of each campaign among some results (the cells of one {@code @Runs} method of a
     * {@code @ParameterizedClass}): parameters as rows and columns, each cell's verdict, KPI bounds
     * and harm against the grid's reference cell, as the launch summary prints it.
     *
     * @param results the results, in any order
     * @return the lines, each ending with a newline; empty when no method has two cells or more
     */
    public static String gridSummary(List<StoredResult> results) {
        List<TestResult> models = new ArrayList<>(results.size());
        for (StoredResult result : results) {
            models.add(result.model());
        }
        return LaunchSummary.grids(models);
    }

    /**
     * Reads the comparisons of sequels a launch recorded ({@value #COMPARISONS_FILE}).
     *
     * @param file the file
     * @return the comparisons, in the order they were made
     * @throws IOException if it cannot be read or is not a file of comparisons
     */
    public static StoredComparisons readComparisons(Path file) throws IOException {
        return new StoredComparisons(Comparisons.read(file));
    }

    /**
     * Writes the HTML report of some results as a launch does: one page per test and an index that
     * links each test's JSON result and the Markdown summary, and lists the comparisons of sequels.
     *
     * @param results         the results, in the order of the index
     * @param folder          the report's folder, created if needed
     * @param jsons           the file each result was read from (same order)
     * @param summary         the launch's Markdown summary, or {@code null}
     * @param comparisons     the comparisons of sequels read from each file of comparisons found
     *                        (may be empty), listed in this order
     * @param comparisonsFile the first file they were read from, linked from the index; or {@code null}
     * @param skipped         told one line (the file and why) for each result whose page cannot be
     *                        drawn, which the report leaves out instead of failing
     * @return the index page
     * @throws IOException if a page cannot be written
     */
    public static Path writeReport(List<StoredResult> results, Path folder, List<Path> jsons, Path summary,
                                   List<StoredComparisons> comparisons, Path comparisonsFile,
                                   java.util.function.Consumer<String> skipped) throws IOException {
        List<TestResult> models = new ArrayList<>(results.size());
        for (StoredResult result : results) {
            models.add(result.model());
        }
        List<Comparisons.Comparison> listed = new ArrayList<>();
        for (StoredComparisons stored : comparisons) {
            listed.addAll(stored.model());
        }
        return HtmlReport.write(models, folder, List.copyOf(jsons), summary, listed, comparisonsFile,
                (index, failure) -> skipped.accept(jsons.get(index) + ": its page cannot be drawn ("
                        + (failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage())
                        + ")"));
    }

    /**
     * Finds, checks and merges the partial results of sharded tests under some folders, then judges
     * each test on all its runs: writes its JSON result, per-series Surefire reports, the gate's
     * summary and history line, as the extension would have. All or nothing: every test is checked
     * before anything is written.
     *
     * @param folders the folders, searched with their subfolders for {@code *.partial.json}
     * @param options what to read and write
     * @return one merge per test, ordered by class and method
     * @throws IOException if a partial result cannot be read
     * @throws IllegalArgumentException if the partial results of a test do not fit together
     */
    public static List<MergedTest> mergeShards(List<Path> folders, MergeOptions options) throws IOException {
        List<MergedTest> merged = new ArrayList<>();
        for (ShardMerge.Merged test : ShardMerge.merge(folders, new ShardMerge.Options(options.outputDir(),
                options.baselineDir(), options.historyDir(), options.projectDir(), options.last()))) {
            merged.add(new MergedTest(test));
        }
        return merged;
    }

    /**
     * Finds, checks and concatenates the comparisons of sequels of a sharded launch's plain tests
     * ({@code comparisons.shard-<k>-of-<K>.json}, each test's made in one shard): refuses shards
     * of different K, a missing or duplicate shard, and a test whose comparisons come from two
     * shards.
     *
     * @param folders the folders given to the merge, searched with their subfolders
     * @return the comparisons in shard order; empty when no shard wrote comparisons
     * @throws IOException              if a folder cannot be listed
     * @throws IllegalArgumentException if the files do not form one sharded launch
     * @since 0.3.0
     */
    public static StoredComparisons mergeShardComparisons(List<Path> folders) throws IOException {
        org.triscale.results.internal.merge.ShardComparisons.Merged merged =
                org.triscale.results.internal.merge.ShardComparisons.merge(folders);
        return new StoredComparisons(merged.comparisons(), merged.dropped());
    }

    /**
     * Writes comparisons of sequels as a launch does, atomically, to {@value #COMPARISONS_FILE}.
     *
     * @param comparisons the comparisons
     * @param folder      the results' folder, created if needed
     * @return the file written
     * @throws IOException if it cannot be written
     * @since 0.3.0
     */
    public static Path writeComparisons(StoredComparisons comparisons, Path folder) throws IOException {
        Path file = folder.resolve(COMPARISONS_FILE);
        Comparisons.write(file, comparisons.model());
        return file;
    }

    /**
     * The console lines of some comparisons of sequels, as a launch prints them: a count, then
     * the failed ones and the others, at most {@value Comparisons#MAX_LISTED}.
     *
     * @param comparisons the comparisons
     * @return the lines, each ending with a newline; empty when there is none
     * @since 0.3.0
     */
    public static String comparisonLines(StoredComparisons comparisons) {
        return org.triscale.results.internal.report.LaunchSummary.comparisonLines(comparisons.model());
    }

    /**
     * Writes the Surefire report of one verdict ({@code TEST-<class>.<method>.verdict.xml}), as
     * Surefire writes the extension's: a suite with the verdict as its one test case.
     *
     * @param testClass  fully qualified name of the test class
     * @param testMethod the method's name
     * @param outcome    the verdict
     * @param message    why it failed or was skipped; ignored when it passed
     * @param folder     the reports folder, created if needed
     * @return the file written
     * @throws IOException if it cannot be written
     */
    public static Path writeSurefireVerdict(String testClass, String testMethod, VerdictOutcome outcome,
                                            String message, Path folder) throws IOException {
        return SurefireVerdictReports.write(testClass, testMethod, SurefireVerdictReports.Outcome.valueOf(outcome.name()),
                message, folder);
    }
}
