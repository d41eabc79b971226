package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.triscale.results.internal.setup.ConfigurationKeys;

import static org.assertj.core.api.Assertions.assertThat;

/** The results library names the parameters in its messages as the extension declares them. */
class ConfigurationKeysTest {

    @Test
    void theVerdictsMessagesNameTheExtensionsParameters() {
        assertThat(ConfigurationKeys.OUTPUT_DIR).isEqualTo(TriscaleConstants.OUTPUT_DIR);
        assertThat(ConfigurationKeys.BASELINE_STRICT).isEqualTo(TriscaleConstants.BASELINE_STRICT);
        assertThat(ConfigurationKeys.BASELINE_MISSING).isEqualTo(TriscaleConstants.BASELINE_MISSING);
        assertThat(ConfigurationKeys.BASELINE_INCONCLUSIVE).isEqualTo(TriscaleConstants.BASELINE_INCONCLUSIVE);
        assertThat(ConfigurationKeys.HISTORY_DIR).isEqualTo(TriscaleConstants.HISTORY_DIR);
        assertThat(ConfigurationKeys.BASELINE_UPDATE_FORCE).isEqualTo(TriscaleConstants.BASELINE_UPDATE_FORCE);
        assertThat(ConfigurationKeys.BASELINE_PAIRED).isEqualTo(TriscaleConstants.BASELINE_PAIRED);
        assertThat(ConfigurationKeys.CHECKS_IDENTICAL_RUNS).isEqualTo(TriscaleConstants.CHECKS_IDENTICAL_RUNS);
    }
}
