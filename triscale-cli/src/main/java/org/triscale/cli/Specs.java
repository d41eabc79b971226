package org.triscale.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Command models built with picocli's programmatic API, for the commands on the path of a short run
 * ({@code triscale} itself and {@code metric}). Picocli reads an annotated command by reflection,
 * and the first annotation a run reads costs the set-up of Java's annotation proxies, all in the
 * interpreter: together about a third of the start-up of {@code triscale metric}
 * (docs/performance.md, "Command line"). The models are those the annotations would give: same
 * names, labels, descriptions and help options, so help, messages and exit codes are unchanged.
 */
final class Specs {
    private Specs() {
    }

    /**
     * A command with picocli's standard help options ({@code -h, --help} and {@code -V, --version}),
     * the options {@code mixinStandardHelpOptions = true} adds; that mixin is itself read from
     * annotations, so its two options are written out here with its names, keys and descriptions.
     *
     * @param command     the object picocli runs (a {@link java.util.concurrent.Callable})
     * @param name        the command's name
     * @param description the paragraphs of its description
     * @return the model, ready for its options and parameters
     */
    static CommandSpec command(Object command, String name, String... description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("${picocli.help.name.0:--h}", "${picocli.help.name.1:---help}")
                .type(boolean.class).usageHelp(true).descriptionKey("mixinStandardHelpOptions.help")
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("${picocli.version.name.0:--V}", "${picocli.version.name.1:---version}")
                .type(boolean.class).versionHelp(true).descriptionKey("mixinStandardHelpOptions.version")
                .description("Print version information and exit.").build());
        return spec;
    }

    /**
     * An option taking one value converted by {@code converter}.
     *
     * @param name        the option's name
     * @param type        the type of its value
     * @param converter   what turns the text into the value (and rejects bad text)
     * @param label       the label of the value in help and messages
     * @param description the option's description
     * @return the option
     */
    static <T> OptionSpec.Builder option(String name, Class<T> type, ITypeConverter<T> converter, String label,
            String description) {
        return OptionSpec.builder(name).type(type).converters(converter).paramLabel(label).description(description);
    }

    /**
     * The value an option of the command got (null when not given).
     *
     * @param spec the command's model, after parsing
     * @param name the option's name
     * @return its value
     */
    static <T> T value(CommandSpec spec, String name) {
        return spec.findOption(name).getValue();
    }
}
