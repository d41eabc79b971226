package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cell of a grid that a {@code @Runs} method runs in: the invocations of JUnit's class
 * templates ({@code @ParameterizedClass}, any {@code @ClassTemplate}) that enclose the method,
 * named by their display names ({@code [2] rttMs=40}, or JUnit 6's {@code [2] rttMs = 40}, gives
 * {@code rttMs=40}). Each cell is a test
 * of its own: its result file, baseline, history, Surefire names and report page carry the cell's
 * name, so the cells of a grid never overwrite each other's files.
 *
 * <p>A name longer than {@value #MAX_LENGTH} characters is cut and ends in {@code …} and 8
 * hexadecimal digits of the SHA-256 of the whole name, so that long names stay distinct; control
 * characters become spaces (file names then map them to {@code _}).
 *
 * <p>Two invocations that would get the same name (a {@code name} pattern without
 * {@code {index}} over equal arguments) are refused: they would share every file.
 */
public final class Cells {
    /** The unique-ID segment type of a class template's invocation (JUnit Jupiter 5.13 and later). */
    private static final String INVOCATION_SEGMENT = "[class-template-invocation:";
    private static final Pattern INVOCATION_INDEX = Pattern.compile("^\\[class-template-invocation:#(\\d{1,9})]$");
    private static final Pattern INDEX_PREFIX = Pattern.compile("^\\[(\\d+)]\\s*(.*)$", Pattern.DOTALL);
    /** Longest cell name kept in messages and files; file names are cut and hashed further by {@code FileNames}. */
    static final int MAX_LENGTH = 120;
    /** Hexadecimal digits of the SHA-256 of a longer name that end its cut name. */
    private static final int HASH_DIGITS = 8;
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Cells.class);

    private Cells() {
    }

    /**
     * The cell's name: the enclosing class template invocations' names, outermost first, joined by
     * {@code " / "}; empty outside a class template.
     *
     * @param context the method's context
     * @return the name, empty for a method that is not in a cell
     */
    public static String name(ExtensionContext context) {
        Deque<String> names = new ArrayDeque<>();
        for (Optional<ExtensionContext> parent = context.getParent(); parent.isPresent();
             parent = parent.get().getParent()) {
            ExtensionContext ancestor = parent.get();
            String id = ancestor.getUniqueId();
            int last = id.lastIndexOf('/');
            String segment = last < 0 ? id : id.substring(last + 1);
            if (segment.startsWith(INVOCATION_SEGMENT)) {
                names.addFirst(invocationName(ancestor.getDisplayName(), segment));
            }
        }
        return String.join(" / ", names);
    }

    /**
     * The indices of the class template invocations that enclose a method ({@code [2] rttMs=40}
     * is invocation 2), outermost first: the cell's position, which the same argument source gives
     * every launch.
     *
     * @param context the method's context
     * @return the indices, from 1; empty for a method that is not in a cell
     */
    public static java.util.List<Integer> indices(ExtensionContext context) {
        Deque<Integer> indices = new ArrayDeque<>();
        for (Optional<ExtensionContext> parent = context.getParent(); parent.isPresent();
             parent = parent.get().getParent()) {
            String id = parent.get().getUniqueId();
            int last = id.lastIndexOf('/');
            String segment = last < 0 ? id : id.substring(last + 1);
            Matcher index = INVOCATION_INDEX.matcher(segment);
            if (index.matches()) {
                indices.addFirst(Integer.parseInt(index.group(1)));
            }
        }
        return java.util.List.copyOf(indices);
    }

    /**
     * Registers the cell of a method for this launch and refuses a second invocation whose files
     * would have the same name.
     *
     * @param context  the method's context
     * @param fileStem the stem of the test's file names, from {@code Class.method[cell]}
     * @param testName {@code Class.method[cell]}, for the message
     * @throws ExtensionConfigurationException naming both invocations and the fix
     */
    public static void claim(ExtensionContext context, String fileStem, String testName) {
        if (context.getParent().isEmpty()) {
            return;
        }
        String owner = context.getParent().get().getUniqueId();
        @SuppressWarnings("unchecked")
        Map<String, String> claimed = context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent("claimed", key -> new ConcurrentHashMap<String, String>(), Map.class);
        String first = claimed.putIfAbsent(fileStem, owner);
        if (first != null && !first.equals(owner)) {
            throw new ExtensionConfigurationException("TriScale: two cells of " + testName + " have the same name, so"
                    + " they would write the same result, baseline and history files (invocations " + first + " and "
                    + owner + "); give the class template's name pattern {index} or arguments that differ, e.g."
                    + " @ParameterizedClass(name = \"[{index}] {arguments}\")");
        }
    }

    private static String invocationName(String displayName, String segment) {
        String name = displayName == null ? "" : displayName.strip();
        Matcher indexed = INDEX_PREFIX.matcher(name);
        if (indexed.matches()) {
            name = indexed.group(2).strip().isEmpty() ? "#" + indexed.group(1) : indexed.group(2).strip();
        }
        if (name.isEmpty()) {
            // "[class-template-invocation:#2]" names the invocation by its index
            name = segment.substring(INVOCATION_SEGMENT.length(), segment.length() - 1);
        }
        StringBuilder printable = new StringBuilder(name.length());
        name.codePoints().forEach(c -> printable.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        // JUnit 5 names an argument "rttMs=40", JUnit 6 "rttMs = 40": one name on both.
        String text = printable.toString().strip().replaceAll("\\s*=\\s*", "=");
        if (text.length() <= MAX_LENGTH) {
            return text;
        }
        // Cut, but two long names that differ only after the cut must stay two cells: a hash of the whole name.
        int cut = MAX_LENGTH - 1 - HASH_DIGITS;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + "…" + hash(text);
    }

    private static String hash(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))).substring(0, HASH_DIGITS);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
