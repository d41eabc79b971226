package org.triscale.cli;

import org.triscale.results.Results;
import org.triscale.results.StoredResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code triscale show}: the verdict table of one stored JSON result. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = {"Print the verdict of a TriScale JSON result as a table: every KPI, variability score and "
                + "gated metric with its value, threshold and outcome; then the failures and warnings.",
                "Example: triscale show target/triscale/org.example.CubicTest.cubicOnLongPath.json"})
final class ShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULT.json", description = "A result written by a TriScale test.")
    Path file;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("RESULT.json " + file + " is not a file; give a result written by a "
                    + "TriScale test, e.g. target/triscale/<class>.<method>.json");
        }
        StoredResult result = Results.read(file);
        PrintWriter out = spec.commandLine().getOut();
        out.println(Results.verdictTable(result, file));
        for (String failure : result.failures()) {
            out.println("  failure: " + failure);
        }
        out.flush();
        return 0;
    }
}
