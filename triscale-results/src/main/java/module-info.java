/**
 * The results of TriScale for JUnit, JUnit-free: the JSON model, judging recorded runs, the
 * regression gate's files, the Surefire reports, the HTML report and the shard merge. The API is
 * {@code org.triscale.results}; the {@code internal} packages are exported only to the extension.
 *
 * @since 0.3.0
 */
// The internal packages are exported to the extension's module, which is built after this one and so
// not observable when this module compiles: javac's "module not found" for each qualified export is
// expected (JLS 7.7.2 allows a qualified export to name an unknown module).
@SuppressWarnings("module")
module org.triscale.results {
    requires static transitive org.apiguardian.api;
    requires transitive org.triscale.engine;
    requires com.fasterxml.jackson.annotation;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires java.xml;

    exports org.triscale.results;
    exports org.triscale.results.internal.common to org.triscale.junit;
    exports org.triscale.results.internal.files to org.triscale.junit;
    exports org.triscale.results.internal.gate to org.triscale.junit;
    exports org.triscale.results.internal.judge to org.triscale.junit;
    exports org.triscale.results.internal.launch to org.triscale.junit;
    exports org.triscale.results.internal.merge to org.triscale.junit;
    exports org.triscale.results.internal.model to org.triscale.junit;
    exports org.triscale.results.internal.mapping to org.triscale.junit;
    exports org.triscale.results.internal.recording to org.triscale.junit;
    exports org.triscale.results.internal.report to org.triscale.junit;
    exports org.triscale.results.internal.setup to org.triscale.junit;
    exports org.triscale.results.internal.verdict to org.triscale.junit;

    // Jackson binds the persisted records and enums (results, sequel records, gate files, report
    // data), whose types live across these packages.
    opens org.triscale.results.internal.common to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.files to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.gate to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.judge to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.merge to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.model to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.mapping to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.recording to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.report to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.setup to com.fasterxml.jackson.databind;
    opens org.triscale.results.internal.verdict to com.fasterxml.jackson.databind;
}
