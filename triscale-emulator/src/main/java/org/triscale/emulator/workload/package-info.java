/**
 * What the flows of a scenario carry and when they start: flow-size distributions and
 * flow-completion-time workloads.
 */
package org.triscale.emulator.workload;
