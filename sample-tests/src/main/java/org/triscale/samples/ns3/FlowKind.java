package org.triscale.samples.ns3;

/** Whether a flow of the dumbbell scenario is a long-running bulk flow or a sized FCT flow. */
public enum FlowKind {
    /** Unlimited flow that sends until the simulation ends; it has no completion time. */
    BULK,
    /** Flow of a given size whose completion time is measured. */
    FCT
}
