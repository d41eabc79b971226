package org.triscale.cli;

import org.triscale.results.MergeOptions;
import org.triscale.results.MergedTest;
import org.triscale.results.Results;
import org.triscale.results.StoredComparisons;
import org.triscale.results.StoredResult;
import org.triscale.results.VerdictOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code triscale merge}: the verdicts of sharded tests ({@code triscale.shard = k/K}) from the
 * shards' partial results, computed by the extension's own verdict code.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge the partial results of sharded TriScale tests (run with -Dtriscale.shard=k/K) into"
                + " their verdicts: the JSON results, the regression gate against the project's baselines, Surefire"
                + " XML reports of the verdicts and the HTML report. Refuses missing or duplicate shards and shards"
                + " with different parameters, test beds or TriScale versions. Also concatenates the comparisons of"
                + " sequels of the shards' plain tests (comparisons.shard-k-of-K.json) into comparisons.json."
                + " Exit code 1 when a verdict or a comparison fails.",
                "Example: triscale merge shard-1 shard-2 shard-3 --out target/triscale"})
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Folders of the partial results"
            + " (*.partial.json, comparisons.shard-k-of-K.json), searched with their subfolders, e.g. the shards' downloaded artifacts.")
    List<Path> folders;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Folder of the merged results: the"
            + " JSON results, surefire-reports/ (one TEST-<class>.<method>.verdict.xml per test; the series' KPI"
            + " checks are in the shards' own reports) and report/index.html.")
    Path out;

    @Option(names = "--baseline-dir", paramLabel = "DIR", defaultValue = "src/test/resources/triscale/baselines",
            description = "Folder of the baseline files, as triscale.baseline.dir (default: ${DEFAULT-VALUE}). Files"
                    + " named by @Baseline(file) are read relative to --project-dir.")
    Path baselineDir;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The test module's folder,"
            + " which relative baseline paths start from (default: the working folder).")
    Path projectDir;

    @Option(names = "--history-dir", paramLabel = "DIR", description = "Folder of the histories the merged sequels"
            + " are appended to and @Baseline(fromHistory) reads (default: OUT/history).")
    Path historyDir;

    @Option(names = "--last", paramLabel = "S", description = "Merge only the S most recent partial results of each"
            + " test, by the time they were recorded (older ones are dropped): for series added one per night.")
    Integer last;

    @Override
    public Integer call() throws IOException {
        if (last != null && last < 1) {
            throw new IllegalArgumentException("--last " + last + " is not valid; give the number of most recent"
                    + " partial results to merge per test, at least 1 (e.g. the number of shards)");
        }
        Path project = projectDir.toAbsolutePath().normalize();
        Path target = out.toAbsolutePath().normalize();
        // A file where a folder is wanted would end in a bare "I/O error" (FileAlreadyExistsException).
        folderOption("--out", out, true);
        folderOption("--project-dir", projectDir, false);
        folderOption("--baseline-dir", project.resolve(baselineDir), false);
        if (historyDir != null) {
            folderOption("--history-dir", historyDir, true);
        }
        Path parent = target.getParent() == null ? target : target.getParent();
        Files.createDirectories(parent);
        // All or nothing: every file is written to a staging folder next to --out (same file
        // system, so moves are renames) and moved into --out only when everything was written.
        Path staging = Files.createTempDirectory(parent, ".triscale-merge-" + ProcessHandle.current().pid() + "-");
        try {
            int code = merge(project, target, staging);
            moveInto(staging, target);
            return code;
        } finally {
            deleteTree(staging);
        }
    }

    private int merge(Path project, Path target, Path staging) throws IOException {
        MergeOptions options = new MergeOptions(staging, project.resolve(baselineDir).normalize(),
                historyDir == null ? target.resolve("history") : historyDir, project, last == null ? 0 : last);
        List<MergedTest> merged = Results.mergeShards(folders, options);
        PrintWriter stdout = spec.commandLine().getOut();
        List<StoredResult> results = new ArrayList<>();
        // Staged beside the report: the links from the report to them hold once both are moved into --out.
        List<Path> jsons = new ArrayList<>();
        int failed = 0;
        int skipped = 0;
        Path reports = staging.resolve("surefire-reports");
        for (MergedTest test : merged) {
            String testClass = test.testClass();
            String testMethod = test.testKey();
            if (test.dropped() > 0) {
                stdout.println("[" + test.testName() + "] --last " + last + ": " + test.dropped() + " older"
                        + " partial result" + (test.dropped() == 1 ? "" : "s") + " dropped");
            }
            if (test.skipped()) {
                String reason = "all " + test.totalRuns() + " runs of " + test.testName() + " were"
                        + " skipped by an assumption; the verdict is skipped too";
                stdout.println("[" + test.testName() + "] verdict · skipped · " + reason);
                Results.writeSurefireVerdict(testClass, testMethod, VerdictOutcome.SKIPPED, reason, reports);
                skipped++;
                continue;
            }
            results.add(test.result());
            jsons.add(test.json());
            Path json = test.json() == null || !test.json().startsWith(staging) ? test.json()
                    : target.resolve(staging.relativize(test.json()));
            stdout.println(Results.verdictTable(test.result(), json));
            for (String failure : test.failures()) { // as triscale show prints them
                stdout.println("  failure: " + failure);
            }
            String message = test.failureMessage() == null ? null
                    : test.failureMessage().replace(staging.toString(), target.toString());
            failed += test.passed() ? 0 : 1;
            Results.writeSurefireVerdict(testClass, testMethod, test.passed() ? VerdictOutcome.PASSED
                    : VerdictOutcome.FAILED, message, reports);
        }
        // The plain tests' comparisons of sequels, each made in one shard: concatenated, as one launch's.
        StoredComparisons comparisons = Results.mergeShardComparisons(folders);
        Path comparisonsFile = comparisons.isEmpty() ? null : Results.writeComparisons(comparisons, staging);
        Path staged = results.isEmpty() && comparisons.isEmpty() ? null : Results.writeReport(results,
                staging.resolve("report"), jsons, null, List.of(comparisons), comparisonsFile,
                stdout::println);
        Path index = staged == null ? null : target.resolve(staging.relativize(staged));
        stdout.print(Results.comparisonLines(comparisons));
        if (comparisons.dropped() > 0) {
            stdout.println("TriScale: " + comparisons.dropped() + " more comparisons of sequels were merged but not"
                    + " kept (at most " + comparisons.size() + " in " + Results.COMPARISONS_FILE + ")");
        }
        List<String> counts = new ArrayList<>();
        // A launch of plain tests that compare sequels counts its comparisons, not "0 tests".
        if (!merged.isEmpty() || comparisons.isEmpty()) {
            counts.add(merged.size() + (merged.size() == 1 ? " test: " : " tests: ") + (merged.size() - failed - skipped)
                    + " passed, " + failed + " failed, " + skipped + " skipped");
        }
        if (!comparisons.isEmpty()) {
            counts.add(comparisons.size() + (comparisons.size() == 1 ? " comparison" : " comparisons")
                    + " of sequels: " + (comparisons.size() - comparisons.failed()) + " passed, "
                    + comparisons.failed() + " failed");
        }
        stdout.println("TriScale merge of " + String.join(" and ", counts) + " · results in " + out
                + (index == null ? "" : " · report " + index));
        stdout.flush();
        return failed > 0 || comparisons.failed() > 0 ? TriscaleCommand.DATA_ERROR : 0;
    }


    /**
     * Refuses a folder option that names a regular file (or lies under one), which would otherwise
     * surface as a bare I/O error.
     *
     * @param option   the option's name
     * @param path     its value
     * @param created  whether the merge creates it when missing (else a missing folder is left to the merge's own message)
     */
    private static void folderOption(String option, Path path, boolean created) {
        Path absolute = path.toAbsolutePath().normalize();
        for (Path place = absolute; place != null; place = place.getParent()) {
            if (Files.exists(place)) {
                if (!Files.isDirectory(place)) {
                    throw new IllegalArgumentException(option + " " + path + (place.equals(absolute)
                            ? " is a regular file, not a folder" : " lies under " + place + ", which is a regular file")
                            + "; give a folder" + (created ? " (it is created if missing)" : "") + ", or move the file away");
                }
                return;
            }
        }
    }

    /** Moves every staged file to its place under {@code target}, replacing each old file in one rename. */
    private static void moveInto(Path staging, Path target) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(staging)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        // Checked before the first move, so that a place that cannot take its file moves nothing.
        for (Path file : files) {
            Path destination = target.resolve(staging.relativize(file));
            for (Path place = destination; place != null && place.startsWith(target) && !place.equals(target);
                 place = place.getParent()) {
                boolean folderNeeded = !place.equals(destination);
                if (Files.exists(place, LinkOption.NOFOLLOW_LINKS)
                        && Files.isDirectory(place, LinkOption.NOFOLLOW_LINKS) != folderNeeded) {
                    throw new IOException("cannot write " + destination + ": " + place + " is "
                            + (folderNeeded ? "not a folder" : "a folder") + "; nothing was written to " + target
                            + ". Remove it and merge again");
                }
            }
        }
        for (Path file : files) {
            Path destination = target.resolve(staging.relativize(file));
            Files.createDirectories(destination.getParent());
            try {
                Files.move(file, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(file, destination, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
