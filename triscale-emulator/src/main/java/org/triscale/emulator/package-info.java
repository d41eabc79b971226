/**
 * An embedded, deterministic, packet-level discrete-event emulator of a dumbbell path, the default
 * backend of the sample CCA regression suite: {@link org.triscale.emulator.Scenario}
 * describes the path and its flows, {@link org.triscale.emulator.Emulator#run} runs it
 * with a seed, and {@link org.triscale.emulator.Trace} holds what a test records (flow
 * completion times, one-way delays, throughput series, link statistics).
 */
package org.triscale.emulator;
