package org.triscale.junit.internal.setup;

import org.triscale.results.internal.common.InterleaveOrder;
import org.triscale.results.internal.common.ProjectPaths;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.setup.Settings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.engine.Mode;

import static org.triscale.results.internal.setup.ConfigurationKeys.BASELINE_FROM_HISTORY;
import static org.triscale.results.internal.setup.ConfigurationKeys.CHECKS;
import static org.triscale.results.internal.setup.ConfigurationKeys.CHECKS_IDENTICAL_RUNS;
import static org.triscale.results.internal.setup.ConfigurationKeys.MODE;
import static org.triscale.results.internal.setup.ConfigurationKeys.OUTPUT_DIR;
import static org.triscale.results.internal.setup.ConfigurationKeys.PROGRESS;
import static org.triscale.results.internal.setup.ConfigurationKeys.SEED;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Reads the configuration parameters of {@link ConfigurationKeys} (junit-platform.properties or -D). */
public final class SettingsReader {
    /** Keys renamed in 0.2.0, old to new: setting an old one is an error, not silently ignored. */
    private static final Map<String, String> RENAMED = Map.of(
            "triscale.baseline.fromHistory", BASELINE_FROM_HISTORY);
    /**
     * Keys of the per-series Surefire files, removed in 0.3.0: each series' KPI checks are now a
     * test of their own in Surefire's report. Setting one is an error, not silently ignored.
     */
    private static final java.util.List<String> REMOVED = java.util.List.of("triscale.surefire.reports",
            "triscale.surefire.reports.dir", "triscale.surefire.reportsDir", "triscale.surefire.reports.kpiTestcases");

    /** The default base seed: the bytes of "TriScale" read as a big-endian long. */
    public static final long DEFAULT_SEED = 0x5472695363616c65L;
    static final String DEFAULT_OUTPUT_DIR = "target/triscale";
    /** What is drawn once per launch (the root context's store), whatever the number of tests. */
    private static final ExtensionContext.Namespace LAUNCH = ExtensionContext.Namespace.create(SettingsReader.class);

    private SettingsReader() {
    }

    /**
     * Reads the settings.
     *
     * @param context    the test template's context
     * @param declared   the checks policy given on {@code @Runs}, or empty for its default
     * @return the settings
     */
    public static Settings read(ExtensionContext context, Optional<FailingChecks> declared) {
        RENAMED.forEach((old, key) -> context.getConfigurationParameter(old).ifPresent(value -> {
            throw new ExtensionConfigurationException("TriScale configuration parameter " + old + " was renamed to "
                    + key + " in 0.2.0; set " + key + " = '" + value + "' instead");
        }));
        REMOVED.forEach(old -> context.getConfigurationParameter(old).ifPresent(value -> {
            throw new ExtensionConfigurationException("TriScale configuration parameter " + old + " was removed in"
                    + " 0.3.0: TriScale writes no per-series Surefire files any more, since each series' KPI checks"
                    + " are a test of their own (\"series k/S · KPI checks\") in Surefire's own report; remove " + old);
        }));
        Mode mode = parameter(context, MODE).map(text -> parseMode(text)).orElse(Mode.SOUND);
        FailingChecks checks = declared.orElseGet(() -> parameter(context, CHECKS).map(text -> parseChecks(text))
                .orElse(FailingChecks.WARN));
        long seed = parameter(context, SEED).map(text -> parseSeed(text)).orElse(DEFAULT_SEED);
        boolean progress = booleanParameter(context, PROGRESS).orElse(true);
        Path output = folder(context, OUTPUT_DIR, DEFAULT_OUTPUT_DIR);
        // Read by the launch listener at the launch's end; refused here, like every boolean, so that it fails the test.
        booleanParameter(context, ConfigurationKeys.SUMMARY_ENABLED);
        booleanParameter(context, ConfigurationKeys.REPORT_ENABLED);
        Settings.IdenticalRuns identical = parameter(context, CHECKS_IDENTICAL_RUNS).map(text -> parseIdentical(text))
                .orElse(Settings.IdenticalRuns.WARN);
        // Each launch draws its own arm order for interleaved gates, unless one is set to replay it.
        String orderKey = ConfigurationKeys.INTERLEAVE_ORDER;
        long order = parameter(context, orderKey).map(text -> InterleaveOrder.parse(text)
                .orElseThrow(() -> invalid(orderKey, text, InterleaveOrder.EXPECTED)))
                .orElseGet(() -> context.getRoot().getStore(LAUNCH)
                        .getOrComputeIfAbsent(orderKey, key -> InterleaveOrder.draw(), Long.class));
        return new Settings(mode, checks, seed, progress, output, identical, order);
    }

    /**
     * The keys whose values are numbers: their digits must be ASCII. Java's integer parsers take
     * the digits of every script ({@code Character.digit}), so {@code ٤} (Arabic-Indic four) would
     * otherwise be read as 4, while the same text is refused elsewhere in the build.
     */
    private static final java.util.Set<String> NUMERIC_KEYS = java.util.Set.of(SEED,
            ConfigurationKeys.BASELINE_FROM_HISTORY,
            ConfigurationKeys.BASELINE_ALPHA,
            ConfigurationKeys.BASELINE_TOLERANCE_FLOOR,
            ConfigurationKeys.RUNS_PARALLELISM,
            ConfigurationKeys.SHARD,
            ConfigurationKeys.SHARD_COUNT);

    /**
     * A configuration parameter's trimmed value, if set and not blank; a number's value with a
     * digit outside ASCII is refused.
     *
     * @param context the context
     * @param key     the key
     * @return the value
     * @throws ExtensionConfigurationException for a numeric key whose value has a non-ASCII digit
     */
    public static Optional<String> parameter(ExtensionContext context, String key) {
        Optional<String> value = context.getConfigurationParameter(key).map(String::trim).filter(text -> !text.isEmpty());
        if (value.isPresent() && NUMERIC_KEYS.contains(key) && !asciiDigits(value.get())) {
            throw invalid(key, value.get(), "a number written with the digits 0-9 (ASCII); digits of other scripts"
                    + " are not read");
        }
        return value;
    }

    /**
     * Whether every digit of a text is one of the ASCII digits 0-9.
     *
     * @param text the text
     * @return false when it holds a digit of another script
     */
    public static boolean asciiDigits(String text) {
        return text.chars().noneMatch(c -> Character.isDigit(c) && (c < '0' || c > '9'));
    }

    /** A {@code true}/{@code false} parameter, if set. */
    public static Optional<Boolean> booleanParameter(ExtensionContext context, String key) {
        return parameter(context, key).map(text -> parseBoolean(key, text));
    }

    /** A folder parameter, or its default, resolved by {@link #path(String, String)}. */
    public static Path folder(ExtensionContext context, String key, String defaultFolder) {
        return path(key, parameter(context, key).orElse(defaultFolder));
    }

    /**
     * A folder the gate reads from before any run ({@code triscale.baseline.dir},
     * {@code triscale.history.dir}), as {@link #folder}; a path that exists as a file is refused,
     * as a baseline folder that is a file would otherwise read as "no baseline". (The output
     * folders are checked when written: a verdict that cannot write its files fails and keeps its
     * outcome.)
     *
     * @param context       the context
     * @param key           the key
     * @param defaultFolder the default, relative to the module
     * @return the folder
     * @throws ExtensionConfigurationException naming the key when the path is a file
     */
    public static Path readFolder(ExtensionContext context, String key, String defaultFolder) {
        Optional<String> given = parameter(context, key);
        Path folder = path(key, given.orElse(defaultFolder));
        if (java.nio.file.Files.exists(folder) && !java.nio.file.Files.isDirectory(folder)) {
            throw new ExtensionConfigurationException("TriScale configuration parameter " + key + " = '"
                    + given.orElse(defaultFolder) + "'" + (given.isPresent() ? "" : " (the default)") + ": " + folder
                    + " is a file, not a folder; name a folder, or move the file away");
        }
        return folder;
    }

    private static Mode parseMode(String text) {
        for (Mode mode : Mode.values()) {
            if (mode.name().equalsIgnoreCase(text)) {
                return mode;
            }
        }
        throw invalid(MODE, text, "SOUND (the default) or TRISCALE");
    }

    private static FailingChecks parseChecks(String text) {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "warn": return FailingChecks.WARN;
            case "fail": return FailingChecks.FAIL;
            default: throw invalid(CHECKS, text, "warn (the default) or fail");
        }
    }

    private static Settings.IdenticalRuns parseIdentical(String text) {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "warn": return Settings.IdenticalRuns.WARN;
            case "fail": return Settings.IdenticalRuns.FAIL;
            case "off": return Settings.IdenticalRuns.OFF;
            default: throw invalid(CHECKS_IDENTICAL_RUNS, text, "warn (the default), fail, or off for a metric that"
                    + " is constant by design");
        }
    }

    private static long parseSeed(String text) {
        try {
            String lower = text.toLowerCase(Locale.ROOT);
            return lower.startsWith("0x") ? Long.parseUnsignedLong(lower.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw invalid(SEED, text, "a long integer, decimal (e.g. 42) or hexadecimal (e.g. 0x2a)");
        }
    }

    /**
     * Parses a {@code true}/{@code false} parameter's value.
     *
     * @param key the parameter, for the error
     * @param text its value
     * @return the value
     * @throws ExtensionConfigurationException if the text is neither (case-insensitive)
     */
    public static boolean parseBoolean(String key, String text) {
        if ("true".equalsIgnoreCase(text)) {
            return true;
        }
        if ("false".equalsIgnoreCase(text)) {
            return false;
        }
        throw invalid(key, text, "true or false");
    }

    /** Resolves a relative folder against the module's base folder (Surefire's {@code basedir}). */
    private static Path path(String key, String text) {
        try {
            Path path = Paths.get(text);
            if (path.isAbsolute()) {
                return path.normalize();
            }
            return ProjectPaths.baseDir().resolve(path).normalize();
        } catch (InvalidPathException e) {
            throw invalid(key, text, "a folder path (" + e.getReason() + ")");
        }
    }

    public static ExtensionConfigurationException invalid(String key, String value, String expected) {
        return new ExtensionConfigurationException("TriScale configuration parameter " + key + " = '" + value
                + "' is not valid; use " + expected);
    }
}
