/**
 * The embedded network emulator: links, queues and AQMs, congestion-control algorithms and
 * workloads, in simulated time. Every package is API.
 *
 * @since 0.3.0
 */
module org.triscale.emulator {
    requires static transitive org.apiguardian.api;
    requires transitive org.apache.commons.rng.api;
    requires org.apache.commons.rng.simple;
    requires org.apache.commons.rng.sampling;
    requires org.apache.commons.statistics.distribution;

    exports org.triscale.emulator;
    exports org.triscale.emulator.base;
    exports org.triscale.emulator.cca;
    exports org.triscale.emulator.link;
    exports org.triscale.emulator.queue;
    exports org.triscale.emulator.workload;
}
