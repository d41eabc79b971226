package org.triscale.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints where the TriScale results are once the test plan has run, with the verdict of each
 * result written during the launch, for example:
 *
 * <pre>
 * TriScale results: /home/me/cca/target/triscale (7 files)
 *   PASSED org.triscale.samples.LongPathCcaTest.cubic
 *   ...
 * TriScale per-series Surefire reports: /home/me/cca/target/surefire-reports (32 files TEST-*.series-*.xml)
 * </pre>
 *
 * Registered for the launcher through {@code META-INF/services}. It reads the folders from the
 * same configuration parameters as the extension ({@code triscale.output.dir},
 * {@code triscale.surefire.reports.dir}), relative to the module's folder, and prints nothing when
 * no TriScale test wrote a result during the launch (a launch of unit tests only, for example).
 */
public final class TriscaleResultsListener implements TestExecutionListener {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Results are small; a larger file is not one of ours and is not read. */
    private static final long MAX_RESULT_BYTES = 256L * 1024 * 1024;

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
        List<Path> written = files(results, "*.json", started);
        if (written.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder("TriScale results: ").append(results).append(" (")
                .append(files(results, "*.json", Instant.EPOCH).size()).append(" files)\n");
        for (Path file : written) {
            String name = file.getFileName().toString();
            text.append("  ").append(verdict(file)).append(' ')
                    .append(name, 0, name.length() - ".json".length()).append('\n');
        }
        if (parameters.getBoolean("triscale.surefire.reports").orElse(true)) {
            Path reports = folder(parameters, "triscale.surefire.reports.dir", "target/surefire-reports");
            text.append("TriScale per-series Surefire reports: ").append(reports).append(" (")
                    .append(files(reports, "TEST-*.series-*.xml", Instant.EPOCH).size())
                    .append(" files TEST-*.series-*.xml)\n");
        }
        System.out.print(text);
        System.out.flush();
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

    /** The files matching a glob modified since a time, sorted by name. */
    private static List<Path> files(Path folder, String glob, Instant since) {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return found;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, glob)) {
            for (Path file : files) {
                if (!Files.getLastModifiedTime(file).toInstant().isBefore(since)) {
                    found.add(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
        found.sort(null);
        return found;
    }

    /** The verdict's status, {@code PASSED} or {@code FAILED}; {@code ?} when the file cannot be read. */
    private static String verdict(Path file) {
        try {
            if (Files.size(file) > MAX_RESULT_BYTES) {
                return "?";
            }
            JsonNode status = JSON.readTree(file.toFile()).path("verdict").path("status");
            return status.isTextual() ? status.asText() : "?";
        } catch (IOException e) {
            return "?";
        }
    }
}
