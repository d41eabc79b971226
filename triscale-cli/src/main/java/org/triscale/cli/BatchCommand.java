package org.triscale.cli;

import org.triscale.cli.batch.BatchOps;
import org.triscale.cli.batch.BatchProcessor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/** {@code triscale batch}: the JSON-lines protocol on standard input and output. */
@Command(name = "batch", mixinStandardHelpOptions = true,
        description = {"Read JSON requests, one per line, on standard input; write one JSON response per line on "
                + "standard output, in order. A request is {\"id\", \"op\", ...inputs}; the response is "
                + "{\"id\", ...outputs} or {\"id\", \"error\"}. Mode defaults to TRISCALE (\"mode\": \"SOUND\" to change).",
                "Ops: experiment_sizing, thompson_ci, convergence_test, analysis_metric, analysis_kpi, "
                        + "analysis_variability, independence_test, harm, jain, fct_summary."})
final class BatchCommand implements Callable<Integer> {
    private final InputStream in;

    @Spec
    CommandSpec spec;

    @Option(names = "--max-line-length", paramLabel = "CHARACTERS",
            defaultValue = "" + BatchProcessor.DEFAULT_MAX_LINE_LENGTH,
            description = "Longest request line; a longer one gets an error response and the next line is answered."
                    + " Default: ${DEFAULT-VALUE}.")
    int maxLineLength;

    BatchCommand(InputStream in) {
        this.in = in;
    }

    @Override
    public Integer call() throws IOException {
        if (maxLineLength < 1) {
            throw new ParameterException(spec.commandLine(), "--max-line-length must be >= 1 character, got "
                    + maxLineLength);
        }
        // Not a BufferedReader: the processor buffers, and its readLine would hold a line of any length.
        new BatchProcessor(BatchOps.standard(), maxLineLength).run(new InputStreamReader(in, StandardCharsets.UTF_8),
                spec.commandLine().getOut());
        return 0;
    }
}
