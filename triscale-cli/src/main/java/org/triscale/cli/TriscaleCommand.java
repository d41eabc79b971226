package org.triscale.cli;

import org.triscale.cli.csv.CsvDataException;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Entry point of the {@code triscale} command: {@code size}, {@code metric}, {@code kpi},
 * {@code score}, {@code profile}, {@code batch}, {@code report}, {@code show} and {@code merge}.
 *
 * <p>Exit codes: 0 on success, 2 for a usage error (unknown option, bad option value), 1 for a
 * data error (missing file, a cell that is not a number, invalid data). Every error is one line
 * on standard error, never a stack trace.
 */
public final class TriscaleCommand implements Callable<Integer> {
    /** Exit code of a data error. */
    static final int DATA_ERROR = 1;
    /** Exit code of a usage error. */
    static final int USAGE_ERROR = 2;
    /** Picocli's system property of the built-in converters not to register (regular expressions). */
    private static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";
    /** Every subcommand by name, in the order help lists them. */
    private static final List<String> COMMANDS = List.of("size", "metric", "kpi", "score", "profile", "batch",
            "report", "show", "merge");

    /** The command's model, set by {@link #spec()}. */
    private CommandSpec spec;

    private TriscaleCommand() {
    }

    /** The model of the command, built with picocli's programmatic API as {@link Specs} explains. */
    private static CommandSpec spec() {
        TriscaleCommand command = new TriscaleCommand();
        command.spec = Specs.command(command, "triscale", "Statistically sound performance analysis (TriScale): "
                + "sizing, run metrics, KPIs, variability scores, network profiling, a JSON batch protocol, and reports of stored results "
                + "and merges of sharded tests.");
        command.spec.versionProvider(new Version());
        return command.spec;
    }

    /**
     * Runs the command and exits with its exit code.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        // Picocli registers converters for java.sql and java.time types by reflection when it starts,
        // loading those classes; no option here has such a type, and skipping them saves start-up.
        if (System.getProperty(CONVERTER_EXCLUDES) == null) {
            System.setProperty(CONVERTER_EXCLUDES, "java\\.sql\\..*,java\\.time\\..*");
        }
        CommandLine commandLine = commandLine(System.in, args);
        // Straight to the file descriptor rather than through System.out, whose PrintStream
        // swallows write errors: a closed standard output must end in an error, not exit code 0.
        commandLine.setOut(new PrintWriter(new BufferedWriter(new OutputStreamWriter(
                new FileOutputStream(FileDescriptor.out), stdoutCharset())), true));
        System.exit(commandLine.execute(args));
    }

    private static Charset stdoutCharset() {
        for (String property : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
            String name = System.getProperty(property);
            if (name != null && Charset.isSupported(name)) {
                return Charset.forName(name);
            }
        }
        return Charset.defaultCharset();
    }

    /**
     * Builds the command line with all its subcommands and its error handlers.
     *
     * @param in what {@code batch} reads
     * @return the command line, ready for {@link CommandLine#execute(String...)}
     */
    public static CommandLine commandLine(InputStream in) {
        return commandLine(in, new String[0]);
    }

    /**
     * Builds the command line for these arguments: when the first one names a subcommand, only
     * that subcommand is built; otherwise (no command, {@code --help}, a misspelt command) all of
     * them are, so that help and suggestions list every command. Picocli builds a command's model
     * by reflection over its fields and annotations, which the others would cost at every start
     * (about 0.07 s of CPU, a tenth of a short command's).
     *
     * @param in   what {@code batch} reads
     * @param args the arguments that {@link CommandLine#execute(String...)} will get
     * @return the command line, ready for {@link CommandLine#execute(String...)}
     */
    public static CommandLine commandLine(InputStream in, String... args) {
        CommandLine commandLine = new CommandLine(spec());
        String invoked = args.length > 0 ? args[0] : null;
        if (invoked != null && COMMANDS.contains(invoked)) {
            commandLine.addSubcommand(invoked, subcommand(invoked, in));
        } else {
            for (String name : COMMANDS) {
                commandLine.addSubcommand(name, subcommand(name, in));
            }
        }
        // One handler object rather than lambdas: the first lambdas of a run are spun in the interpreter.
        Handlers handlers = new Handlers();
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setParameterExceptionHandler(handlers);
        commandLine.setExecutionExceptionHandler(handlers);
        commandLine.setExecutionStrategy(handlers);
        return commandLine;
    }

    /** The subcommand of this name (one of {@link #COMMANDS}), built only when asked for. */
    private static Object subcommand(String name, InputStream in) {
        return switch (name) {
            case "size" -> new SizeCommand();
            case "metric" -> MetricCommand.spec(new MetricCommand());
            case "kpi" -> new KpiCommand();
            case "score" -> new ScoreCommand();
            case "profile" -> new ProfileCommand();
            case "batch" -> new BatchCommand(in);
            case "report" -> new ReportCommand();
            case "show" -> new ShowCommand();
            case "merge" -> new MergeCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name + "; the commands are " + COMMANDS);
        };
    }

    /** The error handlers and the execution strategy of the command line. */
    private static final class Handlers implements CommandLine.IParameterExceptionHandler,
            CommandLine.IExecutionExceptionHandler, CommandLine.IExecutionStrategy {
        @Override
        public int handleParseException(ParameterException e, String[] args) {
            return usageError(e, args);
        }

        @Override
        public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) {
            return executionError(e, command, parseResult);
        }

        @Override
        public int execute(ParseResult parseResult) {
            return TriscaleCommand.execute(parseResult);
        }
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(),
                "missing command: size, metric, kpi, score, profile, batch, report, show or merge");
    }

    /**
     * Runs the command; a stack or memory exhausted by an input (picocli passes errors through)
     * becomes a data error naming the input, so even then the command ends in one line.
     */
    private static int execute(ParseResult parseResult) {
        try {
            return new CommandLine.RunLast().execute(parseResult);
        } catch (StackOverflowError | OutOfMemoryError e) {
            String limit = e instanceof StackOverflowError ? "nested too deeply for the stack (StackOverflowError)"
                    : "too large for the memory of the JVM (OutOfMemoryError); raise -Xmx or split it";
            CommandLine command = parseResult.commandSpec().commandLine();
            while (parseResult.hasSubcommand()) {
                parseResult = parseResult.subcommand();
                command = parseResult.commandSpec().commandLine();
            }
            throw new CommandLine.ExecutionException(command, limit,
                    new CsvDataException("cannot process " + inputs(parseResult) + ": it is " + limit, e));
        }
    }

    private static int usageError(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        err.println(name + ": " + oneLine(e.getMessage()) + " (see '" + name + " --help')");
        err.flush();
        return USAGE_ERROR;
    }

    private static int executionError(Exception e, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        String message;
        if (e instanceof UsageException) {
            err.println(name + ": " + oneLine(e.getMessage()) + " (see '" + name + " --help')");
            err.flush();
            return USAGE_ERROR;
        }
        if (e instanceof CsvDataException || e instanceof IllegalArgumentException) {
            message = e.getMessage();
        } else if (e instanceof java.io.IOException) {
            message = "I/O error: " + e.getMessage();
        } else {
            // The catch-all: the commands read files from CI artifacts, other labs and test beds,
            // and a damaged or hostile one must end in a data error naming it, not in "internal error".
            message = "cannot process " + inputs(parseResult) + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")") + "; the input is damaged or of an"
                    + " unexpected form: check it (if it is sound, please report this message)";
        }
        err.println(name + ": " + oneLine(message));
        err.flush();
        return DATA_ERROR;
    }

    /** The files and folders the command reads, for the catch-all's message; standard input for batch. */
    private static String inputs(ParseResult parseResult) {
        List<String> inputs = new ArrayList<>();
        ParseResult command = parseResult;
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        for (var argument : command.matchedPositionals()) {
            Object value = argument.getValue();
            if (value instanceof Path path) {
                inputs.add(path.toString());
            } else if (value instanceof Collection<?> values) {
                values.stream().filter(Path.class::isInstance).forEach(path -> inputs.add(path.toString()));
            }
        }
        return inputs.isEmpty() ? "the standard input" : String.join(", ", inputs);
    }

    /** A bad option value found only while running (e.g. a --field the input does not have): exit code 2. */
    static final class UsageException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * An error message as one line for standard error: line breaks folded, and every other
     * character a terminal would not show as itself (a NUL, ESC) as <code>&#92;uXXXX</code>, whatever input
     * the message echoes.
     */
    static String oneLine(String message) {
        return message == null ? "unknown error" : org.triscale.cli.csv.Visible.of(message.replaceAll("\\s*\\R\\s*", " ").trim());
    }

    /** The version from the jar's manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = TriscaleCommand.class.getPackage().getImplementationVersion();
            return new String[] {"triscale " + (version == null ? "(development build)" : version)};
        }
    }
}
