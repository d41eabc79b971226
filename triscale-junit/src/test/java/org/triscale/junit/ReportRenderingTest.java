package org.triscale.junit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders report pages (a fixed test's and an adaptive test's) in headless Chromium (Debian's {@code chromium} package; CI installs it)
 * and checks that it loads with no console message and no network request. Skipped, with a
 * message saying so, when no Chromium is on the PATH.
 */
class ReportRenderingTest {
    private static final List<String> BROWSERS = List.of("chromium", "chromium-browser", "google-chrome");

    @TempDir
    Path folder;

    @Test
    void pageRendersOfflineWithoutConsoleErrors() throws Exception {
        Path index = ReportTest.report(folder.resolve("run"));
        String dom = render(index.resolveSibling(ReportTest.Charted.class.getName() + ".cca.html"));
        assertThat(dom).contains("<svg").contains("data-chart=\"cdf\"");
    }

    @Test
    void indexWithItsFilterRendersOfflineWithoutConsoleErrors() throws Exception {
        Path index = ReportTest.report(folder.resolve("index"));
        String dom = render(index);
        assertThat(dom).contains("<select id=\"verdict\">").contains("data-verdict=\"PASSED\"");
    }

    @Test
    void adaptivePageRendersOfflineWithoutConsoleErrors() throws Exception {
        Path index = AdaptiveReportTest.report(folder.resolve("adaptive"));
        String dom = render(index.resolveSibling(AdaptiveReportTest.TwoKpis.class.getName() + ".cca.html"));
        assertThat(dom).contains("data-chart=\"sequential\"").contains("class=\"stop\"");
    }

    /** The page's DOM after headless Chromium loaded it, checking that it logged no console message. */
    private String render(Path page) throws Exception {
        Optional<Path> browser = browser();
        Assumptions.assumeTrue(browser.isPresent(), "no Chromium on the PATH (looked for " + BROWSERS
                + "): the report's rendering is not checked; install Debian's chromium package to check it");
        Path work = Files.createTempDirectory(folder, "chromium");
        List<String> command = new ArrayList<>(List.of(browser.get().toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + work.resolve("profile"),
                // Any fetch the page tried would fail, and be logged as a console error.
                "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=2000", "--dump-dom", page.toUri().toString()));
        Path out = work.resolve("dom.html");
        Path err = work.resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean finished = process.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly();
        }
        assertThat(finished).as("Chromium finished within 2 minutes").isTrue();
        String log = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("Chromium's exit code; its log:\n" + log).isZero();
        assertThat(log.lines().filter(line -> line.contains(":CONSOLE") || line.contains("Failed to load resource")
                || line.contains("net::ERR_")).toList()).as("console messages").isEmpty();
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static Optional<Path> browser() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : BROWSERS) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
