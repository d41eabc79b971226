package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.commons.support.AnnotationSupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runtime check, run in class loaders of its own over real JUnit jars: the refused 5.13 (copied
 * to {@code target/junit-refused} by the build) and the one the module is tested with (5.14 or 6.x),
 * both also with their manifests removed, as a shaded or repackaged copy has them.
 */
class JUnitVersionTest {
    private static final Path MODULE = Path.of(System.getProperty("basedir", "")).toAbsolutePath();

    @TempDir
    Path temp;

    @Test
    void refusesJupiter513NamingWhatIsMissingAndTheFix() throws Exception {
        List<Path> jars = refusedJars();

        assertThat(isolatedProblem(jars)).get().asString()
                .startsWith("TriScale for JUnit needs JUnit Jupiter 5.14 or 6.x")
                .contains("has no org.junit.jupiter.api.MediaType (added in Jupiter 5.14)")
                .contains("import the junit-bom 5.14.x (or 6.x)")
                .contains("junit-platform-console-standalone 1.14.x (or 6.x)");
        assertThat(isolatedProblem(withoutManifests(jars))).isPresent();
    }

    @Test
    void acceptsTheJUnitOnTheClassPathAlsoWithoutManifests() throws Exception {
        List<Path> jars = List.of(jarOf(ExtensionContext.class), jarOf(AnnotationSupport.class));

        assertThat(isolatedProblem(jars)).isEmpty();
        assertThat(isolatedProblem(withoutManifests(jars))).isEmpty();
        assertThat(JUnitVersion.problem(JUnitVersion.class.getClassLoader(), null)).isEmpty();
    }

    @Test
    void refusesAnEngineOlderThanItsApi() {
        assertThat(JUnitVersion.problem(JUnitVersion.class.getClassLoader(), OldEngineContext.class)).get().asString()
                .contains("the JUnit Jupiter engine running the test (" + OldEngineContext.class.getName()
                        + ") does not implement ExtensionContext.publishFile(String, MediaType, ThrowingConsumer)")
                .contains("import the junit-bom 5.14.x");
    }

    /** A context as a 5.13 engine's, compiled before 5.14 added the method: abstract here. */
    abstract static class OldEngineContext implements ExtensionContext {
    }

    private static List<Path> refusedJars() throws IOException {
        try (Stream<Path> files = Files.list(MODULE.resolve("target/junit-refused"))) {
            List<Path> jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
            assertThat(jars).as("jars of the refused JUnit, copied by the build").hasSize(2)
                    .anySatisfy(jar -> assertThat(jar.getFileName().toString()).startsWith("junit-jupiter-api-5.13"));
            return jars;
        }
    }

    /** Runs {@code JUnitVersion.problem} loaded, with JUnit, by a loader over only the given jars and the module's classes. */
    private static Optional<?> isolatedProblem(List<Path> jars) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            urls.add(jar.toUri().toURL());
        }
        urls.add(jarOf(JUnitVersion.class).toUri().toURL());
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            Class<?> check = Class.forName(JUnitVersion.class.getName(), false, loader);
            assertThat(check.getClassLoader()).isSameAs(loader);
            Method problem = check.getDeclaredMethod("problem", ClassLoader.class, Class.class);
            problem.setAccessible(true);
            return (Optional<?>) problem.invoke(null, loader, null);
        }
    }

    private List<Path> withoutManifests(List<Path> jars) throws IOException {
        List<Path> copies = new ArrayList<>();
        for (Path jar : jars) {
            Path copy = temp.resolve("shaded-" + jar.getFileName());
            try (ZipFile in = new ZipFile(jar.toFile()); OutputStream file = Files.newOutputStream(copy);
                 ZipOutputStream out = new ZipOutputStream(file)) {
                for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
                    ZipEntry entry = entries.nextElement();
                    if (entry.getName().startsWith("META-INF/")) {
                        continue;
                    }
                    out.putNextEntry(new ZipEntry(entry.getName()));
                    try (InputStream data = in.getInputStream(entry)) {
                        data.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
            copies.add(copy);
        }
        return copies;
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
