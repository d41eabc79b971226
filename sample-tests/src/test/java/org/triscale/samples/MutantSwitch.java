package org.triscale.samples;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.emulator.cca.Cca;
import org.triscale.emulator.cca.CcaMutant;
import org.triscale.emulator.queue.QueueDiscipline;
import org.triscale.emulator.queue.QueueMutant;

/**
 * Swaps a mutant in for the algorithm or queue it breaks when the configuration parameter
 * {@value #PARAMETER} names one ({@link CcaMutant} or {@link QueueMutant}), so that
 * {@link MutationScoreTests} can launch the unchanged samples with a mutant. A sample asks for its
 * algorithm with {@code MutantSwitch.cca(Cca.CUBIC)}; without the parameter it gets CUBIC.
 */
public final class MutantSwitch implements BeforeEachCallback, AfterEachCallback {
    /** The configuration parameter that names the mutant. */
    public static final String PARAMETER = "triscale.samples.mutant";
    private static final ThreadLocal<Object> ACTIVE = new ThreadLocal<>();

    @Override
    public void beforeEach(ExtensionContext context) {
        ACTIVE.set(context.getConfigurationParameter(PARAMETER).filter(s -> !s.isBlank()).map(MutantSwitch::mutant)
                .orElse(null));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        ACTIVE.remove();
    }

    /** The mutant of this name; an unknown name fails with both lists of valid names. */
    static Object mutant(String name) {
        try {
            return CcaMutant.named(name);
        } catch (IllegalArgumentException notCca) {
            try {
                return QueueMutant.named(name);
            } catch (IllegalArgumentException notQueue) {
                throw new IllegalArgumentException(PARAMETER + " = '" + name + "' names no mutant: "
                        + notCca.getMessage() + "; " + notQueue.getMessage(), notQueue);
            }
        }
    }

    /**
     * The algorithm to run: {@code original}, or the active mutant if it breaks {@code original}.
     *
     * @param original a built-in algorithm
     * @return the algorithm to run
     */
    public static Cca cca(Cca original) {
        return ACTIVE.get() instanceof CcaMutant m && m.original() == original ? m.cca() : original;
    }

    /**
     * The queue to run: {@code original}, or the active queue mutant if it breaks the queue named {@code name}.
     *
     * @param name     the queue's name, for example {@code CoDel.NAME}
     * @param original the queue
     * @return the queue to run
     */
    public static QueueDiscipline.Factory queue(String name, QueueDiscipline.Factory original) {
        return ACTIVE.get() instanceof QueueMutant m && m.original().equals(name) ? m.factory() : original;
    }
}
