package org.triscale.results;

import org.apiguardian.api.API;

import java.nio.file.Path;

/**
 * What a merge of shards reads and writes ({@link Results#mergeShards}).
 *
 * @param outputDir   folder of the merged JSON results, the merged verdicts' Surefire reports and the
 *                    gate's summary (its {@code surefire-reports} subfolder for the XML)
 * @param baselineDir folder of the default baseline files, as {@code triscale.baseline.dir}
 * @param historyDir  folder of the histories the merged sequels are appended to (and read from,
 *                    with {@code @Baseline(fromHistory)})
 * @param projectDir  the module's folder: baseline files named by {@code @Baseline(file)} are
 *                    relative to it
 * @param last        when positive, only the {@code last} most recent partial results of each
 *                    test (by their recorded time) are merged: older ones are dropped; 0 merges all
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public record MergeOptions(Path outputDir, Path baselineDir, Path historyDir, Path projectDir, int last) {
}
