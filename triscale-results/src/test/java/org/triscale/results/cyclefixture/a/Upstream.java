package org.triscale.results.cyclefixture.a;

import org.triscale.results.cyclefixture.b.Downstream;

/** Half of a deliberate package cycle: the architecture test must find it. */
public final class Upstream {
    /** A reference into the other package. */
    public Downstream next;
}
