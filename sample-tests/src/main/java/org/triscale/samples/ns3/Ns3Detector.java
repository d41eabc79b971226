package org.triscale.samples.ns3;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Finds ns-3 without pkg-config (Debian's .pc files name libraries that need extra packages):
 * headers are a directory with {@code ns3/core-module.h} and the other modules' headers, plain or
 * under a versioned {@code ns3.<version>} folder; libraries are a directory with a
 * {@code lib<prefix>-core<suffix>.so} whose prefix and suffix also name every other needed module;
 * the compiler is one that answers {@code --version}. Presence of these files is the test; a wrong
 * installation shows up as a compilation failure, which is reported as such.
 */
final class Ns3Detector {
    private static final Pattern CORE_LIBRARY = Pattern.compile("lib(ns3(?:\\.[0-9]+)*)-core(-[A-Za-z]+)?\\.so");
    private static final Pattern VERSION_DEFINE = Pattern.compile("#define\\s+NS3_VERSION_(MAJOR|MINOR|PATCH)\\s+(\\d+)");
    private static final Pattern LDCONFIG_ENTRY = Pattern.compile("=>\\s*(\\S*libns3\\S*-core\\S*\\.so\\S*)");
    private static final List<String> DEFAULT_COMPILERS = List.of("g++", "c++", "clang++");

    /** Where to look: include roots, library directories, compiler names or paths (first that runs wins). */
    record Locations(List<Path> includeRoots, List<Path> libraryDirectories, List<String> compilers,
                     List<Path> executablePath) {
        Locations {
            includeRoots = List.copyOf(includeRoots);
            libraryDirectories = List.copyOf(libraryDirectories);
            compilers = List.copyOf(compilers);
            executablePath = List.copyOf(executablePath);
        }
    }

    private Ns3Detector() {
    }

    /**
     * The default search: {@value Ns3#PREFIX_PROPERTY} (or {@code NS3_PREFIX}) restricts it to one
     * installation or build directory; otherwise the usual system folders, {@code LD_LIBRARY_PATH}
     * and the folders {@code ldconfig -p} knows. {@value Ns3#COMPILER_PROPERTY} (or {@code CXX})
     * names the compiler; otherwise g++, c++ or clang++ from the {@code PATH}.
     */
    static Locations fromEnvironment() {
        List<Path> executablePath = splitPath(System.getenv("PATH"));
        String compiler = firstNonBlank(System.getProperty(Ns3.COMPILER_PROPERTY), System.getenv("CXX"));
        List<String> compilers = compiler != null ? List.of(compiler) : DEFAULT_COMPILERS;
        String prefix = firstNonBlank(System.getProperty(Ns3.PREFIX_PROPERTY), System.getenv("NS3_PREFIX"));
        if (prefix != null) {
            Path root = Path.of(prefix);
            return new Locations(List.of(root.resolve("include"), root.resolve("build/include"), root),
                    List.of(root.resolve("lib"), root.resolve("lib64"), root.resolve("build/lib"), root),
                    compilers, executablePath);
        }
        Set<Path> libraries = new LinkedHashSet<>(splitPath(System.getenv("LD_LIBRARY_PATH")));
        libraries.addAll(ldconfigDirectories(executablePath));
        libraries.addAll(multiarchDirectories(Path.of("/usr/lib")));
        libraries.addAll(List.of(Path.of("/usr/lib64"), Path.of("/usr/lib"), Path.of("/usr/local/lib64"),
                Path.of("/usr/local/lib")));
        return new Locations(List.of(Path.of("/usr/include"), Path.of("/usr/local/include")), List.copyOf(libraries),
                compilers, executablePath);
    }

    static Ns3Availability detect(Locations where) {
        Optional<Path> include = findIncludeDirectory(where.includeRoots());
        if (include.isEmpty()) {
            return Ns3Availability.missing("no ns-3 headers (ns3/core-module.h and the "
                    + String.join(", ", Ns3Installation.MODULES) + " module headers) under "
                    + describe(where.includeRoots()) + " or their ns3.<version> folders");
        }
        String version = version(include.get());
        Optional<LibrarySet> libraries = findLibraries(where.libraryDirectories(), version);
        if (libraries.isEmpty()) {
            return Ns3Availability.missing("ns-3 headers found in " + include.get() + " but no complete set of ns-3"
                    + " libraries (lib<ns3 prefix>-<module>.so for " + String.join(", ", Ns3Installation.MODULES)
                    + ") in " + describe(where.libraryDirectories()));
        }
        Optional<Compiler> compiler = findCompiler(where.compilers(), where.executablePath());
        if (compiler.isEmpty()) {
            return Ns3Availability.missing("ns-3 found but no working C++ compiler (tried "
                    + String.join(", ", where.compilers()) + ")");
        }
        LibrarySet set = libraries.get();
        return Ns3Availability.found(new Ns3Installation(compiler.get().path(), compiler.get().version(),
                include.get(), set.directory(), set.prefix(), set.suffix(), version));
    }

    private static Optional<Path> findIncludeDirectory(List<Path> roots) {
        for (Path root : roots) {
            if (hasAllHeaders(root)) {
                return Optional.of(root);
            }
            // Upstream installs put headers in <prefix>/include/ns3.<version>/ns3/; newest first.
            for (Path versioned : children(root, "ns3.*").stream()
                    .sorted(Comparator.comparing(Ns3Detector::versionKey, LEXICOGRAPHIC).reversed()).toList()) {
                if (hasAllHeaders(versioned)) {
                    return Optional.of(versioned);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean hasAllHeaders(Path root) {
        return Ns3Installation.MODULES.stream()
                .allMatch(module -> Files.isRegularFile(root.resolve("ns3").resolve(module + "-module.h")));
    }

    private static String version(Path include) {
        Path defines = include.resolve("ns3/version-defines.h");
        String major = null;
        String minor = null;
        String patch = null;
        try {
            if (Files.isRegularFile(defines)) {
                Matcher matcher = VERSION_DEFINE.matcher(Files.readString(defines, StandardCharsets.ISO_8859_1));
                while (matcher.find()) {
                    switch (matcher.group(1)) {
                        case "MAJOR" -> major = matcher.group(2);
                        case "MINOR" -> minor = matcher.group(2);
                        default -> patch = matcher.group(2);
                    }
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        if (major == null || minor == null) {
            return "unknown";
        }
        return major + "." + minor + (patch == null || patch.equals("0") ? "" : "." + patch);
    }

    private record LibrarySet(Path directory, String prefix, String suffix) {
    }

    private static Optional<LibrarySet> findLibraries(List<Path> directories, String headerVersion) {
        List<LibrarySet> complete = new ArrayList<>();
        for (Path directory : directories) {
            for (Path core : children(directory, "libns3*-core*.so")) {
                Matcher matcher = CORE_LIBRARY.matcher(core.getFileName().toString());
                if (!matcher.matches()) {
                    continue;
                }
                LibrarySet set = new LibrarySet(directory, matcher.group(1),
                        matcher.group(2) == null ? "" : matcher.group(2));
                boolean all = Ns3Installation.MODULES.stream().allMatch(module -> Files.exists(
                        directory.resolve("lib" + set.prefix() + "-" + module + set.suffix() + ".so")));
                if (all) {
                    complete.add(set);
                }
            }
        }
        // A versioned library name must agree with the headers; an unversioned one (Debian) always may.
        String versioned = "ns" + headerVersion;
        return complete.stream().filter(set -> set.prefix().equals("ns3") || headerVersion.equals("unknown")
                        || versioned.equals(set.prefix()) || versioned.startsWith(set.prefix() + "."))
                .findFirst();
    }

    private record Compiler(Path path, String version) {
    }

    private static Optional<Compiler> findCompiler(List<String> names, List<Path> executablePath) {
        for (String name : names) {
            for (Path candidate : resolve(name, executablePath)) {
                Optional<String> version = versionOf(candidate);
                if (version.isPresent()) {
                    return Optional.of(new Compiler(candidate, version.get()));
                }
            }
        }
        return Optional.empty();
    }

    private static List<Path> resolve(String name, List<Path> executablePath) {
        if (name.contains("/")) {
            Path path = Path.of(name);
            return Files.isExecutable(path) ? List.of(path.toAbsolutePath()) : List.of();
        }
        return executablePath.stream().map(dir -> dir.resolve(name))
                .filter(path -> Files.isRegularFile(path) && Files.isExecutable(path)).toList();
    }

    private static Optional<String> versionOf(Path compiler) {
        List<String> output = Processes.runQuietly(List.of(compiler.toString(), "--version"), 20);
        return output.isEmpty() || output.get(0).isBlank() ? Optional.empty() : Optional.of(output.get(0).trim());
    }

    private static List<Path> ldconfigDirectories(List<Path> executablePath) {
        List<Path> candidates = new ArrayList<>(List.of(Path.of("/sbin/ldconfig"), Path.of("/usr/sbin/ldconfig")));
        candidates.addAll(resolve("ldconfig", executablePath));
        for (Path ldconfig : candidates) {
            if (Files.isExecutable(ldconfig)) {
                List<String> lines = Processes.runQuietly(List.of(ldconfig.toString(), "-p"), 10);
                Set<Path> directories = new LinkedHashSet<>();
                for (String line : lines) {
                    Matcher matcher = LDCONFIG_ENTRY.matcher(line);
                    if (matcher.find() && Path.of(matcher.group(1)).getParent() != null) {
                        directories.add(Path.of(matcher.group(1)).getParent());
                    }
                }
                return List.copyOf(directories);
            }
        }
        return List.of();
    }

    private static List<Path> multiarchDirectories(Path lib) {
        return children(lib, "*-linux-gnu*");
    }

    private static List<Path> children(Path directory, String glob) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<Path> result = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, glob)) {
            stream.forEach(result::add);
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
        result.sort(Comparator.naturalOrder());
        return result;
    }

    private static List<Integer> versionKey(Path versioned) {
        String name = versioned.getFileName().toString().substring("ns3.".length());
        List<Integer> key = new ArrayList<>();
        for (String part : name.split("[^0-9]+")) {
            if (!part.isEmpty() && part.length() < 9) {
                key.add(Integer.parseInt(part));
            }
        }
        return key;
    }

    private static final Comparator<List<Integer>> LEXICOGRAPHIC = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private static List<Path> splitPath(String path) {
        if (path == null || path.isBlank()) {
            return List.of();
        }
        return Arrays.stream(path.split(File.pathSeparator)).filter(s -> !s.isBlank())
                .map(Path::of).toList();
    }

    private static String firstNonBlank(String a, String b) {
        if (a != null && !a.isBlank()) {
            return a.trim();
        }
        return b != null && !b.isBlank() ? b.trim() : null;
    }

    private static String describe(List<Path> paths) {
        return paths.isEmpty() ? "(no folders)" : paths.stream().map(Path::toString).collect(Collectors.joining(", "));
    }
}
