package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Json;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** What every analysis command shares: the {@code --json} switch and the output helpers. */
abstract class BaseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /**
     * The exit status of a result that is undefined (too few values, a run that did not converge):
     * the summary says why on standard output, and a script cannot take it for a result.
     */
    static final int UNDEFINED = 1;

    /** The name of the {@code --json} switch. */
    static final String JSON = "--json";
    /** The description of the {@code --json} switch. */
    static final String JSON_DESCRIPTION = "Print one JSON object (the field names of the batch protocol) "
            + "instead of a summary.";

    @Option(names = JSON, description = JSON_DESCRIPTION)
    boolean json;

    /** The {@code --json} switch for a command whose model is built by {@link Specs}. */
    static OptionSpec jsonOption() {
        return OptionSpec.builder(JSON).type(boolean.class).description(JSON_DESCRIPTION).build();
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** A usage error: reported on one line with exit code 2. */
    ParameterException usageError(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    void printJson(ObjectNode node) throws IOException {
        printLines(List.of(Json.write(node)));
    }

    void printLines(List<String> lines) throws IOException {
        PrintWriter out = out();
        lines.forEach(out::println);
        // PrintWriter keeps write errors to itself; a result nobody received is not a success.
        if (out.checkError()) {
            throw new IOException("cannot write the result to standard output (is it closed?)");
        }
    }
}
