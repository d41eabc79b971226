/**
 * TriScale for JUnit: the annotations, {@code RunContext}, the sequel API and the AssertJ
 * assertions. The extension's classes ({@code internal}) are not exported; JUnit reaches them
 * reflectively, so they are open to it.
 *
 * @since 0.3.0
 */
module org.triscale.junit {
    requires static transitive org.apiguardian.api;
    requires transitive org.triscale.engine;
    requires transitive org.junit.jupiter.api;
    requires transitive org.assertj.core;
    requires org.triscale.results;
    requires org.junit.platform.commons;
    // The launch listener (reports, summary) is found by the launcher, which is there whenever tests run.
    requires static org.junit.platform.launcher;

    exports org.triscale.junit;
    exports org.triscale.junit.assertions;
    exports org.triscale.junit.sequel;

    // JUnit instantiates the extensions and calls them reflectively.
    opens org.triscale.junit.internal.lifecycle to org.junit.platform.commons;
    opens org.triscale.junit.internal.setup to org.junit.platform.commons;

    provides org.junit.platform.launcher.TestExecutionListener
            with org.triscale.junit.internal.report.TriscaleLaunchListener;
}
