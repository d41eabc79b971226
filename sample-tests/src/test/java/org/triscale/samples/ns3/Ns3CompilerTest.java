package org.triscale.samples.ns3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

class Ns3CompilerTest {
    private static final Ns3Installation FAKE = new Ns3Installation(Path.of("/usr/bin/g++"), "g++ 12.2.0",
            Path.of("/usr/include"), Path.of("/usr/lib/x86_64-linux-gnu"), "ns3", "", "3.37");
    /** A trivial program: compiles in well under a second, links nothing from ns-3 it does not need. */
    private static final String TRIVIAL = "int main() { return 0; }\n";

    @TempDir
    Path cache;

    @Test
    void cacheKeyIsStableAndDependsOnSourceCommandAndInstallation() {
        Ns3Compiler compiler = new Ns3Compiler(FAKE, cache, Duration.ofMinutes(1));
        String key = compiler.cacheKey("dumbbell", "int main() {}");

        assertThat(key).hasSize(64).matches("[0-9a-f]+");
        assertThat(new Ns3Compiler(FAKE, cache.resolve("elsewhere"), Duration.ofMinutes(1))
                .cacheKey("dumbbell", "int main() {}")).as("independent of the cache folder").isEqualTo(key);
        assertThat(compiler.cacheKey("dumbbell", "int main() { }")).isNotEqualTo(key);
        assertThat(compiler.cacheKey("other", "int main() {}")).as("name is part of the command").isNotEqualTo(key);
        assertThat(new Ns3Compiler(withCompilerVersion("g++ 13.1.0"), cache, Duration.ofMinutes(1))
                .cacheKey("dumbbell", "int main() {}")).isNotEqualTo(key);
        assertThat(new Ns3Compiler(withLibraryDirectory(Path.of("/opt/ns3/lib")), cache, Duration.ofMinutes(1))
                .cacheKey("dumbbell", "int main() {}")).isNotEqualTo(key);
        assertThat(Ns3Compiler.cacheKey("int main() {}", List.of("g++", "-O3"), FAKE))
                .isNotEqualTo(Ns3Compiler.cacheKey("int main() {}", List.of("g++", "-O2"), FAKE));
        // Field boundaries are unambiguous: moving text between source and command changes the key.
        assertThat(Ns3Compiler.cacheKey("ab", List.of("c"), FAKE))
                .isNotEqualTo(Ns3Compiler.cacheKey("a", List.of("bc"), FAKE));
    }

    @Test
    void cacheKeyOfTheShippedScenarioIsAPureFunctionOfItsInputs() {
        String source = Ns3.scenarioSource();
        String key = new Ns3Compiler(FAKE, cache, Duration.ofMinutes(1)).cacheKey(Ns3.SCENARIO, source);
        assertThat(new Ns3Compiler(FAKE, cache, Duration.ofMinutes(1)).cacheKey(Ns3.SCENARIO, Ns3.scenarioSource()))
                .isEqualTo(key);
        assertThat(source).contains("int\nmain(", "CommandLine", "FifoQueueDisc", "RedQueueDisc");
    }

    @Test
    void compilesOnceThenReuses() throws IOException {
        Ns3Compiler compiler = new Ns3Compiler(installation(), cache, Duration.ofMinutes(2));

        Ns3Compiler.Result first = compiler.ensureCompiled("probe", TRIVIAL);
        Ns3Compiler.Result second = new Ns3Compiler(installation(), cache, Duration.ofMinutes(2))
                .ensureCompiled("probe", TRIVIAL);

        assertThat(first.compiledNow()).isTrue();
        assertThat(second.compiledNow()).isFalse();
        assertThat(second.executable()).isEqualTo(first.executable());
        assertThat(first.executable()).isExecutable()
                .isEqualTo(cache.toAbsolutePath().resolve(first.cacheKey()).resolve("probe"));
        assertThat(first.executable().resolveSibling("probe.cc")).hasContent(TRIVIAL.strip());
        assertThat(leftovers()).as("no temporary build folders remain").isEmpty();
    }

    @Test
    void concurrentCallersCompileOnce() throws Exception {
        int callers = 4;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<Ns3Compiler.Result>> results = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                // Separate compiler objects, as separate tests would have.
                Ns3Compiler compiler = new Ns3Compiler(installation(), cache, Duration.ofMinutes(2));
                results.add(pool.submit(() -> {
                    start.await();
                    return compiler.ensureCompiled("probe", TRIVIAL + "// concurrent\n");
                }));
            }
            start.countDown();
            List<Ns3Compiler.Result> done = new ArrayList<>();
            for (Future<Ns3Compiler.Result> result : results) {
                done.add(result.get());
            }
            assertThat(done).filteredOn(Ns3Compiler.Result::compiledNow).hasSize(1);
            assertThat(done).extracting(Ns3Compiler.Result::executable).containsOnly(done.get(0).executable());
        } finally {
            pool.shutdownNow();
        }
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aSourceThatDoesNotCompileFailsWithTheCompilerOutput() throws IOException {
        Ns3Compiler compiler = new Ns3Compiler(installation(), cache, Duration.ofMinutes(2));

        assertThatThrownBy(() -> compiler.ensureCompiled("broken", "int main() { return undefined_name; }\n"))
                .isInstanceOfSatisfying(Ns3CompilationException.class, e -> {
                    assertThat(e.compilerOutput()).contains("undefined_name");
                    assertThat(e.command()).contains("broken.cc", "-std=c++17");
                    assertThat(e.getMessage()).contains("does not compile", "undefined_name");
                });
        assertThat(leftovers()).isEmpty();
        try (Stream<Path> entries = Files.list(cache)) {
            assertThat(entries.filter(Files::isDirectory)).as("nothing published for a failed build").isEmpty();
        }
    }

    @Test
    void publishingKeepsTheBuildThatGotThereFirst() throws IOException {
        Path target = Files.createDirectories(cache.resolve("key"));
        Path theirs = Files.writeString(target.resolve("probe"), "theirs");
        theirs.toFile().setExecutable(true);
        Path build = Files.createDirectories(cache.resolve(".build-1"));
        Files.writeString(build.resolve("probe"), "ours");

        Ns3Compiler.publish(build, target, "probe");

        assertThat(theirs).hasContent("theirs");
        assertThat(build.resolve("probe")).as("ours is left for the caller to delete").exists();
    }

    @Test
    void publishingIntoAFreeSlotRenamesTheBuild() throws IOException {
        Path build = Files.createDirectories(cache.resolve(".build-2"));
        Files.writeString(build.resolve("probe"), "ours");

        Ns3Compiler.publish(build, cache.resolve("key"), "probe");

        assertThat(cache.resolve("key/probe")).hasContent("ours");
        assertThat(build).doesNotExist();
    }

    @Test
    void publishingOverABrokenSlotSaysWhatToDelete() throws IOException {
        Path target = Files.createDirectories(cache.resolve("key"));
        Files.writeString(target.resolve("junk"), "");
        Path build = Files.createDirectories(cache.resolve(".build-3"));
        Files.writeString(build.resolve("probe"), "ours");

        assertThatThrownBy(() -> Ns3Compiler.publish(build, target, "probe")).isInstanceOf(IOException.class)
                .hasMessageContaining("delete that folder");
    }

    private List<Path> leftovers() throws IOException {
        try (Stream<Path> entries = Files.list(cache)) {
            return entries.filter(path -> path.getFileName().toString().startsWith(".build-")).toList();
        }
    }

    /** The real installation: these tests need the C++ compiler and the ns-3 libraries to link against. */
    private static Ns3Installation installation() {
        return Ns3.requireOrSkip(TestAbortedException::new).installation();
    }

    private static Ns3Installation withCompilerVersion(String version) {
        return new Ns3Installation(FAKE.compiler(), version, FAKE.includeDirectory(), FAKE.libraryDirectory(),
                FAKE.libraryPrefix(), FAKE.librarySuffix(), FAKE.version());
    }

    private static Ns3Installation withLibraryDirectory(Path directory) {
        return new Ns3Installation(FAKE.compiler(), FAKE.compilerVersion(), FAKE.includeDirectory(), directory,
                FAKE.libraryPrefix(), FAKE.librarySuffix(), FAKE.version());
    }
}
