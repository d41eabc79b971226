package org.triscale.results.internal.merge;

import org.triscale.results.internal.common.FileNames;
import org.triscale.results.internal.report.Comparisons;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The comparisons of sequels of a sharded launch: each shard writes those of the plain tests it
 * ran ({@code partial/comparisons.shard-<k>-of-<K>.json}, the format of the launch's
 * {@value Comparisons#FILE}), each such test running in one shard only, and the merge concatenates
 * them in shard order. Refused: shards of different K, a shard twice, a missing shard (every shard
 * of a launch with comparison tests writes its file, skipped tests included), and a test whose
 * comparisons come from two shards (two launches' files given together).
 */
public final class ShardComparisons {
    private static final Pattern NAME = Pattern.compile("comparisons\\.shard-(\\d{1,5})-of-(\\d{1,5})\\.json");

    private ShardComparisons() {
    }

    /**
     * The file name of a shard's comparisons.
     *
     * @param index k
     * @param count K
     * @return {@code comparisons.shard-k-of-K.json}
     */
    public static String fileName(int index, int count) {
        return "comparisons.shard-" + index + "-of-" + count + ".json";
    }

    /**
     * The merged comparisons.
     *
     * @param comparisons the shards' comparisons, in shard order; at most {@link Comparisons#MAX_KEPT}
     * @param dropped     comparisons beyond {@link Comparisons#MAX_KEPT}, left out
     * @param files       the files read, in shard order
     */
    public record Merged(List<Comparisons.Comparison> comparisons, int dropped, List<Path> files) {
    }

    /**
     * The shards' files of comparisons under some folders (with their subfolders), only those
     * inside them (no link out).
     *
     * @param folders the folders
     * @return the files, sorted
     * @throws IOException if a folder cannot be listed
     */
    static List<Path> find(List<Path> folders) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path folder : folders) {
            if (!Files.isDirectory(folder)) {
                continue; // the partial results' reader names it
            }
            try (Stream<Path> walk = Files.walk(folder)) {
                for (Path file : walk.filter(f -> NAME.matcher(f.getFileName().toString()).matches()
                        && Files.isRegularFile(f)).sorted().toList()) {
                    if (!FileNames.readableInside(folder, file)) {
                        throw new IllegalArgumentException(file + " is a link to a file outside " + folder + "; the"
                                + " merge reads only files inside the folders it is given. Replace the link with the file");
                    }
                    files.add(file);
                }
            }
        }
        return files;
    }

    /**
     * Reads, checks and concatenates the shards' comparisons.
     *
     * @param folders the folders given to the merge
     * @return the comparisons; empty when no shard wrote any file
     * @throws IOException              if a folder cannot be listed
     * @throws IllegalArgumentException if a file cannot be read or the files do not form one launch,
     *                                  naming the files and the fix
     */
    public static Merged merge(List<Path> folders) throws IOException {
        Map<Integer, Path> byShard = new TreeMap<>();
        Integer count = null;
        Path countFile = null;
        for (Path file : find(folders)) {
            Matcher name = NAME.matcher(file.getFileName().toString());
            if (!name.matches()) {
                continue;
            }
            int index = Integer.parseInt(name.group(1));
            int of = Integer.parseInt(name.group(2));
            if (index < 1 || index > of) {
                throw new IllegalArgumentException("cannot merge the comparisons: " + file + " names shard " + index
                        + "/" + of + ", which does not exist; remove it, or replace it with the file its shard wrote");
            }
            if (count != null && count != of) {
                throw new IllegalArgumentException("cannot merge the comparisons: they come from different numbers of"
                        + " shards: " + countFile + " (K = " + count + ") and " + file + " (K = " + of + "); give the"
                        + " folders of one sharded launch");
            }
            count = of;
            countFile = file;
            Path before = byShard.putIfAbsent(index, file);
            if (before != null) {
                throw new IllegalArgumentException("cannot merge the comparisons: duplicate shard " + index + "/" + of
                        + ": " + before + " and " + file + "; give each shard's folder once");
            }
        }
        if (count == null) {
            return new Merged(List.of(), 0, List.of());
        }
        for (int k = 1; k <= count; k++) {
            if (!byShard.containsKey(k)) {
                throw new IllegalArgumentException("cannot merge the comparisons: missing shard " + k + "/" + count
                        + "; found " + found(byShard, count) + ". Every shard writes its file of comparisons; rerun shard " + k + "/" + count
                        + " and give its folder");
            }
        }
        List<Comparisons.Comparison> all = new ArrayList<>();
        Map<String, Integer> shardOfTest = new LinkedHashMap<>();
        for (Map.Entry<Integer, Path> shard : byShard.entrySet()) {
            List<Comparisons.Comparison> read;
            try {
                read = Comparisons.read(shard.getValue());
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read the comparisons " + shard.getValue() + ": "
                        + e.getMessage() + "; remove it, or replace it with the file its shard wrote", e);
            }
            for (Comparisons.Comparison comparison : read) {
                Integer before = shardOfTest.putIfAbsent(comparison.test(), shard.getKey());
                if (before != null && before.intValue() != shard.getKey()) {
                    throw new IllegalArgumentException("cannot merge the comparisons: " + comparison.test()
                            + " made comparisons in shard " + before + "/" + count + " (" + byShard.get(before)
                            + ") and in shard " + shard.getKey() + "/" + count + " (" + shard.getValue() + "), but a"
                            + " test's comparisons run in one shard only: the files come from different launches"
                            + " (or a shard ran without triscale.shard); give the folders of one sharded launch");
                }
            }
            all.addAll(read);
        }
        int dropped = Math.max(0, all.size() - Comparisons.MAX_KEPT);
        return new Merged(List.copyOf(all.subList(0, all.size() - dropped)), dropped, List.copyOf(byShard.values()));
    }

    private static String found(Map<Integer, Path> byShard, int count) {
        List<String> found = new ArrayList<>();
        byShard.forEach((index, file) -> found.add("shard " + index + "/" + count + " (" + file + ")"));
        return String.join(", ", found);
    }
}
