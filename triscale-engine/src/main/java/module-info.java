/**
 * The statistics of TriScale for JUnit: KPIs and their confidence bounds, variability scores,
 * convergence and independence checks, sequential decisions, baselines and comparisons. JUnit-free;
 * every package is API.
 *
 * @since 0.3.0
 */
module org.triscale.engine {
    requires static transitive org.apiguardian.api;
    requires org.apache.commons.numbers.arrays;
    requires org.apache.commons.numbers.gamma;
    requires org.apache.commons.statistics.descriptive;
    requires org.apache.commons.statistics.distribution;
    requires org.apache.commons.statistics.inference;

    exports org.triscale.engine;
    exports org.triscale.engine.analysis;
    exports org.triscale.engine.baseline;
    exports org.triscale.engine.bounds;
    exports org.triscale.engine.comparison;
    exports org.triscale.engine.format;
    exports org.triscale.engine.independence;
    exports org.triscale.engine.network;
    exports org.triscale.engine.numeric;
    exports org.triscale.engine.sequential;
    exports org.triscale.engine.sizing;
    exports org.triscale.engine.trend;
}
