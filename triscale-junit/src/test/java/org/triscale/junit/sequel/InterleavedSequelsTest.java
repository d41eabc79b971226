package org.triscale.junit.sequel;

import org.junit.jupiter.api.Test;
import org.triscale.engine.comparison.ComparisonOutcome;
import org.triscale.engine.comparison.ComparisonSettings;
import org.triscale.engine.comparison.Design;
import org.triscale.engine.comparison.Direction;
import org.triscale.engine.comparison.SequelChange;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.triscale.junit.assertions.TriscaleAssertions.assertThat;

class InterleavedSequelsTest {
    private static final ComparisonSettings LOWER = ComparisonSettings.of(Direction.LOWER_IS_BETTER);

    /** A test bed that heats up: every run takes longer than the one before, whatever ran. */
    private static final class DriftingTestBed {
        private final AtomicLong clock = new AtomicLong();

        /** A flow completion time: the seed's workload, plus the drift of the test bed so far, times the system's factor. */
        double fct(long seed, double factor) {
            return factor * (100 + (seed & 0x3f) / 8.0 + 0.2 * clock.getAndIncrement());
        }
    }

    @Test
    void eachPairRunsBackToBackOnOneSeedInTheOrderOfItsCoin() throws Exception {
        List<String> log = new ArrayList<>();
        InterleavedSequels launch = Sequel.interleave("cubic", "cubic-patched", 4, 25, 11,
                run -> {
                    log.add("r" + run.series() + "." + run.index() + ":" + run.seed());
                    run.record("fct", 1);
                },
                run -> {
                    log.add("c" + run.series() + "." + run.index() + ":" + run.seed());
                    run.record("fct", 1);
                });
        assertThat(log).hasSize(200);
        long[][] seeds = launch.reference().seeds().orElseThrow();
        int referenceFirst = 0;
        for (int s = 0; s < 4; s++) {
            for (int r = 0; r < 25; r++) {
                int pair = 2 * (25 * s + r);
                String reference = "r" + s + "." + r + ":" + seeds[s][r];
                String candidate = "c" + s + "." + r + ":" + seeds[s][r];
                boolean first = launch.referenceFirst(s, r);
                assertThat(log.subList(pair, pair + 2)).as("pair %d.%d", s, r)
                        .containsExactly(first ? reference : candidate, first ? candidate : reference);
                referenceFirst += first ? 1 : 0;
            }
        }
        // A fair coin: 100 pairs give 50 ± 5; 4 standard deviations either side.
        assertThat(referenceFirst).isBetween(30, 70);
        assertThat(launch.candidate().sameSeedsAs(launch.reference())).isTrue();
        assertThat(launch.candidate().interleavedWith(launch.reference())).isTrue();
        assertThat(launch.reference().interleavedWith(launch.reference())).isFalse();
        assertThat(launch.toString()).isEqualTo("'cubic-patched' interleaved with 'cubic' (4 series of 25 pairs)");
    }

    @Test
    void theOrderIsReplayedFromTheBaseSeedAndFairOverManyPairs() throws Exception {
        InterleavedSequels first = constant(2026);
        InterleavedSequels again = constant(2026);
        InterleavedSequels other = constant(2027);
        int same = 0;
        int differ = 0;
        int referenceFirst = 0;
        for (int s = 0; s < 10; s++) {
            for (int r = 0; r < 100; r++) {
                assertThat(again.referenceFirst(s, r)).isEqualTo(first.referenceFirst(s, r));
                referenceFirst += first.referenceFirst(s, r) ? 1 : 0;
                if (first.referenceFirst(s, r) == other.referenceFirst(s, r)) {
                    same++;
                } else {
                    differ++;
                }
            }
        }
        // 1,000 fair coins: 500 ± 15.8; 4 standard deviations either side.
        assertThat(referenceFirst).isBetween(437, 563);
        assertThat(same).isBetween(437, 563);
        assertThat(differ).isBetween(437, 563);
    }

    private static InterleavedSequels constant(long baseSeed) throws Exception {
        return Sequel.interleave("a", "b", 10, 100, baseSeed, run -> run.record("m", 1), run -> run.record("m", 1));
    }

    @Test
    void driftCancelsWhenInterleavedAndLooksLikeARegressionWhenTheCandidateRanLater() throws Exception {
        DriftingTestBed bed = new DriftingTestBed();
        InterleavedSequels launch = Sequel.interleave("cubic", "cubic again", 5, 10, 3,
                run -> run.record("fct", bed.fct(run.seed(), 1)), run -> run.record("fct", bed.fct(run.seed(), 1)));
        SequelChange interleaved = launch.compare("fct", LOWER);
        assertThat(interleaved.design()).isEqualTo(Design.INTERLEAVED);
        assertThat(interleaved.outcome()).isIn(ComparisonOutcome.UNCHANGED, ComparisonOutcome.INCONCLUSIVE);

        // The same systems, the candidate's sequel after the reference's: the drift reads as +10 %.
        DriftingTestBed later = new DriftingTestBed();
        Sequel reference = Sequel.run("cubic", 5, 10, 3, run -> run.record("fct", later.fct(run.seed(), 1)));
        Sequel candidate = Sequel.run("cubic again", 5, 10, 3, run -> run.record("fct", later.fct(run.seed(), 1)));
        assertThat(candidate.compare("fct", reference, LOWER).outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
    }

    @Test
    void aRealChangeIsFoundAndTheAssertionsNameTheDesign() throws Exception {
        DriftingTestBed bed = new DriftingTestBed();
        InterleavedSequels launch = Sequel.interleave("cubic", "cubic slowed", 5, 10, 5,
                run -> run.record("fct", bed.fct(run.seed(), 1)), run -> run.record("fct", bed.fct(run.seed(), 1.05)));
        SequelChange change = launch.compare("fct", LOWER);
        assertThat(change.outcome()).isEqualTo(ComparisonOutcome.REGRESSED);
        assertThat(change).isEqualTo(launch.candidate().compare("fct", launch.reference(), LOWER));
        assertThatThrownBy(() -> assertThat(launch.candidate()).metric("fct").isNotWorseThan(launch.reference())
                .withTolerance(0.01))
                .hasMessageContaining("interleaved: 50 pairs on the same seeds, each run back to back in a random"
                        + " order");
    }

    @Test
    void namesAndBodiesAreCheckedBeforeAnyRun() {
        List<String> ran = new ArrayList<>();
        Sequel.RunBody body = run -> ran.add("ran");
        assertThatThrownBy(() -> Sequel.interleave("cubic", "cubic", 1, 1, 0, body, body))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both named 'cubic'");
        assertThatThrownBy(() -> Sequel.interleave("cubic", "bbr", 0, 1, 0, body, body))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("series");
        assertThatThrownBy(() -> Sequel.interleave("cubic", "bbr", 1, 1, 0, body, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("candidate");
        assertThat(ran).isEmpty();
    }

    @Test
    void aFailingBodyEndsTheLaunchAndAPairOutOfRangeIsNamed() throws Exception {
        assertThatThrownBy(() -> Sequel.interleave("cubic", "bbr", 2, 2, 0, run -> run.record("m", 1), run -> {
            throw new IllegalStateException("emulator crashed");
        })).isInstanceOf(IllegalStateException.class).hasMessage("emulator crashed");
        InterleavedSequels launch = Sequel.interleave("cubic", "bbr", 2, 3, 0, run -> run.record("m", 1),
                run -> run.record("m", 2));
        assertThatThrownBy(() -> launch.referenceFirst(2, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pair (series 2, run 0) is not in this launch of 2 series of 3 runs; series and runs count"
                        + " from 0");
    }
}
