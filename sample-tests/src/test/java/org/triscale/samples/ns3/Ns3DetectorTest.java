package org.triscale.samples.ns3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.opentest4j.TestAbortedException;

/** Detection on fake installation trees with a fake compiler script: no ns-3 needed. */
class Ns3DetectorTest {
    @TempDir
    Path root;
    private Path bin;

    @BeforeEach
    void fakeCompiler() throws IOException {
        bin = Files.createDirectories(root.resolve("bin"));
        Path compiler = bin.resolve("g++");
        Files.writeString(compiler, "#!/bin/sh\necho 'fake g++ 1.0'\n");
        Files.setPosixFilePermissions(compiler, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void findsDebianLayout() throws IOException {
        Path include = headers(root.resolve("usr/include"), "3", "37");
        Path lib = libraries(root.resolve("usr/lib/x86_64-linux-gnu"), "ns3", "");

        Ns3Availability availability = Ns3Detector.detect(locations(List.of(include), List.of(lib)));

        assertThat(availability.available()).as(availability.message()).isTrue();
        Ns3Installation installation = availability.installation().orElseThrow();
        assertThat(installation.includeDirectory()).isEqualTo(include);
        assertThat(installation.libraryDirectory()).isEqualTo(lib);
        assertThat(installation.libraryName("core")).isEqualTo("ns3-core");
        assertThat(installation.version()).isEqualTo("3.37");
        assertThat(installation.compiler()).isEqualTo(bin.resolve("g++"));
        assertThat(installation.compilerVersion()).isEqualTo("fake g++ 1.0");
        assertThat(installation.compileCommand(Path.of("dumbbell.cc"), Path.of("dumbbell"))).containsExactly(
                bin.resolve("g++").toString(), "-O2", "-std=c++17", "dumbbell.cc", "-o", "dumbbell", "-I" + include,
                "-L" + lib, "-Wl,-rpath," + lib, "-lns3-core", "-lns3-network", "-lns3-internet",
                "-lns3-point-to-point", "-lns3-applications", "-lns3-traffic-control");
        assertThat(availability.message()).contains("ns-3 3.37 found", "libns3-core.so");
    }

    @Test
    void findsUpstreamLayoutWithVersionedFoldersAndNames() throws IOException {
        Path prefix = root.resolve("opt/ns3");
        headers(prefix.resolve("include/ns3.36"), "3", "36");
        Path include = headers(prefix.resolve("include/ns3.40"), "3", "40");
        Path lib = libraries(prefix.resolve("lib"), "ns3.36", "-default");
        libraries(prefix.resolve("lib"), "ns3.40", "-default");

        Ns3Availability availability = Ns3Detector.detect(
                locations(List.of(prefix.resolve("include")), List.of(lib)));

        Ns3Installation installation = availability.installation().orElseThrow();
        assertThat(installation.includeDirectory()).isEqualTo(include);
        assertThat(installation.version()).isEqualTo("3.40");
        assertThat(installation.libraryName("traffic-control")).isEqualTo("ns3.40-traffic-control-default");
    }

    @Test
    void librariesOfAnotherVersionThanTheHeadersAreNotUsed() throws IOException {
        Path include = headers(root.resolve("include"), "3", "40");
        Path lib = libraries(root.resolve("lib"), "ns3.36", "-default");

        Ns3Availability availability = Ns3Detector.detect(locations(List.of(include), List.of(lib)));

        assertThat(availability.available()).isFalse();
        assertThat(availability.message()).contains("no complete set of ns-3 libraries");
    }

    @Test
    void missingHeadersSayHowToInstall() {
        Ns3Availability availability = Ns3Detector.detect(
                locations(List.of(root.resolve("nothing")), List.of(root.resolve("nothing"))));

        assertThat(availability.available()).isFalse();
        assertThat(availability.installation()).isEmpty();
        assertThat(availability.message()).contains("no ns-3 headers", "apt-get install libns3-dev g++",
                Ns3.PREFIX_PROPERTY);
    }

    @Test
    void aMissingModuleLibraryMakesTheSetIncomplete() throws IOException {
        Path include = headers(root.resolve("include"), "3", "37");
        Path lib = libraries(root.resolve("lib"), "ns3", "");
        Files.delete(lib.resolve("libns3-traffic-control.so"));

        Ns3Availability availability = Ns3Detector.detect(locations(List.of(include), List.of(lib)));

        assertThat(availability.available()).isFalse();
        assertThat(availability.message()).contains("traffic-control", lib.toString());
    }

    @Test
    void aMissingModuleHeaderMeansNoHeaders() throws IOException {
        Path include = headers(root.resolve("include"), "3", "37");
        Files.delete(include.resolve("ns3/point-to-point-module.h"));
        Path lib = libraries(root.resolve("lib"), "ns3", "");

        assertThat(Ns3Detector.detect(locations(List.of(include), List.of(lib))).message())
                .contains("no ns-3 headers");
    }

    @Test
    void noWorkingCompilerIsReported() throws IOException {
        Path include = headers(root.resolve("include"), "3", "37");
        Path lib = libraries(root.resolve("lib"), "ns3", "");
        Files.writeString(bin.resolve("g++"), "#!/bin/sh\nexit 1\n");

        Ns3Availability availability = Ns3Detector.detect(locations(List.of(include), List.of(lib)));

        assertThat(availability.available()).isFalse();
        assertThat(availability.message()).contains("no working C++ compiler", "g++", "apt-get install");
    }

    @Test
    void unknownVersionWhenTheHeadersDoNotSayIt() throws IOException {
        Path include = headers(root.resolve("include"), null, null);
        Path lib = libraries(root.resolve("lib"), "ns3", "");

        assertThat(Ns3Detector.detect(locations(List.of(include), List.of(lib))).installation().orElseThrow()
                .version()).isEqualTo("unknown");
    }

    @Test
    void absenceSkipsUnlessRequiredThenFails() {
        Ns3Availability missing = Ns3Availability.missing("no ns-3 headers");

        assertThatThrownBy(() -> Ns3.decide(missing, false, TestAbortedException::new))
                .isInstanceOf(TestAbortedException.class).hasMessageContaining("apt-get install libns3-dev g++");
        assertThatThrownBy(() -> Ns3.decide(missing, true, TestAbortedException::new))
                .isInstanceOf(Ns3UnavailableException.class)
                .hasMessageContaining("apt-get install libns3-dev g++")
                .hasMessageContaining("triscale.samples.backend=ns3");
    }

    @Test
    void presenceRunsWhetherRequiredOrNot() throws IOException {
        Path include = headers(root.resolve("include"), "3", "37");
        Path lib = libraries(root.resolve("lib"), "ns3", "");
        Ns3Availability found = Ns3Detector.detect(locations(List.of(include), List.of(lib)));

        assertThat(Ns3.decide(found, false, TestAbortedException::new).installation())
                .isEqualTo(found.installation().orElseThrow());
        assertThat(Ns3.decide(found, true, TestAbortedException::new)).isNotNull();
    }

    @Test
    @ResourceLock(Resources.SYSTEM_PROPERTIES)
    void backendPropertyDecidesWhetherNs3IsRequired() {
        String before = System.getProperty(Ns3.BACKEND_PROPERTY);
        try {
            System.setProperty(Ns3.BACKEND_PROPERTY, " NS3 ");
            assertThat(Ns3.required()).isTrue();
            System.setProperty(Ns3.BACKEND_PROPERTY, "emulator");
            assertThat(Ns3.required()).isFalse();
        } finally {
            if (before == null) {
                System.clearProperty(Ns3.BACKEND_PROPERTY);
            } else {
                System.setProperty(Ns3.BACKEND_PROPERTY, before);
            }
        }
    }

    @Test
    @ResourceLock(Resources.SYSTEM_PROPERTIES)
    void prefixPropertyRestrictsTheSearchToThatFolder() throws IOException {
        Path prefix = root.resolve("ns-3-dev");
        String before = System.getProperty(Ns3.PREFIX_PROPERTY);
        try {
            System.setProperty(Ns3.PREFIX_PROPERTY, prefix.toString());
            Ns3Availability missing = Ns3Detector.detect(Ns3Detector.fromEnvironment());
            assertThat(missing.available()).isFalse();
            assertThat(missing.message()).contains(prefix.resolve("include").toString(), "apt-get install");

            // An upstream build tree: build/include/ns3 and build/lib/libns3.<v>-<module>-default.so.
            headers(prefix.resolve("build/include"), "3", "37");
            libraries(prefix.resolve("build/lib"), "ns3.37", "-default");
            Ns3Detector.Locations where = Ns3Detector.fromEnvironment();
            Ns3Availability found = Ns3Detector.detect(new Ns3Detector.Locations(where.includeRoots(),
                    where.libraryDirectories(), List.of("g++"), List.of(bin)));
            assertThat(found.installation().orElseThrow().libraryDirectory()).isEqualTo(prefix.resolve("build/lib"));
            assertThat(found.installation().orElseThrow().libraryName("core")).isEqualTo("ns3.37-core-default");
        } finally {
            if (before == null) {
                System.clearProperty(Ns3.PREFIX_PROPERTY);
            } else {
                System.setProperty(Ns3.PREFIX_PROPERTY, before);
            }
        }
    }

    private Ns3Detector.Locations locations(List<Path> includes, List<Path> libraries) {
        return new Ns3Detector.Locations(includes, libraries, List.of("g++"), List.of(bin));
    }

    private static Path headers(Path include, String major, String minor) throws IOException {
        Path ns3 = Files.createDirectories(include.resolve("ns3"));
        for (String module : Ns3Installation.MODULES) {
            Files.writeString(ns3.resolve(module + "-module.h"), "// fake\n");
        }
        if (major != null) {
            Files.writeString(ns3.resolve("version-defines.h"), "#define NS3_VERSION_MAJOR " + major
                    + "\n#define NS3_VERSION_MINOR " + minor + "\n#define NS3_VERSION_PATCH 0\n");
        }
        return include;
    }

    private static Path libraries(Path lib, String prefix, String suffix) throws IOException {
        Files.createDirectories(lib);
        for (String module : Ns3Installation.MODULES) {
            Files.writeString(lib.resolve("lib" + prefix + "-" + module + suffix + ".so"), "");
        }
        return lib;
    }
}
