/**
 * Test beds outside the JVM: {@link org.triscale.testbed.ExternalRun} starts a seeded program per
 * run (simulator, traffic generator, test-bed script) with a timeout, a working folder and
 * captured output; the parsers turn the logs of the tools networking people use (iperf3, ns-3
 * FlowMonitor, mahimahi/Pantheon, flent, CSV and JSON lines) into {@link org.triscale.testbed.Samples}
 * for a run's metrics. Malformed input is reported as file:line with what was expected.
 */
package org.triscale.testbed;
