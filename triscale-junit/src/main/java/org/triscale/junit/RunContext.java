package org.triscale.junit;

import org.apiguardian.api.API;
import java.nio.file.Path;

/**
 * What a run of a {@link Runs} test receives as a parameter: where it is in the test (series and
 * run, both 1-based), a reproducible seed, and the methods that record the run's samples.
 *
 * <p>Samples are {@code (x, y)} pairs (x is usually time) or plain values (x is then the sample's
 * position, 0, 1, 2, ...); use one form per metric and run. A NaN in x or y drops the sample and
 * is counted in the results; an infinity is rejected. Metric names must be declared with
 * {@link Metric}. A context is valid only during its own run and is not thread-safe: record from
 * the test's thread, or collect and use {@link #recordSamples(String, double[], double[])}.
 *
 * @since 0.1.0
 */
@API(status = API.Status.MAINTAINED, since = "0.1.0")
public interface RunContext {

    /**
     * Returns the series this run belongs to, from 1.
     *
     * @return the series number
     */
    int series();

    /**
     * Returns the run's number within its series, from 1.
     *
     * @return the run number
     */
    int run();

    /**
     * Returns this run's seed: the same for the same base seed (configuration parameter
     * {@code triscale.seed}), test class, method, series and run, and distinct between runs.
     * Use it to seed the emulator or the workload so that a run can be replayed.
     *
     * @return the seed
     */
    long seed();

    /**
     * Returns which side of an interleaved pair this run is ({@code @Baseline(interleaved = true)}):
     * the test runs the reference code for {@link Baseline.Arm#REFERENCE} and the code under test
     * for {@link Baseline.Arm#CANDIDATE}. Both runs of a pair get the same {@link #seed()}.
     *
     * @return the arm
     * @throws IllegalStateException if the test is not interleaved (a configuration error that
     *                               stops the test)
     */
    default Baseline.Arm arm() {
        throw new IllegalStateException("RunContext.arm() needs @Baseline(interleaved = true): only an interleaved"
                + " test runs a reference and a candidate arm");
    }

    /**
     * Records one sample of a metric.
     *
     * @param metric a name declared with {@link Metric}
     * @param x      the sample's abscissa, usually its time
     * @param y      the sample's value
     * @throws IllegalArgumentException if the metric is not declared or x or y is infinite
     */
    void recordSample(String metric, double x, double y);

    /**
     * Records one sample of a metric; its x is its position among the metric's samples in this
     * run.
     *
     * @param metric a name declared with {@link Metric}
     * @param y      the sample's value
     * @throws IllegalArgumentException if the metric is not declared or y is infinite
     */
    void recordSample(String metric, double y);

    /**
     * Records samples of a metric.
     *
     * @param metric a name declared with {@link Metric}
     * @param xs     the samples' abscissae
     * @param ys     the samples' values, as many as {@code xs}
     * @throws IllegalArgumentException if the metric is not declared, the arrays are null or of
     *                                  different lengths, or a value is infinite
     */
    void recordSamples(String metric, double[] xs, double[] ys);

    /**
     * Records samples of a metric; their x values are their positions among the metric's samples
     * in this run.
     *
     * @param metric a name declared with {@link Metric}
     * @param ys     the samples' values
     * @throws IllegalArgumentException if the metric is not declared, the array is null or a value
     *                                  is infinite
     */
    void recordSamples(String metric, double[] ys);

    /**
     * Records one importance-sampled value of a metric with its weight, the likelihood ratio of
     * the value: the density of the law the metric is about (the nominal workload) over the density
     * it was drawn from (a tilted workload), known up to a constant factor. The run's metric is
     * then the weighted percentile (or mean) of its values, and the results state its effective
     * sample size; see the adaptive-runs documentation, section "Importance sampling". A metric of
     * a run gets weighted samples only, with implicit x values. A NaN value is dropped and counted.
     *
     * @param metric a name declared with {@link Metric} whose statistic is a percentile or the mean,
     *               without a convergence test
     * @param value  the sample's value
     * @param weight its likelihood ratio, finite and &gt; 0
     * @throws IllegalArgumentException if the metric is not declared or not a percentile or mean,
     *                                  the value is infinite, the weight is not finite and positive,
     *                                  or the metric already has unweighted samples in this run
     */
    void recordWeightedSample(String metric, double value, double weight);

    /**
     * Records importance-sampled values of a metric with their weights, as
     * {@link #recordWeightedSample(String, double, double)} does for each pair.
     *
     * @param metric  a name declared with {@link Metric} whose statistic is a percentile or the mean
     * @param values  the samples' values
     * @param weights their likelihood ratios, finite and &gt; 0, as many as {@code values}
     * @throws IllegalArgumentException if the metric is not declared or not a percentile or mean,
     *                                  an array is null or the lengths differ, a value is infinite,
     *                                  a weight is not finite and positive, or the metric already
     *                                  has unweighted samples in this run
     */
    void recordWeightedSamples(String metric, double[] values, double[] weights);

    /**
     * Records the metric's value for this run, computed by the test itself, instead of samples;
     * no convergence test is applied. A metric gets either one run value or samples, not both.
     *
     * @param metric a name declared with {@link Metric}
     * @param value  the run's value of the metric, finite
     * @throws IllegalArgumentException if the metric is not declared, is required to converge, or
     *                                  the value is not finite
     * @throws IllegalStateException    if the metric already has a run value or samples in this run
     */
    void recordRunValue(String metric, double value);

    /**
     * Describes the test bed for the regression gate's fingerprint, for example
     * {@code testBed("backend", "ns-3.41")} or {@code testBed("scenario", scenario.hash())}: a
     * {@link Baseline} measured on another test bed is not compared. Call it in any run (or all);
     * every run must give a key the same value.
     *
     * @param key   a name, not blank, at most 100 characters
     * @param value its value, not null, at most 1,000 characters
     * @throws IllegalArgumentException if the key is blank or a text is too long or null
     * @throws IllegalStateException    if an earlier run gave the key another value
     */
    void testBed(String key, String value);

    /**
     * Keeps a short text with this run, for example the end of a test bed's log: it goes into the
     * run's entry of the JSON result (field {@code notes}) and, when the run fails, an excerpt of
     * it (the last 200 characters, on one line) is added to the run's failure message, which the
     * progress line and the verdict show. A later note of the same name replaces the earlier one.
     * Line breaks and tabs are kept; other control characters become U+FFFD, so the text fits
     * every report. A text longer than 4,096 characters keeps its end (where a log says what went
     * wrong), marked by a leading {@code "[...]"}.
     *
     * @param name names the note, e.g. {@code "stderr"}: 1 to 100 characters, no control character
     * @param text the note, not null
     * @throws IllegalArgumentException if the name is blank, too long or holds a control
     *                                  character, the text is null, or the run already has 32
     *                                  notes
     */
    void note(String name, String text);

    /**
     * The folder of every output of the launch ({@code triscale.output.dir}, default
     * {@code target/triscale}), where helpers such as the test bed's external runs put their run
     * folders, so that one key moves every output.
     *
     * @return the launch's output folder; this default implementation (for stand-in contexts
     *         outside the extension) returns {@code target/triscale}
     */
    default Path outputDirectory() {
        return Path.of("target", "triscale");
    }
}
