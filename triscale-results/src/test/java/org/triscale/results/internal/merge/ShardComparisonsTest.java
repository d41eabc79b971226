package org.triscale.results.internal.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.triscale.results.internal.model.TestResult.VerdictStatus;
import org.triscale.results.internal.report.Comparisons;
import org.triscale.results.internal.report.Comparisons.Comparison;

/** The merge of the comparisons the shards of one launch wrote, and what it refuses. */
class ShardComparisonsTest {
    @TempDir
    Path dir;

    private static Comparison comparison(String test, VerdictStatus outcome) {
        return new Comparison(test, "fct", "new", "old", "not worse", 0.01, -0.02, 0.04, 0.95, "paired", outcome,
                outcome == VerdictStatus.PASSED ? "" : "worse");
    }

    private Path write(String folder, int index, int count, Comparison... comparisons) throws IOException {
        Path file = dir.resolve(folder).resolve("partial").resolve(ShardComparisons.fileName(index, count));
        Comparisons.write(file, List.of(comparisons));
        return file;
    }

    @Test
    void theShardsFilesAreConcatenatedInShardOrderWhateverTheFolderOrder() throws IOException {
        Path second = write("b", 2, 2, comparison("T.b", VerdictStatus.FAILED));
        Path first = write("a", 1, 2, comparison("T.a", VerdictStatus.PASSED), comparison("T.a", VerdictStatus.PASSED));

        ShardComparisons.Merged merged = ShardComparisons.merge(List.of(dir.resolve("b"), dir.resolve("a")));

        assertThat(merged.comparisons()).extracting(Comparison::test).containsExactly("T.a", "T.a", "T.b");
        assertThat(merged.comparisons().get(2).outcome()).isEqualTo(VerdictStatus.FAILED);
        assertThat(merged.files()).containsExactly(first, second);
        assertThat(merged.dropped()).isZero();
    }

    @Test
    void aShardWithoutComparisonsStillCountsAndNoFileAtAllIsAnEmptyMerge() throws IOException {
        write("a", 1, 2);
        write("b", 2, 2, comparison("T.b", VerdictStatus.PASSED));

        assertThat(ShardComparisons.merge(List.of(dir)).comparisons()).hasSize(1);
        assertThat(ShardComparisons.merge(List.of(dir.resolve("none"))).files()).isEmpty();
    }

    @Test
    void aMissingShardIsRefusedNamingItAndTheFilesFound() throws IOException {
        Path first = write("a", 1, 3, comparison("T.a", VerdictStatus.PASSED));
        write("c", 3, 3);

        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(dir)))
                .withMessage("cannot merge the comparisons: missing shard 2/3; found shard 1/3 (" + first + "), shard 3/3 ("
                        + dir.resolve("c/partial/comparisons.shard-3-of-3.json") + "). Every shard writes its file of"
                        + " comparisons; rerun shard 2/3 and give its folder");
    }

    @Test
    void theSameShardTwiceDifferentCountsAndAShardBeyondItsCountAreRefused() throws IOException {
        write("a", 1, 2);
        write("again", 1, 2);
        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(dir)))
                .withMessageStartingWith("cannot merge the comparisons: duplicate shard 1/2: ")
                .withMessageEndingWith("; give each shard's folder once");

        Files.delete(dir.resolve("again/partial").resolve(ShardComparisons.fileName(1, 2)));
        write("other", 2, 3);
        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(dir)))
                .withMessageContaining("they come from different numbers of shards")
                .withMessageContaining("(K = 2)").withMessageContaining("(K = 3)");

        Path outOfRange = dir.resolve("x").resolve("comparisons.shard-4-of-3.json");
        Files.createDirectories(outOfRange.getParent());
        Comparisons.write(outOfRange, List.of());
        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(dir.resolve("x"))))
                .withMessage("cannot merge the comparisons: " + outOfRange + " names shard 4/3, which does not exist;"
                        + " remove it, or replace it with the file its shard wrote");
    }

    @Test
    void aTestWhoseComparisonsComeFromTwoShardsIsRefused() throws IOException {
        write("a", 1, 2, comparison("T.same", VerdictStatus.PASSED));
        write("b", 2, 2, comparison("T.same", VerdictStatus.PASSED));

        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(dir)))
                .withMessageStartingWith("cannot merge the comparisons: T.same made comparisons in shard 1/2 (")
                .withMessageContaining("a test's comparisons run in one shard only");
    }

    @Test
    void aDamagedFileIsRefusedNamingIt() throws IOException {
        write("a", 1, 1);
        Path file = dir.resolve("a/partial").resolve(ShardComparisons.fileName(1, 1));
        Files.writeString(file, "{\"comparisons\": [");

        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(dir)))
                .withMessageStartingWith("cannot read the comparisons " + file + ": ")
                .withMessageEndingWith("; remove it, or replace it with the file its shard wrote");
    }

    @Test
    void aLinkToAFileOutsideTheFolderIsNotRead() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside")).resolve("elsewhere.json");
        Comparisons.write(outside, List.of(comparison("T.x", VerdictStatus.PASSED)));
        Path folder = Files.createDirectories(dir.resolve("shard"));
        Path link = folder.resolve(ShardComparisons.fileName(1, 1));
        Files.createSymbolicLink(link, outside);

        assertThatIllegalArgumentException().isThrownBy(() -> ShardComparisons.merge(List.of(folder)))
                .withMessage(link + " is a link to a file outside " + folder + "; the merge reads only files inside"
                        + " the folders it is given. Replace the link with the file");
    }

    @Test
    void beyondTheKeptNumberTheShardsComparisonsAreCountedAsDropped() throws IOException {
        Comparison[] first = new Comparison[600];
        java.util.Arrays.fill(first, comparison("T.a", VerdictStatus.PASSED));
        Comparison[] second = new Comparison[600];
        java.util.Arrays.fill(second, comparison("T.b", VerdictStatus.FAILED));
        write("a", 1, 2, first);
        write("b", 2, 2, second);

        ShardComparisons.Merged merged = ShardComparisons.merge(List.of(dir));

        assertThat(merged.comparisons()).hasSize(Comparisons.MAX_KEPT);
        assertThat(merged.comparisons().get(Comparisons.MAX_KEPT - 1).test()).isEqualTo("T.b");
        assertThat(merged.dropped()).isEqualTo(1200 - Comparisons.MAX_KEPT);
    }
}
