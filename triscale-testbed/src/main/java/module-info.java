/**
 * Test beds beyond the embedded emulator: parsers of measurement tools' output (iperf3, flent,
 * Pantheon, ns-3, Mahimahi) and the Linux test bed (kernel TCP in network namespaces). Every package
 * is API; the emulator and the extension are optional and needed only by the classes that use them.
 *
 * @since 0.3.0
 */
module org.triscale.testbed {
    requires static transitive org.apiguardian.api;
    requires transitive org.triscale.engine;
    requires com.fasterxml.jackson.core;
    requires java.xml;
    requires static org.triscale.emulator;
    requires static org.triscale.junit;
    requires static org.apache.commons.rng.api;
    requires static org.apache.commons.rng.simple;
    requires static org.apache.commons.rng.sampling;
    requires static org.junit.jupiter.api;
    requires static org.junit.platform.commons;

    exports org.triscale.testbed;
    exports org.triscale.testbed.linux;

    // JUnit instantiates the condition behind @RequiresLinuxTestBed reflectively.
    opens org.triscale.testbed.linux to org.junit.platform.commons;
}
