package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The shard read from a Slurm array's or a Kubernetes indexed Job's environment, injected. */
class ShardEnvironmentTest {
    private static Optional<Shard> read(Map<String, String> parameters, Map<String, String> environment) {
        Function<String, Optional<String>> lookup = key -> Optional.ofNullable(parameters.get(key));
        return Shard.read(lookup, environment);
    }

    private static Optional<Shard> read(Map<String, String> environment) {
        return read(Map.of(), environment);
    }

    private static Map<String, String> slurm(int id, int min, int max, int count) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_ARRAY_TASK_ID", Integer.toString(id));
        env.put("SLURM_ARRAY_TASK_MIN", Integer.toString(min));
        env.put("SLURM_ARRAY_TASK_MAX", Integer.toString(max));
        env.put("SLURM_ARRAY_TASK_COUNT", Integer.toString(count));
        env.put("SLURM_ARRAY_TASK_STEP", "1");
        env.put("SLURM_ARRAY_JOB_ID", "4711");
        return env;
    }

    @Test
    void noSchedulerMeansNoShard() {
        assertThat(read(Map.of("PATH", "/usr/bin", "SLURM_JOB_ID", "12"))).isEmpty();
    }

    @Test
    void slurmArrayFromOne() {
        assertThat(read(slurm(1, 1, 4, 4))).contains(new Shard(1, 4));
        assertThat(read(slurm(3, 1, 4, 4))).contains(new Shard(3, 4));
        assertThat(read(slurm(4, 1, 4, 4))).contains(new Shard(4, 4));
    }

    @Test
    void slurmArrayNotStartingAtOneIsShiftedToOne() {
        // --array=0-3 and --array=10-13 are both four shards 1/4 to 4/4.
        assertThat(read(slurm(0, 0, 3, 4))).contains(new Shard(1, 4));
        assertThat(read(slurm(3, 0, 3, 4))).contains(new Shard(4, 4));
        assertThat(read(slurm(12, 10, 13, 4))).contains(new Shard(3, 4));
    }

    @Test
    void slurmWithoutMinAndMaxNumbersFromOne() {
        assertThat(read(Map.of("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_COUNT", "3"))).contains(new Shard(2, 3));
        assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "3")))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("SLURM_ARRAY_TASK_ID = 0 is outside the array's ids 1 to 3");
    }

    @Test
    void slurmStepIsRefused() {
        Map<String, String> env = slurm(3, 1, 7, 4);
        env.put("SLURM_ARRAY_TASK_STEP", "2");
        assertThatThrownBy(() -> read(env)).isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("SLURM_ARRAY_TASK_STEP = 2")
                .hasMessageContaining("sbatch --array=1-K")
                .hasMessageContaining("triscale.shard.environment = false");
    }

    @Test
    void slurmListWithGapsIsRefused() {
        // --array=1,3,5: min 1, max 5, but three tasks.
        Map<String, String> env = slurm(3, 1, 5, 3);
        env.remove("SLURM_ARRAY_TASK_STEP");
        assertThatThrownBy(() -> read(env)).isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("SLURM_ARRAY_TASK_COUNT = 3 but SLURM_ARRAY_TASK_MIN = 1 and"
                        + " SLURM_ARRAY_TASK_MAX = 5 span 5 ids");
    }

    @Test
    void slurmInconsistentValuesAreRefused() {
        assertThatThrownBy(() -> read(slurm(9, 1, 4, 4))).hasMessageContaining("SLURM_ARRAY_TASK_ID = 9 is outside"
                + " the array's ids 1 to 4");
        assertThatThrownBy(() -> read(slurm(2, 4, 1, 4))).hasMessageContaining("SLURM_ARRAY_TASK_MAX = 1 is below"
                + " SLURM_ARRAY_TASK_MIN = 4");
        Map<String, String> text = slurm(1, 1, 4, 4);
        text.put("SLURM_ARRAY_TASK_ID", "one");
        assertThatThrownBy(() -> read(text)).hasMessageContaining("SLURM_ARRAY_TASK_ID = 'one' is not a whole number");
        assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "1")))
                .hasMessageContaining("the number of shards is unknown");
        assertThatThrownBy(() -> read(slurm(1, 1, 20_000, 20_000))).hasMessageContaining("shards need 1 to 10000");
    }

    @Test
    void slurmCountKeyMustAgree() {
        assertThat(read(Map.of("triscale.shard.count", "4"), slurm(2, 1, 4, 4))).contains(new Shard(2, 4));
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "3"), slurm(2, 1, 4, 4)))
                .hasMessageContaining("triscale.shard.count = 3 disagrees with the Slurm array's 4 tasks");
    }

    @Test
    void kubernetesIndexedJob() {
        Map<String, String> count = Map.of("triscale.shard.count", "5");
        assertThat(read(count, Map.of("JOB_COMPLETION_INDEX", "0"))).contains(new Shard(1, 5));
        assertThat(read(count, Map.of("JOB_COMPLETION_INDEX", "4"))).contains(new Shard(5, 5));
    }

    @Test
    void kubernetesInconsistentValuesAreRefused() {
        assertThatThrownBy(() -> read(Map.of("JOB_COMPLETION_INDEX", "1")))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("JOB_COMPLETION_INDEX = 1 is set (a Kubernetes indexed Job) but"
                        + " triscale.shard.count is not");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "5"), Map.of("JOB_COMPLETION_INDEX", "5")))
                .hasMessageContaining("JOB_COMPLETION_INDEX = 5 is not from 0 to 4 (triscale.shard.count = 5)");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "5"), Map.of("JOB_COMPLETION_INDEX", "-1")))
                .hasMessageContaining("JOB_COMPLETION_INDEX = '-1' is not a whole number >= 0");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "0"), Map.of("JOB_COMPLETION_INDEX", "0")))
                .hasMessageContaining("triscale.shard.count = '0' is not a whole number >= 1");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "5"), Map.of()))
                .hasMessageContaining("triscale.shard.count = 5 is set but neither JOB_COMPLETION_INDEX");
    }

    @Test
    void bothSchedulersAreAmbiguous() {
        Map<String, String> env = slurm(1, 1, 2, 2);
        env.put("JOB_COMPLETION_INDEX", "0");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "2"), env))
                .hasMessageContaining("are both set, so the shard is ambiguous");
    }

    @Test
    void explicitShardWinsOverTheEnvironment() {
        Map<String, String> env = slurm(9, 1, 4, 4); // inconsistent, but not read
        assertThat(read(Map.of("triscale.shard", "2/3"), env)).contains(new Shard(2, 3));
    }

    @Test
    void environmentCanBeIgnored() {
        assertThat(read(Map.of("triscale.shard.environment", "false"), slurm(2, 1, 4, 4))).isEmpty();
        assertThat(read(Map.of("triscale.shard.environment", "true"), slurm(2, 1, 4, 4))).contains(new Shard(2, 4));
        assertThatThrownBy(() -> read(Map.of("triscale.shard.environment", "no"), slurm(2, 1, 4, 4)))
                .hasMessageContaining("triscale.shard.environment = 'no' is not valid; use true or false");
    }

    @Test
    void aTaskCountThatOverflowsAnIntIsRefusedNamingTheVariable() {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_ARRAY_TASK_ID", "5");
        env.put("SLURM_ARRAY_TASK_MIN", "0");
        env.put("SLURM_ARRAY_TASK_MAX", Integer.toString(Integer.MAX_VALUE));
        assertThatThrownBy(() -> read(env)).isInstanceOf(ExtensionConfigurationException.class)
                .hasMessageContaining("SLURM_ARRAY_TASK_MAX − SLURM_ARRAY_TASK_MIN + 1 = 2147483647 − 0 + 1 = 2147483648 tasks")
                .hasMessageNotContaining("-2147483648");
        assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4294967297")))
                .hasMessageContaining("SLURM_ARRAY_TASK_COUNT = 4294967297 is too large");
        assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "70000")))
                .hasMessageContaining("SLURM_ARRAY_TASK_COUNT = 70000 tasks: shards need 1 to");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "99999999999"), Map.of("JOB_COMPLETION_INDEX", "0")))
                .hasMessageContaining("triscale.shard.count = 99999999999 is too large");
        assertThatThrownBy(() -> read(Map.of("triscale.shard.count", "4"), Map.of("JOB_COMPLETION_INDEX", "99999999999")))
                .hasMessageContaining("JOB_COMPLETION_INDEX = 99999999999 is too large");
        assertThatThrownBy(() -> read(Map.of("SLURM_ARRAY_TASK_ID", "\u0661", "SLURM_ARRAY_TASK_COUNT", "3")))
                .hasMessageContaining("is not a whole number");
    }
}
