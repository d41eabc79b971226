package org.triscale.engine.calibration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Settings shared by the seeded Monte Carlo calibrations of the checks.
 *
 * <p>By default a calibration runs few replications (seconds for the whole suite) and asserts its
 * promise with the Monte Carlo error taken into account. With {@code -Dtriscale.calibration=full}
 * it runs the replications recorded in the documentation and writes its markdown table to the
 * standard output and to {@code target/checks-calibration/}.
 */
public final class Calibration {
    /** Sample sizes at which the false-alarm rate is promised. */
    public static final int[] SIZES = {5, 6, 8, 10, 15, 20, 30, 50, 100, 200};

    /** The false-alarm rates tested. */
    public static final double[] ALPHAS = {0.025, 0.05};

    private Calibration() {
    }

    /** Whether the full calibration was requested. */
    public static boolean full() {
        return "full".equalsIgnoreCase(System.getProperty("triscale.calibration", ""));
    }

    /** {@code fast} replications by default, {@code full} in the full calibration. */
    public static int replications(int fast, int full) {
        return full() ? full : fast;
    }

    /** The generator of one calibration cell: XoRoShiRo128++ seeded with {@code seed}. */
    public static UniformRandomProvider rng(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }

    /** Seed of a cell: {@code base + 1000 · model + n}. */
    public static long seed(long base, IidModel model, int n) {
        return base + 1000L * model.ordinal() + n;
    }

    /** Standard error of a rate p estimated from r replications. */
    public static double standardError(double p, int r) {
        return Math.sqrt(p * (1 - p) / r);
    }

    /** A rate as a percentage with one decimal. */
    public static String percent(double rate) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * rate);
    }

    /** Prints a table, and in the full calibration also writes it to {@code target/checks-calibration/}. */
    public static void publish(String name, String markdown) {
        System.out.println(markdown);
        if (!full()) {
            return;
        }
        try {
            Path dir = Path.of("target", "checks-calibration");
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, name, ".tmp");
            Files.writeString(tmp, markdown, StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve(name + ".md"), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
