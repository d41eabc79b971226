package org.triscale.samples.ns3;

/** Traffic the dumbbell scenario generates. */
public enum Workload {
    /** One unlimited flow per sender for the whole run. */
    BULK,
    /**
     * Poisson flow arrivals with lognormal sizes, flows assigned to the senders round-robin,
     * optionally with one long competing bulk flow.
     */
    FCT
}
