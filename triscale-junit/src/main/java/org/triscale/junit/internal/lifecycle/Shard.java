package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.junit.internal.setup.SettingsReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One shard of a sequel ({@code triscale.shard = k/K}): series s belongs to shard
 * {@code ((s − 1) mod K) + 1}. The assignment depends only on s and K, so every shard job picks
 * its series without talking to the others, and the merge knows which series each shard owes.
 *
 * @param index k, from 1
 * @param count K, the number of shards
 */
public record Shard(int index, int count) {
    /** The most shards accepted: far more than any CI matrix, small enough for a readable error. */
    static final int MAX_COUNT = 10_000;

    /**
     * Validates the shard.
     *
     * @throws IllegalArgumentException if not 1 &le; index &le; count &le; {@link #MAX_COUNT}
     */
    public Shard {
        if (count < 1 || count > MAX_COUNT || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " is not valid; use k/K with"
                    + " 1 <= k <= K <= " + MAX_COUNT);
        }
    }

    /** Slurm: the task's id in its job array. */
    static final String SLURM_ID = "SLURM_ARRAY_TASK_ID";
    /** Slurm: the number of tasks in the job array. */
    static final String SLURM_COUNT = "SLURM_ARRAY_TASK_COUNT";
    /** Slurm: the array's lowest task id. */
    static final String SLURM_MIN = "SLURM_ARRAY_TASK_MIN";
    /** Slurm: the array's highest task id. */
    static final String SLURM_MAX = "SLURM_ARRAY_TASK_MAX";
    /** Slurm: the step between task ids ({@code --array=1-9:2}). */
    static final String SLURM_STEP = "SLURM_ARRAY_TASK_STEP";
    /** Kubernetes indexed Job: the pod's completion index, from 0. */
    static final String K8S_INDEX = "JOB_COMPLETION_INDEX";

    /**
     * The shard of the launch: {@link ConfigurationKeys#SHARD} if set, else the shard the
     * environment gives (a Slurm array task or a Kubernetes indexed Job's pod, see
     * {@link #fromEnvironment(Function, Map)}).
     */
    static Optional<Shard> read(ExtensionContext context) {
        return read(key -> SettingsReader.parameter(context, key), System.getenv());
    }

    /**
     * The shard from the configuration parameters and the environment (injected for the tests).
     *
     * @param parameters the configuration parameters by key, trimmed, empty when not set
     * @param environment the process environment
     * @return the shard, or empty for an unsharded launch
     * @throws ExtensionConfigurationException if a value is invalid or the values disagree
     */
    static Optional<Shard> read(Function<String, Optional<String>> parameters, Map<String, String> environment) {
        Optional<String> explicit = parameters.apply(ConfigurationKeys.SHARD);
        if (explicit.isPresent()) {
            return explicit.map(Shard::parse);
        }
        return fromEnvironment(parameters, environment);
    }

    /**
     * The shard a job scheduler's environment gives, when {@link ConfigurationKeys#SHARD} is not
     * set and {@link ConfigurationKeys#SHARD_ENVIRONMENT} is not {@code false}.
     *
     * <ul>
     *   <li><b>Slurm array job</b> ({@code sbatch --array=MIN-MAX}): shard k/K with
     *       k = {@code SLURM_ARRAY_TASK_ID} − {@code SLURM_ARRAY_TASK_MIN} + 1 and
     *       K = {@code SLURM_ARRAY_TASK_MAX} − {@code SLURM_ARRAY_TASK_MIN} + 1, so {@code --array=1-4}
     *       and {@code --array=0-3} both give shards 1/4 to 4/4. The ids must be consecutive:
     *       {@code SLURM_ARRAY_TASK_COUNT} must equal K and a step ({@code --array=1-7:2}) must be
     *       1, since with gaps some shard would never run. Without MIN and MAX the ids are taken
     *       as 1 to {@code SLURM_ARRAY_TASK_COUNT}.</li>
     *   <li><b>Kubernetes indexed Job</b> ({@code completionMode: Indexed}): shard k/K with
     *       k = {@code JOB_COMPLETION_INDEX} + 1 (the index counts from 0) and K the configuration
     *       parameter {@link ConfigurationKeys#SHARD_COUNT} (the Job's {@code completions}), which the
     *       pod cannot see otherwise.</li>
     * </ul>
     *
     * @param parameters the configuration parameters by key, trimmed, empty when not set
     * @param environment the process environment
     * @return the shard, or empty when no scheduler variable is set
     * @throws ExtensionConfigurationException if a variable is not a whole number, the values are
     *     inconsistent, both schedulers' variables are set, or {@link ConfigurationKeys#SHARD_COUNT}
     *     is set without a {@code JOB_COMPLETION_INDEX}
     */
    static Optional<Shard> fromEnvironment(Function<String, Optional<String>> parameters,
                                           Map<String, String> environment) {
        Optional<Boolean> use = parameters.apply(ConfigurationKeys.SHARD_ENVIRONMENT)
                .map(text -> SettingsReader.parseBoolean(ConfigurationKeys.SHARD_ENVIRONMENT, text));
        if (use.isPresent() && !use.get()) {
            return Optional.empty();
        }
        Optional<String> countText = parameters.apply(ConfigurationKeys.SHARD_COUNT);
        String slurmId = variable(environment, SLURM_ID);
        String k8sIndex = variable(environment, K8S_INDEX);
        if (slurmId != null && k8sIndex != null) {
            throw environmentError(SLURM_ID + " = " + slurmId + " and " + K8S_INDEX + " = " + k8sIndex
                    + " are both set, so the shard is ambiguous; set " + ConfigurationKeys.SHARD + " = k/K explicitly");
        }
        if (slurmId != null) {
            Shard shard = slurm(environment, slurmId);
            if (countText.isPresent() && whole(ConfigurationKeys.SHARD_COUNT, countText.get(), false) != shard.count) {
                throw environmentError(ConfigurationKeys.SHARD_COUNT + " = " + countText.get() + " disagrees with the Slurm"
                        + " array's " + shard.count + " tasks; remove " + ConfigurationKeys.SHARD_COUNT
                        + " (Slurm gives the count) or submit --array=1-" + countText.get());
            }
            return Optional.of(shard);
        }
        if (k8sIndex != null) {
            if (countText.isEmpty()) {
                throw environmentError(K8S_INDEX + " = " + k8sIndex + " is set (a Kubernetes indexed Job) but "
                        + ConfigurationKeys.SHARD_COUNT + " is not; set -D" + ConfigurationKeys.SHARD_COUNT
                        + "=K with K the Job's completions, or -D" + ConfigurationKeys.SHARD_ENVIRONMENT
                        + "=false if the Job is not sharding the tests");
            }
            int count = whole(ConfigurationKeys.SHARD_COUNT, countText.get(), false);
            int index = whole(K8S_INDEX, k8sIndex, true);
            if (count < 1 || count > MAX_COUNT) {
                throw environmentError(ConfigurationKeys.SHARD_COUNT + " = " + count + " is not from 1 to " + MAX_COUNT
                        + "; set it to the indexed Job's completions");
            }
            if (index < 0 || index >= count) {
                throw environmentError(K8S_INDEX + " = " + index + " is not from 0 to " + (count - 1) + " ("
                        + ConfigurationKeys.SHARD_COUNT + " = " + count + "); set " + ConfigurationKeys.SHARD_COUNT
                        + " to the Job's completions");
            }
            return Optional.of(new Shard(index + 1, count));
        }
        if (countText.isPresent()) {
            throw environmentError(ConfigurationKeys.SHARD_COUNT + " = " + countText.get() + " is set but neither "
                    + K8S_INDEX + " (Kubernetes indexed Job) nor " + SLURM_ID + " (Slurm array) is; set "
                    + ConfigurationKeys.SHARD + " = k/K outside those schedulers, or remove " + ConfigurationKeys.SHARD_COUNT);
        }
        return Optional.empty();
    }

    private static Shard slurm(Map<String, String> environment, String idText) {
        int id = whole(SLURM_ID, idText, true);
        String stepText = variable(environment, SLURM_STEP);
        if (stepText != null && whole(SLURM_STEP, stepText, false) != 1) {
            throw environmentError(SLURM_STEP + " = " + stepText + ": the array's task ids have gaps, so they do not"
                    + " number the shards 1 to K; submit consecutive ids, e.g. sbatch --array=1-K");
        }
        String minText = variable(environment, SLURM_MIN);
        String maxText = variable(environment, SLURM_MAX);
        String countText = variable(environment, SLURM_COUNT);
        int min;
        // long: MAX − MIN + 1 of ids near 2^31 overflows an int (it showed as -2147483648 tasks).
        long count;
        String countVariable;
        if (minText != null && maxText != null) {
            min = whole(SLURM_MIN, minText, true);
            int max = whole(SLURM_MAX, maxText, true);
            if (max < min) {
                throw environmentError(SLURM_MAX + " = " + max + " is below " + SLURM_MIN + " = " + min
                        + "; these are not the values of a Slurm array, unset them or set " + ConfigurationKeys.SHARD);
            }
            count = (long) max - min + 1;
            countVariable = SLURM_MAX + " − " + SLURM_MIN + " + 1 = " + max + " − " + min + " + 1";
            if (countText != null && whole(SLURM_COUNT, countText, false) != count) {
                throw environmentError(SLURM_COUNT + " = " + countText + " but " + SLURM_MIN + " = " + min + " and "
                        + SLURM_MAX + " = " + max + " span " + count + " ids: the array's ids are not consecutive"
                        + " (a list or a step); submit consecutive ids, e.g. sbatch --array=1-" + countText);
            }
        } else if (countText != null) {
            min = 1;
            count = whole(SLURM_COUNT, countText, false);
            countVariable = SLURM_COUNT;
        } else {
            throw environmentError(SLURM_ID + " = " + idText + " is set without " + SLURM_COUNT + " or " + SLURM_MIN
                    + "/" + SLURM_MAX + ", so the number of shards is unknown; set " + ConfigurationKeys.SHARD + " = k/K");
        }
        if (count < 1 || count > MAX_COUNT) {
            throw environmentError(countVariable + " = " + count + " tasks: shards need 1 to " + MAX_COUNT
                    + "; submit an array of at most " + MAX_COUNT + " tasks, or set " + ConfigurationKeys.SHARD);
        }
        if (id < min || id > min + count - 1) {
            throw environmentError(SLURM_ID + " = " + id + " is outside the array's ids " + min + " to "
                    + (min + count - 1) + "; these are not the values of one Slurm array, set " + ConfigurationKeys.SHARD);
        }
        return new Shard(id - min + 1, (int) count);
    }

    /** The variable's trimmed value, or null when unset or blank. */
    private static String variable(Map<String, String> environment, String name) {
        String value = environment.get(name);
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static int whole(String name, String text, boolean zeroAllowed) {
        String trimmed = text.trim();
        if (trimmed.matches("[+-]?[0-9]+")) {
            // Digits only (ASCII): a value beyond int is named as too large, not as "not a whole number".
            java.math.BigInteger value = new java.math.BigInteger(trimmed);
            if (value.signum() > 0 || (zeroAllowed && value.signum() == 0)) {
                if (value.bitLength() < 32) {
                    return value.intValue();
                }
                throw environmentError(name + " = " + trimmed + " is too large: at most " + Integer.MAX_VALUE
                        + " (and " + MAX_COUNT + " shards)");
            }
        }
        throw environmentError(name + " = '" + text + "' is not a whole number " + (zeroAllowed ? ">= 0" : ">= 1"));
    }

    private static ExtensionConfigurationException environmentError(String detail) {
        return new ExtensionConfigurationException("TriScale cannot take the shard from the environment: " + detail
                + " (or set " + ConfigurationKeys.SHARD_ENVIRONMENT + " = false to run every series)");
    }

    /**
     * Parses {@code k/K}.
     *
     * @param text the parameter's value
     * @return the shard
     * @throws ExtensionConfigurationException naming the parameter, the value and the valid form
     */
    public static Shard parse(String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        int k;
        int n;
        try {
            if (slash < 0) {
                throw new NumberFormatException();
            }
            k = Integer.parseInt(trimmed.substring(0, slash).trim());
            n = Integer.parseInt(trimmed.substring(slash + 1).trim());
        } catch (NumberFormatException e) {
            throw invalid(text, "k/K, two whole numbers such as 2/4 (the second of four shards)");
        }
        if (n < 1 || n > MAX_COUNT) {
            throw invalid(text, "k/K with K, the number of shards, from 1 to " + MAX_COUNT + " (K = " + n
                    + " is not)");
        }
        if (k < 1 || k > n) {
            throw invalid(text, "k/K with 1 <= k <= K: k = " + k + " is " + (k < 1 ? "below 1" : "above K = " + n)
                    + "; the shards of K = " + n + " are 1/" + n + " to " + n + "/" + n);
        }
        return new Shard(k, n);
    }

    private static ExtensionConfigurationException invalid(String text, String expected) {
        return SettingsReader.invalid(ConfigurationKeys.SHARD, text, expected);
    }

    /**
     * Whether {@link ConfigurationKeys#SHARD_BY} asks for whole tests (grid cells) per shard
     * rather than series.
     *
     * @param parameters the configuration parameters by key, trimmed, empty when not set
     * @return {@code true} for {@code cells}, {@code false} for {@code series} or not set
     * @throws ExtensionConfigurationException for another value, naming the valid ones
     */
    static boolean byCells(Function<String, Optional<String>> parameters) {
        Optional<String> value = parameters.apply(ConfigurationKeys.SHARD_BY);
        if (value.isEmpty() || value.get().equalsIgnoreCase("series")) {
            return false;
        }
        if (value.get().equalsIgnoreCase("cells")) {
            return true;
        }
        throw SettingsReader.invalid(ConfigurationKeys.SHARD_BY, value.get(), "series (each test's series over the"
                + " shards, the default) or cells (each test, a grid's cell or a test outside a grid, whole in one shard)");
    }

    /**
     * The shard that runs a whole test under {@code triscale.shard.by = cells}: cell i of a grid
     * (one class template) in shard {@code ((i - 1) mod K) + 1}, so that K tasks for K cells run
     * one cell each and fewer tasks run blocks that differ by at most one cell; a test outside a
     * grid or in nested grids (whose flat position is unknown) in shard
     * {@code (CRC-32 of its name mod K) + 1}.
     *
     * @param cellIndices the indices of the enclosing class template invocations, outermost first
     * @param testName    the test's name with its cell, {@code Class.method[cell]}
     * @return the shard's index, 1 to K
     */
    int ownerOfTest(List<Integer> cellIndices, String testName) {
        if (cellIndices.size() == 1) {
            return (cellIndices.get(0) - 1) % count + 1;
        }
        return ComparisonShards.owner(testName, count);
    }

    /**
     * Whether a series belongs to this shard.
     *
     * @param series the series, from 1
     * @return whether this shard runs it
     */
    public boolean includes(int series) {
        return (series - 1) % count == index - 1;
    }

    /**
     * The series of this shard, ascending; empty when the test has fewer than k series.
     *
     * @param seriesCount the test's number of series
     * @return the series numbers, from 1
     */
    public List<Integer> series(int seriesCount) {
        List<Integer> own = new ArrayList<>();
        for (int series = index; series <= seriesCount; series += count) {
            own.add(series);
        }
        return own;
    }

    /** {@code k/K}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
