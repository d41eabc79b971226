package org.triscale.engine.network;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.triscale.engine.Mode;
import org.triscale.engine.calibration.Calibration;
import org.triscale.engine.calibration.IidModel;

import java.util.function.DoubleSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded Monte Carlo check of the profile's independence promise: on i.i.d. link quality, the
 * {@code SOUND} profile calls it dependent with probability at most α = 5 %, the Monte Carlo error
 * taken into account (three standard errors of the estimated rate). For contrast the same series
 * go through TriScale's band test, whose rate is asserted to be far above α at these sizes, as
 * {@link NetworkProfiling}'s documentation states.
 */
class NetworkProfilingCalibrationTest {
    private static final long SEED = 2_021_000_000L;
    private static final int[] SIZES = {30, 120};

    @Test
    void soundProfilesCallIidLinkQualityDependentAtMostAlphaOfTheTime() {
        double alpha = NetworkProfiling.SOUND_ALPHA;
        for (IidModel model : new IidModel[] {IidModel.values()[0], IidModel.values()[IidModel.values().length - 1]}) {
            for (int n : SIZES) {
                int replications = Calibration.replications(n <= 30 ? 400 : 200, 5_000);
                UniformRandomProvider rng = Calibration.rng(Calibration.seed(SEED, model, n));
                DoubleSupplier gen = model.generator(rng);
                int sound = 0;
                int triscale = 0;
                for (int rep = 0; rep < replications; rep++) {
                    double[] x = IidModel.draw(gen, n);
                    sound += NetworkProfiling.profile(x, null, Mode.SOUND).independence().passed() ? 0 : 1;
                    triscale += NetworkProfiling.profile(x, null, Mode.TRISCALE).independence().passed() ? 0 : 1;
                }
                double rate = sound / (double) replications;
                double limit = alpha + 3 * Calibration.standardError(alpha, replications);
                System.out.printf("%s n=%d: SOUND %s, TRISCALE %s (%d series)%n", model, n, Calibration.percent(rate),
                        Calibration.percent(triscale / (double) replications), replications);
                assertThat(rate).as("SOUND false 'dependent' rate, %s, n = %d", model, n).isLessThanOrEqualTo(limit);
                assertThat(triscale / (double) replications).as("TriScale's band test, %s, n = %d", model, n)
                        .isGreaterThan(4 * alpha);
            }
        }
    }
}
