package org.triscale.results.internal.common;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * File names derived from data (a result's or partial result's class and method, which may come
 * from a downloaded, damaged or hostile file): always one path segment inside its folder, and
 * short enough for every file system. Ordinary names ({@code org.example.CubicTest.fct}) are kept
 * as they are.
 */
public final class FileNames {
    /**
     * Longest stem in UTF-8 bytes: with the longest suffix added ({@code TEST-} and
     * {@code .shard-10000-of-10000.partial.json}), a name stays below the 255 bytes of ext4, APFS and NTFS.
     */
    public static final int MAX_STEM_BYTES = 180;

    private FileNames() {
    }

    /**
     * A stem safe as (part of) one file name: letters, digits (any script) and {@code . _ $ - [ ] = , +}
     * (the last five for the names of grid cells, {@code fct[rttMs=40]}) are
     * kept, every other character (separators, control characters, spaces) becomes {@code _}, a
     * leading dot becomes {@code _}; a stem longer than {@link #MAX_STEM_BYTES} is cut and ends in
     * {@code -} and 16 hexadecimal digits of the SHA-256 of the whole text, so that long names stay distinct.
     *
     * @param text the text, e.g. {@code testClass + "." + testMethod}
     * @return the stem, never empty
     */
    public static String stem(String text) {
        String source = text == null || text.isEmpty() ? "_" : text;
        StringBuilder safe = new StringBuilder(Math.min(source.length(), 4 * MAX_STEM_BYTES));
        source.codePoints().forEach(c -> safe.appendCodePoint(
                Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '$' || c == '-' || c == '[' || c == ']'
                        || c == '=' || c == ',' || c == '+' ? c : '_'));
        if (safe.charAt(0) == '.') {
            safe.setCharAt(0, '_');
        }
        String stem = safe.toString();
        if (stem.getBytes(StandardCharsets.UTF_8).length <= MAX_STEM_BYTES) {
            return stem;
        }
        String hash = "-" + sha256(source).substring(0, 16);
        int budget = MAX_STEM_BYTES - hash.length();
        StringBuilder cut = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < stem.length(); ) {
            int c = stem.codePointAt(i);
            int size = new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > budget) {
                break;
            }
            cut.appendCodePoint(c);
            bytes += size;
            i += Character.charCount(c);
        }
        return cut + hash;
    }

    /**
     * Resolves a derived file name in a folder, and checks that it stays there.
     *
     * @param folder the folder
     * @param name   one file name, e.g. from {@link #stem} and a suffix
     * @return the file, directly inside {@code folder}
     * @throws IllegalArgumentException if the name is not one segment inside the folder
     */
    public static Path inside(Path folder, String name) {
        Path root = folder.toAbsolutePath().normalize();
        Path file = root.resolve(name).normalize();
        if (!root.equals(file.getParent())) {
            throw new IllegalArgumentException("the file name '" + name + "' leaves the folder " + root
                    + "; a name derived from a result must be one file name inside it");
        }
        return folder.resolve(name);
    }

    /**
     * Whether a file found under a folder really is inside it: not a symbolic link, or a link
     * whose target is inside the folder too. Files are never read through a link that leads out
     * of the folder a user gave (a downloaded artifact could hold one to any file of the machine).
     *
     * @param root the folder searched
     * @param file a file found under it
     * @return true when the file may be read
     */
    public static boolean readableInside(Path root, Path file) {
        try {
            return file.toRealPath().startsWith(root.toRealPath());
        } catch (java.io.IOException e) {
            return false; // a dangling link, or a file gone meanwhile: nothing to read
        }
    }

    /**
     * The path to open for a file the product reads or writes in place (a history it appends to, a
     * baseline it reads): the file itself when it is not a symbolic link, else the link's target
     * when that is inside the file's own folder. A link that leads out of the folder (planted in
     * a folder a CI cache restores, say) is refused without opening its target, so that nothing is
     * written to, or echoed from, a file elsewhere on the machine. Open the returned path with
     * {@link java.nio.file.LinkOption#NOFOLLOW_LINKS}, so that a link planted after this check is
     * not followed either.
     *
     * @param file the file, which may not exist yet
     * @param what what the file is, for the message, e.g. {@code "history"}
     * @return the absolute path to open, never a symbolic link at the time of the check
     * @throws java.io.IOException if the file is a link leading out of its folder, or a dangling link
     */
    public static Path notLinkedOut(Path file, String what) throws java.io.IOException {
        Path absolute = file.toAbsolutePath().normalize();
        if (!java.nio.file.Files.isSymbolicLink(absolute)) {
            return absolute;
        }
        Path folder = absolute.getParent();
        Path target;
        try {
            target = absolute.toRealPath();
        } catch (java.io.IOException e) {
            throw new java.io.IOException(what + " " + file + " is a symbolic link that leads to no file; TriScale"
                    + " does not follow links out of its folder: remove the link", e);
        }
        if (folder == null || !target.startsWith(folder.toRealPath())) {
            throw new java.io.IOException(what + " " + file + " is a symbolic link that leads out of its folder "
                    + folder + "; TriScale neither reads nor writes a file through such a link: remove the link"
                    + " (a restored cache may have planted it)");
        }
        return target;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
