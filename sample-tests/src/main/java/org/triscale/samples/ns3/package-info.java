/**
 * The ns-3 backend of the sample suite: a real packet-level simulator (ns-3.37 as packaged by Debian,
 * {@code libns3-dev}) behind the same dumbbell scenarios as the embedded emulator.
 *
 * <ul>
 *   <li>{@link org.triscale.samples.ns3.Ns3} finds ns-3 and a C++ compiler, compiles the scenario
 *       {@code dumbbell.cc} (a resource of this package) once per content into a cache folder, runs it
 *       with a seed and a wall-clock bound, and parses its output into an
 *       {@link org.triscale.samples.ns3.Ns3Trace}.</li>
 *   <li>{@link org.triscale.samples.ns3.Ns3Scenario} describes a run: bottleneck rate, per-flow base
 *       RTTs, buffer, {@link org.triscale.samples.ns3.Cca}, {@link org.triscale.samples.ns3.Workload},
 *       duration and sampling.</li>
 *   <li>Without ns-3, {@link org.triscale.samples.ns3.Ns3#requireOrSkip(java.util.function.Function)}
 *       skips a test with a message saying how to install it; with {@code triscale.samples.backend=ns3}
 *       a missing ns-3 fails instead. A scenario that does not compile always fails
 *       ({@link org.triscale.samples.ns3.Ns3CompilationException}).</li>
 * </ul>
 *
 * <h2>What the scenario models</h2>
 * N sender/receiver pairs (one per RTT) around two routers joined by the bottleneck point-to-point
 * link. The bottleneck's one-way delay is a quarter of the smallest RTT unless set; each pair's access
 * links (max(10 x rate, 1 Gbit/s)) take the rest of its RTT. The bottleneck queue is a queue disc
 * above a 1-packet device queue: a DropTail FIFO of the buffer size, or, when a flow uses DCTCP (or an
 * ECN threshold is set), a RED queue disc used as a step marker at K packets (instantaneous queue,
 * MinTh = MaxTh = K, ECN, no hard drop; default K = ceil(BDP / 7) at the smallest RTT).
 *
 * <p>TCP is Linux-like: segment size 1448 bytes, 8 MiB send and receive buffers, initial window 10,
 * minimum RTO 200 ms, connection timeout 1 s, an ACK for every 2 segments (delayed-ACK count 2,
 * Linux's ack ratio) with a 40 ms delayed-ACK timer, SACK and PRR recovery. Each pair's sender and
 * receiver run the pair's CCA (ns-3's {@code TcpDctcp} also handles the receiver's ECN echo).
 *
 * <p>Workloads: {@code bulk} runs one unlimited flow per pair, each starting at a seeded uniform time
 * in [0, startJitter); {@code fct} draws Poisson arrivals (exponential gaps, mean 200 ms by default) in
 * [warmup, duration) with lognormal sizes fixed by their 5th and 95th percentiles (64 KiB and 2 MiB:
 * mean about 631 KiB), assigns them to the pairs round-robin, and may add one competing bulk flow with
 * its own CCA and RTT. The simulation ends at duration + drain. All randomness comes from ns-3 RNG
 * streams selected by {@code --RngRun}: the same seed gives the same output, byte for byte.
 *
 * <h2>What the numbers mean</h2>
 * <ul>
 *   <li>FCT: from the sending application's start (before the SYN) until the receiving application
 *       has all bytes; flows not done when the simulation ends (late arrivals, or flows ns-3.37's BBR
 *       stalls) have no FCT.</li>
 *   <li>Throughput: goodput delivered to the receiving applications per bin (bin end time), for all
 *       flows together and for each bulk flow. A bin can exceed the link rate when a retransmission
 *       releases data buffered out of order.</li>
 *   <li>Queue delay: sojourn time of each packet in the bottleneck queue disc, taken when it leaves the
 *       disc. It excludes propagation, serialisation and the 1-packet device queue; a packet's one-way
 *       delay is about its flow's RTT / 2 plus this value.</li>
 *   <li>Utilisation: bytes sent on the bottleneck (IP and PPP headers included) over rate times
 *       simulated time, start-up included.</li>
 * </ul>
 *
 * <h2>Known ns-3.37 limits</h2>
 * {@code TcpBbr} can stall a flow for good after a retransmission timeout during its start-up losses:
 * its bandwidth estimate collapses and never recovers. Whether it happens depends on the buffer and
 * the seed; assert on medians and completion ratios, not on every flow.
 */
package org.triscale.samples.ns3;
