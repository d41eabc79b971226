package org.triscale.samples.ns3;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A usable ns-3 installation and C++ compiler, as found by {@link Ns3#availability()}.
 *
 * <p>Library names follow the installation: Debian's {@code libns3-dev} ships
 * {@code libns3-core.so} (prefix {@code ns3}, no suffix), an upstream CMake build
 * {@code libns3.37-core-default.so} (prefix {@code ns3.37}, suffix {@code -default}).
 *
 * @param compiler         the C++ compiler executable
 * @param compilerVersion  first line of {@code compiler --version}
 * @param includeDirectory directory holding {@code ns3/core-module.h}
 * @param libraryDirectory directory holding the ns-3 shared libraries
 * @param libraryPrefix    library name before the module, e.g. {@code ns3} or {@code ns3.37}
 * @param librarySuffix    library name after the module, e.g. empty or {@code -default}
 * @param version          ns-3 version from {@code ns3/version-defines.h}, e.g. {@code 3.37}, or
 *                         {@code unknown}
 */
public record Ns3Installation(Path compiler, String compilerVersion, Path includeDirectory, Path libraryDirectory,
                              String libraryPrefix, String librarySuffix, String version) {

    /** The ns-3 modules the dumbbell scenario links. */
    public static final List<String> MODULES =
            List.of("core", "network", "internet", "point-to-point", "applications", "traffic-control");

    /**
     * Checks that no component is null.
     *
     * @throws NullPointerException if one is
     */
    public Ns3Installation {
        Objects.requireNonNull(compiler, "compiler");
        Objects.requireNonNull(compilerVersion, "compilerVersion");
        Objects.requireNonNull(includeDirectory, "includeDirectory");
        Objects.requireNonNull(libraryDirectory, "libraryDirectory");
        Objects.requireNonNull(libraryPrefix, "libraryPrefix");
        Objects.requireNonNull(librarySuffix, "librarySuffix");
        Objects.requireNonNull(version, "version");
    }

    /**
     * The linker name of one module's library.
     *
     * @param module a module such as {@code core}
     * @return e.g. {@code ns3-core} (linked as {@code -lns3-core})
     */
    public String libraryName(String module) {
        return libraryPrefix + "-" + module + librarySuffix;
    }

    /**
     * The compiler command that builds a scenario.
     *
     * @param source the C++ source
     * @param output the executable to write
     * @return the command and its arguments
     */
    public List<String> compileCommand(Path source, Path output) {
        List<String> command = new ArrayList<>(List.of(compiler.toString(), "-O2", "-std=c++17", source.toString(),
                "-o", output.toString(), "-I" + includeDirectory, "-L" + libraryDirectory,
                "-Wl,-rpath," + libraryDirectory));
        for (String module : MODULES) {
            command.add("-l" + libraryName(module));
        }
        return List.copyOf(command);
    }
}
