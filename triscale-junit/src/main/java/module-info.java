/**
 * TriScale for JUnit: the annotations, {@code RunContext}, the sequel API and the AssertJ
 * assertions. The extension itself is package-private beside the annotations that register it;
 * JUnit instantiates it reflectively, so that package is open to JUnit. The {@code internal}
 * packages are neither exported nor open.
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

    // JUnit instantiates the package-private extension and usage check reflectively.
    opens org.triscale.junit to org.junit.platform.commons;

    provides org.junit.platform.launcher.TestExecutionListener
            with org.triscale.junit.internal.report.TriscaleLaunchListener;
}
