package org.example;

import org.triscale.junit.ConvergenceRequired;
import org.triscale.junit.Metric;
import org.triscale.junit.Runs;
import org.triscale.junit.Series;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The guide's composed annotation (docs/guide.md, Composed annotations). */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Runs(kpiPercentile = 75, kpiConfidence = 75, count = 10)
@Series(count = 5)
@ConvergenceRequired
@Metric(name = "delay", samplePercentile = 95, unit = "ms", bounds = {0, 100})
@Metric(name = "throughput", unit = "Mbit/s", bounds = {0, 120})
public @interface CcaRegressionTest {
}
