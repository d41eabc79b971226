package org.triscale.results.internal.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Resolves paths given in annotations inside the project: relative, without {@code ..}, and not
 * leaving the module's base folder, not even through a symbolic link. Paths from configuration
 * parameters are the build's own choice and may point anywhere (a CI cache folder).
 */
public final class ProjectPaths {
    private ProjectPaths() {
    }

    /**
     * The module's base folder: Surefire's {@code basedir} system property, else the working
     * folder.
     *
     * @return the absolute, normalised base folder
     */
    public static Path baseDir() {
        String base = System.getProperty("basedir");
        return (base == null ? Paths.get("") : Paths.get(base)).toAbsolutePath().normalize();
    }

    /** The real path of the deepest existing ancestor of {@code path}, followed by the rest of it. */
    private static Path realPath(Path path) throws IOException {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing == null ? path : existing.toRealPath().resolve(existing.relativize(path));
    }

    /**
     * Resolves a relative path inside a base folder.
     *
     * @param base the base folder, absolute
     * @param text the path as written, relative
     * @param what the attribute, for messages (e.g. {@code @Baseline(file = "...")})
     * @return the absolute path inside {@code base}
     * @throws IllegalArgumentException if the path is blank, absolute, holds {@code ..}, or leaves
     *                                  {@code base}
     */
    public static Path inside(Path base, String text, String what) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(what + " is blank; give a path relative to the module's folder, e.g. "
                    + "src/test/resources/triscale/baselines/fct.json");
        }
        Path path;
        try {
            path = Paths.get(text);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(what + " is not a valid path (" + e.getReason() + ")");
        }
        if (path.isAbsolute() || path.getRoot() != null) {
            throw new IllegalArgumentException(what + " is absolute; a path in an annotation must be relative to the"
                    + " module's folder, so that it stays inside the project");
        }
        for (Path name : path) {
            if ("..".equals(name.toString())) {
                throw new IllegalArgumentException(what + " contains '..'; a path in an annotation must stay inside"
                        + " the module's folder");
            }
        }
        Path root = base.toAbsolutePath().normalize();
        Path resolved = root.resolve(path).normalize();
        if (!resolved.startsWith(root)) {
            throw new IllegalArgumentException(what + " leaves the module's folder " + root);
        }
        try {
            Path realTarget = realPath(resolved);
            if (!realTarget.startsWith(realPath(root))) {
                throw new IllegalArgumentException(what + " leaves the module's folder " + root
                        + " through a symbolic link (it leads to " + realTarget + ")");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " cannot be checked (" + e.getMessage() + ")");
        }
        return resolved;
    }
}
