/**
 * A deterministic packet-level discrete-event emulator of TCP flows over a bottleneck link:
 * {@link org.triscale.emulator.Scenario} describes the path (its rate or delivery trace, its queue
 * discipline, its losses) and what runs over it (flows and workloads),
 * {@link org.triscale.emulator.Emulator#run} runs it with a seed, and
 * {@link org.triscale.emulator.Trace} holds what a test records (flow completion times and
 * slowdowns, one-way delays, throughput series, link statistics). The sub-packages hold the
 * extension points and their built-in implementations: congestion control ({@code cca}), queues
 * and AQMs ({@code queue}), link variations ({@code link}) and workloads ({@code workload}); the value types and checks they all share ({@code Rate},
 * {@code Ecn}, {@code Wire}, {@code FlowSettings}, {@code Check}) are in {@code base}.
 */
package org.triscale.emulator;
