package org.triscale.cli;

import org.triscale.results.Results;
import org.triscale.results.StoredComparisons;
import org.triscale.results.StoredResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@code triscale report}: the HTML report of stored JSON results (e.g. collected from CI artifacts). */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write the HTML report of the TriScale JSON results found in a folder and its subfolders;"
                + " print the grid of each @ParameterizedClass method's cells.",
                "Example: triscale report target/triscale --out /tmp/report"})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "Folder of the JSON results "
            + "(<class>.<method>.json), searched with its subfolders.")
    Path results;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder of the report (default: RESULTS_DIR/report).")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(results)) {
            throw new IllegalArgumentException("RESULTS_DIR " + results + " is not a folder; give the folder of the "
                    + "JSON results, e.g. target/triscale");
        }
        PrintWriter err = spec.commandLine().getErr();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(results)) {
            files = walk.filter(file -> file.getFileName().toString().endsWith(".json") && Files.isRegularFile(file))
                    .sorted().collect(Collectors.toList());
        }
        List<StoredResult> read = new ArrayList<>();
        List<Path> readFiles = new ArrayList<>();
        List<StoredComparisons> comparisons = new ArrayList<>();
        Path comparisonsFile = null;
        for (Path file : files) {
            if (!Results.readableInside(results, file)) {
                err.println("triscale report: skipped " + file + ": a link to a file outside " + results
                        + "; links out of the results folder are not followed");
                continue;
            }
            try {
                if (file.getFileName().toString().equals(Results.COMPARISONS_FILE)) {
                    // A launch's comparisons of sequels: shown on the index, as the launch's own report does.
                    comparisons.add(Results.readComparisons(file));
                    comparisonsFile = comparisonsFile == null ? file : comparisonsFile;
                    continue;
                }
                read.add(Results.read(file));
                readFiles.add(file);
            } catch (IOException | RuntimeException e) {
                err.println("triscale report: skipped " + file + ": " + TriscaleCommand.oneLine(e.getMessage()));
            }
        }
        err.flush();
        if (read.isEmpty()) {
            throw new IllegalArgumentException("no TriScale result in " + results + " (" + files.size()
                    + " JSON files read); run the tests first, or give the folder of triscale.output.dir");
        }
        Path folder = out == null ? results.resolve("report") : out;
        Path summary = results.resolve("summary.md");
        List<String> undrawn = new ArrayList<>();
        Path index = Results.writeReport(read, folder, readFiles, Files.isRegularFile(summary) ? summary : null,
                comparisons, comparisonsFile, undrawn::add);
        for (String line : undrawn) {
            err.println("triscale report: skipped " + TriscaleCommand.oneLine(line));
        }
        err.flush();
        int drawn = read.size() - undrawn.size();
        int compared = comparisons.stream().mapToInt(StoredComparisons::size).sum();
        PrintWriter stdout = spec.commandLine().getOut();
        // Each campaign's grid, as the launch summary prints it: the grid at a glance in the job's log.
        stdout.print(Results.gridSummary(read));
        stdout.println("TriScale report of " + drawn + (drawn == 1 ? " test" : " tests")
                + (compared == 0 ? "" : " and " + compared + " comparison"
                + (compared == 1 ? "" : "s") + " of sequels") + ": " + index);
        stdout.flush();
        return 0;
    }
}
