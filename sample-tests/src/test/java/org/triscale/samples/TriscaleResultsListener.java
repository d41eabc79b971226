package org.triscale.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints where the TriScale results are once the test plan has run, for example:
 *
 * <pre>
 * TriScale results: /home/me/cca/sample-tests/target/triscale (7 files)
 * TriScale per-series Surefire reports: /home/me/cca/sample-tests/target/surefire-reports (27 files TEST-*.series-*.xml)
 * </pre>
 *
 * Registered for the launcher through {@code META-INF/services}. It reads the folders from the
 * same configuration parameters as the extension ({@code triscale.output.dir},
 * {@code triscale.surefire.reportsDir}), relative to the module's folder, and prints nothing when
 * no TriScale test wrote a result during the launch (a launch of unit tests only, for example).
 */
public final class TriscaleResultsListener implements TestExecutionListener {
    private Instant started = Instant.now();

    /** Creates the listener; the launcher does. */
    public TriscaleResultsListener() {
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        // File times have a coarse resolution on some file systems: allow a second.
        started = Instant.now().minusSeconds(1);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        ConfigurationParameters parameters = testPlan.getConfigurationParameters();
        Path results = folder(parameters, "triscale.output.dir", "target/triscale");
        if (count(results, "*.json", started) == 0) {
            return;
        }
        System.out.println("TriScale results: " + results + " (" + count(results, "*.json", Instant.EPOCH)
                + " files)");
        if (parameters.getBoolean("triscale.surefire.reports").orElse(true)) {
            Path reports = folder(parameters, "triscale.surefire.reportsDir", "target/surefire-reports");
            System.out.println("TriScale per-series Surefire reports: " + reports + " ("
                    + count(reports, "TEST-*.series-*.xml", Instant.EPOCH) + " files TEST-*.series-*.xml)");
        }
    }

    /** A folder parameter, resolved as the extension does: against Surefire's {@code basedir}. */
    private static Path folder(ConfigurationParameters parameters, String key, String fallback) {
        Path path = Paths.get(parameters.get(key).map(String::trim).filter(v -> !v.isEmpty()).orElse(fallback));
        if (path.isAbsolute()) {
            return path.normalize();
        }
        String base = System.getProperty("basedir");
        return (base == null ? Paths.get("").toAbsolutePath() : Paths.get(base)).resolve(path).normalize();
    }

    private static long count(Path folder, String glob, Instant since) {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        long count = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, glob)) {
            for (Path file : files) {
                FileTime modified = Files.getLastModifiedTime(file);
                if (!modified.toInstant().isBefore(since)) {
                    count++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
        return count;
    }
}
