package org.triscale.junit.internal.setup;

import org.triscale.results.internal.common.ProjectPaths;
import org.triscale.results.internal.setup.FailingChecks;
import org.triscale.results.internal.setup.Settings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.engine.Mode;
import org.triscale.junit.ChecksPolicy;

import static org.triscale.junit.TriscaleConstants.BASELINE_FROM_HISTORY;
import static org.triscale.junit.TriscaleConstants.CHECKS;
import static org.triscale.junit.TriscaleConstants.CHECKS_IDENTICAL_RUNS;
import static org.triscale.junit.TriscaleConstants.MODE;
import static org.triscale.junit.TriscaleConstants.OUTPUT_DIR;
import static org.triscale.junit.TriscaleConstants.PROGRESS;
import static org.triscale.junit.TriscaleConstants.SEED;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Reads the configuration parameters of {@link org.triscale.junit.TriscaleConstants} (junit-platform.properties or -D). */
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

    private SettingsReader() {
    }

    /**
     * Reads the settings.
     *
     * @param context    the test template's context
     * @param annotation the checks policy given on {@code @Runs}
     */
    static Settings read(ExtensionContext context, ChecksPolicy annotation) {
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
        FailingChecks checks = annotation != ChecksPolicy.DEFAULT ? FailingChecks.valueOf(annotation.name())
                : parameter(context, CHECKS).map(text -> parseChecks(text)).orElse(FailingChecks.WARN);
        long seed = parameter(context, SEED).map(text -> parseSeed(text)).orElse(DEFAULT_SEED);
        boolean progress = booleanParameter(context, PROGRESS).orElse(true);
        Path output = folder(context, OUTPUT_DIR, DEFAULT_OUTPUT_DIR);
        Settings.IdenticalRuns identical = parameter(context, CHECKS_IDENTICAL_RUNS).map(text -> parseIdentical(text))
                .orElse(Settings.IdenticalRuns.WARN);
        return new Settings(mode, checks, seed, progress, output, identical);
    }

    public static Optional<String> parameter(ExtensionContext context, String key) {
        return context.getConfigurationParameter(key).map(String::trim).filter(text -> !text.isEmpty());
    }

    /** A {@code true}/{@code false} parameter, if set. */
    public static Optional<Boolean> booleanParameter(ExtensionContext context, String key) {
        return parameter(context, key).map(text -> parseBoolean(key, text));
    }

    /** A folder parameter, or its default, resolved by {@link #path(String, String)}. */
    public static Path folder(ExtensionContext context, String key, String defaultFolder) {
        return path(key, parameter(context, key).orElse(defaultFolder));
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
