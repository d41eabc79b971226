package org.triscale.junit;

import org.junit.jupiter.api.Test;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The extension's internal packages and the results library read the parameters from
 * {@link ConfigurationKeys}; users read {@link TriscaleConstants}, whose values come from it. The two
 * declare the same keys, name by name, so a key added to one and not the other fails here.
 */
class ConfigurationKeysTest {

    @Test
    void theLibrarysKeysAreTheConstantsUsersRead() throws IllegalAccessException {
        Map<String, Object> declared = constants(TriscaleConstants.class);
        assertThat(declared).hasSizeGreaterThanOrEqualTo(28);
        assertThat(constants(ConfigurationKeys.class)).containsExactlyInAnyOrderEntriesOf(declared);
    }

    @Test
    void theVerdictsMessagesNameTheExtensionsParameters() {
        assertThat(ConfigurationKeys.OUTPUT_DIR).isEqualTo(TriscaleConstants.OUTPUT_DIR);
        assertThat(ConfigurationKeys.BASELINE_STRICT).isEqualTo(TriscaleConstants.BASELINE_STRICT);
        assertThat(ConfigurationKeys.SHARD).isEqualTo(TriscaleConstants.SHARD);
        assertThat(ConfigurationKeys.RUNS_PARALLELISM).isEqualTo(TriscaleConstants.RUNS_PARALLELISM);
    }

    private static Map<String, Object> constants(Class<?> type) throws IllegalAccessException {
        Map<String, Object> constants = new TreeMap<>();
        for (Field field : type.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                constants.put(field.getName(), field.get(null));
            }
        }
        return constants;
    }
}
