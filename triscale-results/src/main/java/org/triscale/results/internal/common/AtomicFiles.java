package org.triscale.results.internal.common;


import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes files atomically: to a temporary file on the same file store, then moved into place.
 *
 * <p>The temporary file is named {@code .triscale-<pid>-<random>.tmp}: its length does not depend on
 * the target's (a 255-character target name still works), and the process id tells a temporary
 * file of a live writer (another JVM of the build) from one a killed process left behind. Those
 * are deleted the first time this process uses the folder ({@link #cleanStale(Path)}). A file under
 * the module's {@code src/} folder (a baseline) gets its temporary file in the module's
 * {@code target/} folder, so that a killed write leaves nothing to commit.
 *
 * <p>The new file gets the mode of the file it replaces, or for a new file the mode of any file
 * the process creates (0666 less the umask), not the 0600 of temporary files.
 */
public final class AtomicFiles {
    private static final String PREFIX = ".triscale-";
    private static final String SUFFIX = ".tmp";
    private static final Pattern OWN_TEMP = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-[0-9a-z]+"
            + Pattern.quote(SUFFIX));
    /**
     * The temporary files of earlier versions: {@code .<target name><digits>.tmp}, with no process
     * id; deleted once an hour old, when no writer can still be busy with them.
     */
    private static final Pattern EARLIER_TEMP = Pattern.compile("\\..+\\.(?:json|xml|md)\\d+\\.tmp");
    private static final long EARLIER_AGE_MILLIS = 3_600_000;
    private static final long PID = ProcessHandle.current().pid();
    private static final Set<Path> CLEANED = ConcurrentHashMap.newKeySet();

    private AtomicFiles() {
    }

    /** Writes content to a file. */
    @FunctionalInterface
    public interface Writer {
        /**
         * Writes the content.
         *
         * @param file the (temporary) file to write
         * @throws Exception if writing fails
         */
        void write(Path file) throws Exception;
    }

    /**
     * Writes {@code target} atomically, creating its folder if needed. Readers see the old file or
     * the new one, never a half-written one; the temporary file is removed on failure.
     *
     * @param target the file to write
     * @param writer writes the content into the path it is given
     * @throws IOException if the folder cannot be created or the file cannot be written; the
     *                     message names {@code target}
     */
    public static void write(Path target, Writer writer) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        Path temp;
        try {
            Files.createDirectories(folder);
            Path tempFolder = tempFolder(folder);
            cleanStale(folder);
            cleanStale(tempFolder);
            temp = createTemp(tempFolder);
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": " + reason(e), e);
        }
        try {
            writer.write(temp);
            keepMode(target, temp);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        } catch (Exception e) {
            Files.deleteIfExists(temp);
            throw new IOException("cannot write " + target + ": " + reason(e), e);
        }
    }

    /**
     * Deletes the temporary files of this naming pattern that a process no longer running left in
     * {@code folder} (killed while writing); once per folder and process. Does nothing when the
     * folder does not exist; a file that cannot be deleted is left alone.
     *
     * @param folder the folder
     */
    public static void cleanStale(Path folder) {
        Path key = folder.toAbsolutePath().normalize();
        if (!CLEANED.add(key) || !Files.isDirectory(key)) {
            return;
        }
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(key, ".*" + SUFFIX)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                Matcher own = OWN_TEMP.matcher(name);
                if (own.matches() ? !alive(own.group(1)) : EARLIER_TEMP.matcher(name).matches()
                        && now - Files.getLastModifiedTime(file).toMillis() > EARLIER_AGE_MILLIS) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Cleaning is a courtesy; the write itself does not depend on it.
        }
    }

    /** Whether a file name follows the temporary files' pattern (for tests). */
    static boolean isOwnTemp(String fileName) {
        return OWN_TEMP.matcher(fileName).matches();
    }

    private static boolean alive(String pid) {
        try {
            long id = Long.parseLong(pid);
            return id == PID || ProcessHandle.of(id).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /**
     * Where the temporary file goes: the target's folder, except for a target under the module's
     * {@code src/} folder, whose temporary file goes to the module's {@code target/} folder when
     * that is on the same file store (so the move stays atomic): a killed write then leaves
     * nothing in the sources.
     */
    static Path tempFolder(Path folder) throws IOException {
        Path base = ProjectPaths.baseDir();
        Path build = base.resolve("target");
        if (folder.startsWith(base.resolve("src")) && Files.isDirectory(build)
                && Files.getFileStore(build).equals(Files.getFileStore(folder))) {
            return build;
        }
        return folder;
    }

    private static Path createTemp(Path folder) throws IOException {
        while (true) {
            Path temp = folder.resolve(PREFIX + PID + "-"
                    + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36) + SUFFIX);
            try {
                // Without explicit permissions, so the file gets the umask's default like any other.
                Files.newByteChannel(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return temp;
            } catch (FileAlreadyExistsException e) {
                // another name
            }
        }
    }

    private static void keepMode(Path target, Path temp) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null || Files.isSymbolicLink(target)) {
            return; // a link is replaced, never followed: its target's mode is not copied
        }
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(target, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            view.setPermissions(mode);
        } catch (NoSuchFileException e) {
            // a new file: the umask's default from creation stays
        }
    }

    private static String reason(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
