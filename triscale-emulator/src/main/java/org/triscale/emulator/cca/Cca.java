package org.triscale.emulator.cca;

import org.apiguardian.api.API;

import java.util.function.Supplier;

/**
 * A named congestion-control algorithm: a factory of one {@link CongestionControl} per connection.
 * The built-in algorithms are constants; {@link #of} plugs in a variant, for example
 * {@code Cca.of("CUBIC-beta-0.5", () -> new Cubic(Cubic.Config.RFC_9438.withBeta(0.5)))}.
 *
 * @since 0.3.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public final class Cca {
    /** NewReno (RFC 5681, RFC 6582). */
    public static final Cca NEWRENO = of("NewReno", NewReno::new);
    /** CUBIC (RFC 9438) with fast convergence, the Reno-friendly region and HyStart++ (RFC 9406). */
    public static final Cca CUBIC = of("CUBIC", Cubic::new);
    /** TCP Vegas (Brakmo and Peterson 1995), alpha = 2 and beta = 4 packets as in Linux. */
    public static final Cca VEGAS = of("Vegas", Vegas::new);
    /** BBR version 1 (Cardwell et al. 2016). */
    public static final Cca BBR = of("BBR", Bbr::new);
    /** DCTCP (RFC 8257) with g = 1/16; needs an ECN marking threshold at the bottleneck. */
    public static final Cca DCTCP = of("DCTCP", Dctcp::new);
    /** CUBIC as Linux runs it: RFC 9438 with classic HyStart. */
    public static final Cca CUBIC_LINUX = of("CUBIC-Linux", () -> new Cubic(Cubic.Config.LINUX));
    /** CUBIC with ECN (ECT(0)) and the RFC 3168 response to marks. */
    public static final Cca CUBIC_ECN = of("CUBIC-ECN", () -> new Cubic(Cubic.Config.RFC_9438.withEcn(true)));
    /** NewReno with ECN (ECT(0)) and the RFC 3168 response to marks. */
    public static final Cca NEWRENO_ECN = of("NewReno-ECN", () -> new NewReno(true));
    /** TCP Prague, the L4S sender: ECT(1), DCTCP-style response, RTT independence, pacing. */
    public static final Cca PRAGUE = of("Prague", Prague::new);
    /** TCP Prague with its classic-ECN bottleneck detection and fallback (off in {@link #PRAGUE}). */
    public static final Cca PRAGUE_FALLBACK = of("Prague-fallback", () -> new Prague(true, true));

    private final String name;
    private final Supplier<? extends CongestionControl> factory;

    private Cca(String name, Supplier<? extends CongestionControl> factory) {
        this.name = name;
        this.factory = factory;
    }

    /**
     * A named algorithm.
     *
     * @param name    name shown in results, not blank
     * @param factory creates one fresh instance per connection
     * @return the algorithm
     * @throws IllegalArgumentException if the name is blank or the factory is null
     */
    public static Cca of(String name, Supplier<? extends CongestionControl> factory) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("cca name must not be blank, got '" + name + "'");
        }
        if (factory == null) {
            throw new IllegalArgumentException("cca factory for '" + name + "' must not be null");
        }
        return new Cca(name, factory);
    }

    /**
     * A deliberately broken variant of a built-in algorithm, to check that a regression suite
     * catches it (mutation testing): for example {@code Cca.mutant(CcaMutant.CUBIC_BETA_0_9)}.
     *
     * @param mutant the mutant
     * @return the mutant as a named algorithm, {@link CcaMutant#cca()}
     * @throws IllegalArgumentException if {@code mutant} is null
     */
    public static Cca mutant(CcaMutant mutant) {
        if (mutant == null) {
            throw new IllegalArgumentException("mutant must not be null; pass e.g. CcaMutant.CUBIC_BETA_0_9");
        }
        return mutant.cca();
    }

    /**
     * A mutant by its name, for example from a configuration parameter:
     * {@code Cca.mutant("CUBIC_BETA_0_9")}.
     *
     * @param name a {@link CcaMutant} constant's name (case-insensitive, {@code -} for {@code _})
     * @return the mutant as a named algorithm
     * @throws IllegalArgumentException naming the valid names if none matches
     */
    public static Cca mutant(String name) {
        return CcaMutant.named(name).cca();
    }

    /**
     * The name shown in results.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * A fresh instance for one connection.
     *
     * @return the instance, never null
     * @throws IllegalStateException if the factory returned null
     */
    public CongestionControl newInstance() {
        CongestionControl cc = factory.get();
        if (cc == null) {
            throw new IllegalStateException("the factory of cca '" + name + "' returned null");
        }
        return cc;
    }

    @Override
    public String toString() {
        return name;
    }
}
