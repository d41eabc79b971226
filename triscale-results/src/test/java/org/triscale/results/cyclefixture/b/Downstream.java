package org.triscale.results.cyclefixture.b;

import org.triscale.results.cyclefixture.a.Upstream;

/** The other half of the deliberate package cycle. */
public final class Downstream {
    /** The reference back, which closes the cycle. */
    public Upstream back;
}
