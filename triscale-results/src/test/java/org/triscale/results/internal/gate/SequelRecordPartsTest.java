package org.triscale.results.internal.gate;

import org.junit.jupiter.api.Test;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.results.internal.model.TestResult.VerdictStatus;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sequel's judgement ({@link SequelRecord.Judgement}) is a named part written as the flat
 * {@code verdict}, {@code accepted} and {@code changes} fields at the end of the line, null in a
 * baseline file, as before the part existed.
 */
class SequelRecordPartsTest {

    @Test
    void aBaselineWritesTheHistoryFieldsAsNullsLast() throws Exception {
        SequelRecord baseline = Records.record("w", 1, 5).asBaseline();
        String json = SequelRecords.MAPPER.writeValueAsString(baseline);

        assertThat(json).endsWith(",\"verdict\":null,\"accepted\":null,\"changes\":null}");
        assertThat(baseline.judgement()).isEqualTo(SequelRecord.Judgement.NONE);
        SequelRecord back = SequelRecords.MAPPER.readValue(json, SequelRecord.class);
        assertThat(back).isEqualTo(baseline);
        assertThat(SequelRecords.MAPPER.writeValueAsString(back)).isEqualTo(json);
    }

    @Test
    void aHistoryLineKeepsItsJudgement() throws Exception {
        SequelRecord.Change change = new SequelRecord.Change("delay", 0.02, -0.01, 0.05, 0.98,
                ComparisonOutcome.UNCHANGED);
        SequelRecord line = Records.record("w", 2, 5).withVerdict(VerdictStatus.FAILED, false, List.of(change));
        String json = SequelRecords.MAPPER.writeValueAsString(line);

        assertThat(json).contains(",\"metrics\":[").contains("],\"verdict\":\"FAILED\",\"accepted\":false,"
                + "\"changes\":[{\"metric\":\"delay\"").doesNotContain("judgement");
        SequelRecord back = SequelRecords.MAPPER.readValue(json, SequelRecord.class);
        assertThat(back).isEqualTo(line);
        assertThat(back.verdict()).isEqualTo(VerdictStatus.FAILED);
        assertThat(back.accepted()).isFalse();
        assertThat(back.changes()).containsExactly(change);
        assertThat(SequelRecords.MAPPER.writeValueAsString(back)).isEqualTo(json);
    }

    @Test
    void aLineWithoutTheHistoryFieldsReadsAsNotJudged() throws Exception {
        String json = SequelRecords.MAPPER.writeValueAsString(Records.record("w", 3, 5).asBaseline())
                .replace(",\"verdict\":null,\"accepted\":null,\"changes\":null", "");

        SequelRecord back = SequelRecords.MAPPER.readValue(json, SequelRecord.class);

        assertThat(back.judgement()).isEqualTo(SequelRecord.Judgement.NONE);
        assertThat(back.verdict()).isNull();
    }
}
