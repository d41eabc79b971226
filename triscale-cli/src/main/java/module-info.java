/**
 * The {@code triscale} command line: metrics, KPIs and scores of CSV files, the batch protocol,
 * reports and merges of results. An application; no package is API.
 *
 * @since 0.3.0
 */
module org.triscale.cli {
    requires org.triscale.engine;
    requires org.triscale.results;
    requires org.triscale.testbed;
    requires info.picocli;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires ch.randelshofer.fastdoubleparser;

    // picocli builds the commands' models from their annotated fields reflectively.
    opens org.triscale.cli to info.picocli;
    opens org.triscale.cli.batch to info.picocli, com.fasterxml.jackson.databind;
    opens org.triscale.cli.csv to info.picocli;
}
