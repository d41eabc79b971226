package org.triscale.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.triscale.cli.batch.Json;
import org.triscale.cli.batch.Responses;
import org.triscale.engine.sizing.Sizing;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/** {@code triscale size}: the minimal number of runs (or series) for a bound of a percentile. */
@Command(name = "size", mixinStandardHelpOptions = true,
        description = {"Print the minimal number of runs (or series) for a distribution-free confidence bound "
                + "of a percentile (Thompson 1936).",
                "Example: triscale size -p 75 -c 95  prints 11."})
final class SizeCommand extends BaseCommand {

    @Option(names = {"-p", "--percentile"}, required = true, converter = Converters.Percent.class,
            description = "Percentile to bound, in (0, 100).")
    double percentile;

    @Option(names = {"-c", "--confidence"}, required = true, converter = Converters.Percent.class,
            description = "Confidence in percent, in (0, 100).")
    double confidence;

    @Option(names = {"-r", "--robustness"}, defaultValue = "0", converter = Converters.NonNegative.class,
            description = "Number of extreme runs the bound may ignore (default: ${DEFAULT-VALUE}).")
    int robustness;

    @ArgGroup(exclusive = true)
    Kind kind = new Kind();

    /** Which interval to size; one-sided by default. */
    static final class Kind {
        @Option(names = "--two-sided", description = "Size a two-sided interval as TriScale does (each end holds "
                + "with the confidence on its own; for the median both ends together).")
        boolean twoSided;

        @Option(names = "--joint", description = "Size a two-sided interval whose ends hold together with the "
                + "confidence.")
        boolean joint;
    }

    @Override
    public Integer call() throws IOException {
        int runs;
        String interval;
        if (kind.joint) {
            runs = Sizing.joint(percentile, confidence, robustness);
            interval = "joint";
        } else if (kind.twoSided) {
            runs = Sizing.twoSided(percentile, confidence, robustness);
            interval = "two-sided";
        } else {
            runs = Sizing.oneSided(percentile, confidence, robustness);
            interval = "one-sided";
        }
        if (json) {
            ObjectNode node = Json.object().put("runs", runs).put("interval", interval);
            node.setAll(Responses.sizing(Sizing.oneSided(percentile, confidence, robustness),
                    Sizing.twoSided(percentile, confidence, robustness)));
            printJson(node);
        } else {
            printLines(List.of(Integer.toString(runs)));
        }
        return 0;
    }
}
