package org.triscale.emulator.queue;

import org.apiguardian.api.API;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Deliberately misconfigured AQMs, each modelled on a real class of defect, to mutation-test a
 * regression suite as {@link org.triscale.emulator.cca.CcaMutant} does for congestion controls:
 * swap {@link #factory()} in where the suite uses the queue named by {@link #original()}.
 * Each mutant is the built-in queue with one parameter wrong, everything else unchanged.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public enum QueueMutant {
    /**
     * CoDel with an interval of 1 s instead of 100 ms: it waits ten times longer before it starts
     * dropping or marking and then spaces its signals ten times wider, so a standing queue far
     * above the 5 ms target persists (RFC 8289 §4.3 on choosing the interval; a units or
     * configuration error).
     */
    CODEL_WRONG_INTERVAL(CoDel.NAME, "interval 1 s instead of 100 ms (RFC 8289 §4.3)",
            CoDel.of(CoDel.TARGET, Duration.ofSeconds(1), true)),
    /**
     * CoDel that never marks: ECN-capable packets are dropped as if they were not (RFC 8289
     * §5; the {@code ecn} switch off), so ECN flows see losses and retransmissions instead of
     * marks (the classic-ECN support that RFC 3168 and the L4S interoperability tests rely on).
     */
    CODEL_NO_ECN(CoDel.NAME, "no ECN marking: drops instead of marks (RFC 8289, RFC 3168)",
            CoDel.of(CoDel.TARGET, CoDel.INTERVAL, false)),
    /**
     * DualPI2 with a coupling factor k = 0.5 instead of 2: the L4S queue is marked four times
     * less than the coupling to the classic queue needs, so scalable (L4S) flows take most of the
     * capacity from classic ones (RFC 9332 §2.4 and Appendix C on k; the coupling's balance is
     * what Morton's and Heist's fairness tests measured).
     */
    DUALPI2_WRONG_COUPLING(DualPi2.NAME, "coupling factor k = 0.5 instead of 2 (RFC 9332 §2.4)",
            s -> new DualPi2(s.buffer(), DualPi2.TARGET, DualPi2.T_UPDATE, 0.5, DualPi2.STEP, s.random()));

    private final String original;
    private final String defect;
    private final QueueDiscipline.Factory factory;

    QueueMutant(String original, String defect, QueueDiscipline.Factory factory) {
        this.original = original;
        this.defect = defect;
        this.factory = factory;
    }

    /**
     * The name of the built-in queue this mutant breaks: {@code "CoDel"} or {@code "DualPI2"}.
     *
     * @return the original's name
     */
    public String original() {
        return original;
    }

    /**
     * The defect class in a few words, with its source.
     *
     * @return a short description
     */
    public String defect() {
        return defect;
    }

    /**
     * The mutant queue, with the scenario's buffer, for {@code Scenario.Builder.queue}.
     *
     * @return the factory
     */
    public QueueDiscipline.Factory factory() {
        return factory;
    }

    /**
     * The mutant of this name, case-insensitive, with {@code -} for {@code _}.
     *
     * @param name a constant's name, for example {@code CODEL_NO_ECN}
     * @return the mutant
     * @throws IllegalArgumentException listing the valid names if none matches
     */
    public static QueueMutant named(String name) {
        String key = name == null ? "" : name.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (QueueMutant m : values()) {
            if (m.name().equals(key)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no queue mutant is named '" + name + "'; valid names: "
                + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
    }
}
