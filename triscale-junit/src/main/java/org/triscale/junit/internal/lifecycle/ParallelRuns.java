package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.triscale.results.internal.recording.MetricValue;
import org.triscale.junit.internal.recording.RunMetricValues;
import org.triscale.results.internal.recording.RunRecord;
import org.triscale.junit.internal.recording.RunRecorder;
import org.triscale.junit.internal.setup.SettingsReader;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Executes the runs of a test declared {@code @Runs(independent = true)} on a bounded pool of
 * {@code triscale.runs.parallelism} threads, ahead of their invocations, while JUnit still sees
 * one invocation per run, in order.
 *
 * <p>Why this design: JUnit Jupiter executes the invocations of a test template one after the
 * other, and an {@code InvocationInterceptor} may only proceed with (or skip) the invocation it is
 * given, once, in the thread that JUnit calls it in; it cannot start later invocations early. So
 * the invocation of run k skips JUnit's own call of the method and waits for run k's result,
 * computed by a task that calls the same method reflectively on a pool thread with a
 * {@code RunContext} of its own (the other arguments are the ones JUnit resolved for the
 * invocation that started the task, on the test instance of the first run). While run k is
 * awaited, the next {@code parallelism} runs are submitted, so the pool stays busy and at most
 * {@code parallelism + 1} runs' samples are held at once. Each task also computes its run's
 * metrics (the convergence test is a large part of a run's cost), which is why lifecycle methods
 * cannot record into the run's context. Because the invocation reports its own run's outcome —
 * its metrics, its exception, its timing of the method body — the JUnit tree, the Surefire
 * reports, the progress lines and the results are those of sequential runs: seeds depend on the
 * series and the run only ({@link Seeds}), and every decision (an adaptive series' stopping rule,
 * a sequel's, a configuration error that stops the test) is taken on the test's thread in run
 * order. A run computed ahead of a decision that made it unnecessary is discarded, and the count
 * of discarded runs is printed when the test ends. With adaptive series (a series may never start),
 * the pool looks ahead within the current series only.
 *
 * <p>The alternative of running whole invocations concurrently through JUnit's own parallel
 * execution would lose the run order of the tree and the reports, and the in-order decisions of
 * adaptive tests; starting one template per run would lose the single verdict.
 */
final class ParallelRuns implements AutoCloseable {
    /** The most threads a pool may have: beyond this, parallelism is a typo rather than a machine. */
    static final int MAX_PARALLELISM = 4096;

    private final TemplateState state;
    private final ApiAdapter api;
    private final int parallelism;
    /** With adaptive series, a later series may never start: look ahead within the series only. */
    private final boolean withinSeries;
    /** Runs submitted and not yet awaited by their invocation, by position (series, run). */
    private final NavigableMap<Long, Future<Outcome>> ahead = new TreeMap<>();
    private ExecutorService pool;
    private Object target;
    private Method method;
    /** The position of the last run submitted, or -1. */
    private long cursor = -1;
    /** The outcome of the run whose invocation is executing, for its metrics in {@code afterEach}. */
    private Outcome current;
    private final List<String> discarded = new ArrayList<>();

    private ParallelRuns(TemplateState state, int parallelism, ApiAdapter api) {
        this.state = state;
        this.api = api;
        this.parallelism = parallelism;
        this.withinSeries = state.setup.adaptiveSeries();
    }

    /**
     * The parallel runs of a test, or {@code null} when its runs execute one after the other: not
     * declared independent, or a parallelism of 1.
     *
     * @throws ExtensionConfigurationException for an invalid parallelism, or a lifecycle method
     *                                         that takes a {@code RunContext}
     */
    static ParallelRuns create(ExtensionContext context, TemplateState state, ApiAdapter api) {
        int parallelism = parallelism(context);
        boolean independent = api.independentRuns(context);
        if (!independent || parallelism == 1) {
            return null;
        }
        for (Class<?> type = context.getRequiredTestClass(); type != null; type = type.getEnclosingClass()) {
            for (Class<? extends java.lang.annotation.Annotation> lifecycle : List.of(BeforeEach.class, AfterEach.class)) {
                for (Method method : AnnotationSupport.findAnnotatedMethods(type, lifecycle,
                        HierarchyTraversalMode.TOP_DOWN)) {
                    for (Class<?> parameter : method.getParameterTypes()) {
                        if (api.isRunContext(parameter)) {
                            throw new ExtensionConfigurationException("TriScale configuration error in "
                                    + state.setup.testName() + ": @" + lifecycle.getSimpleName() + " method "
                                    + method.getName() + " takes a RunContext, but with "
                                    + ConfigurationKeys.RUNS_PARALLELISM + " = " + parallelism
                                    + " the independent runs execute on a pool ahead of their invocations, not"
                                    + " between the @BeforeEach and @AfterEach methods. Record in the test method,"
                                    + " or set " + ConfigurationKeys.RUNS_PARALLELISM + " = 1");
                        }
                    }
                }
            }
        }
        return new ParallelRuns(state, parallelism, api);
    }

    /** Reads {@code triscale.runs.parallelism}: a positive integer or {@code cores}; 1 when not set. */
    static int parallelism(ExtensionContext context) {
        String key = ConfigurationKeys.RUNS_PARALLELISM;
        String text = SettingsReader.parameter(context, key).orElse(null);
        if (text == null) {
            return 1;
        }
        if (text.equalsIgnoreCase("cores")) {
            return Runtime.getRuntime().availableProcessors();
        }
        try {
            int value = Integer.parseInt(text);
            if (value >= 1 && value <= MAX_PARALLELISM) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw SettingsReader.invalid(key, text, "a number of runs at once from 1 (the default, one after the other) to "
                + MAX_PARALLELISM + ", or cores for this machine's " + Runtime.getRuntime().availableProcessors()
                + " processors");
    }

    /** The parallel runs of the test an invocation belongs to, or {@code null}. */
    static ParallelRuns of(ExtensionContext context) {
        return context.getStore(Templates.NAMESPACE).get(ParallelRuns.class, ParallelRuns.class);
    }

    /**
     * Executes the invocation of one run: skips JUnit's call of the method, makes sure this run and
     * the next ones are on the pool, waits for this run and hands its recorder and time to the
     * record; rethrows what the method body threw.
     */
    void execute(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context, RunRecord record)
            throws Throwable {
        invocation.skip();
        if (method == null) {
            method = context.getExecutable();
            method.setAccessible(true);
            target = context.getTarget().orElse(null);
        }
        long position = position(record.series, record.run);
        discardBefore(position);
        Object[] arguments = context.getArguments().toArray();
        if (!ahead.containsKey(position)) {
            submit(position, arguments);
        }
        while (ahead.size() <= parallelism) {
            long next = next(cursor);
            if (next < 0) {
                break;
            }
            submit(next, arguments);
        }
        Future<Outcome> future = ahead.remove(position);
        Outcome outcome;
        try {
            outcome = future.get();
        } catch (InterruptedException e) {
            future.cancel(true); // e.g. @Timeout: the run is abandoned, like its invocation
            throw e;
        } catch (ExecutionException e) {
            throw e.getCause(); // a task catches all the body throws: only an error of the pool itself
        }
        current = outcome;
        record.adopt(outcome.recorder, outcome.recorder.series(), outcome.recorder.run(), outcome.recorder.seed());
        record.timed(outcome.nanos);
        if (outcome.failure != null) {
            throw outcome.failure;
        }
    }

    /** The metrics of the run whose invocation is executing, computed on the pool. */
    List<MetricValue> metricValues(RunRecord record) {
        Outcome outcome = current;
        if (outcome == null || outcome.recorder != record.recorder()) {
            throw new IllegalStateException("no parallel outcome for " + record.label());
        }
        if (outcome.metricsFailure != null) {
            throw outcome.metricsFailure;
        }
        return outcome.metrics;
    }

    private void submit(long position, Object[] invocationArguments) {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(parallelism, new Threads(state.setup.testName(),
                    Thread.currentThread().getContextClassLoader()));
        }
        int series = (int) (position >>> 32);
        int run = (int) position;
        long seed = Seeds.seed(state.setup.settings().baseSeed(), state.setup.testClass(), state.setup.testMethod(),
                series, run);
        RunRecorder recorder = state.recorder(series, run, seed);
        Object[] arguments = invocationArguments.clone();
        for (int i = 0; i < arguments.length; i++) {
            if (arguments[i] != null && api.isRunContext(arguments[i].getClass())) {
                arguments[i] = api.runContext(recorder);
            }
        }
        ahead.put(position, pool.submit(() -> execute(recorder, arguments)));
        cursor = position;
    }

    /** A run's task, on a pool thread: the method body, timed, then the run's metrics. */
    private Outcome execute(RunRecorder recorder, Object[] arguments) {
        recorder.bindToCurrentThread();
        long start = System.nanoTime();
        Throwable failure = null;
        try {
            method.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            failure = e.getCause();
        } catch (Throwable e) {
            failure = e;
        }
        long nanos = System.nanoTime() - start;
        List<MetricValue> metrics = List.of();
        RuntimeException metricsFailure = null;
        // As in RunExecution.afterEach: metrics only of a run that passed and used its context well.
        if (failure == null && recorder.configurationError() == null) {
            recorder.close();
            if (recorder.misuse() == null) {
                try {
                    metrics = RunMetricValues.compute(state.setup, recorder);
                } catch (RuntimeException e) {
                    metricsFailure = e;
                }
            }
        }
        // The run has ended on this thread, whatever its outcome: a later run kept its context
        // finds it closed, and this pool thread no longer counts as executing it.
        recorder.close();
        recorder.unbindFromCurrentThread();
        return new Outcome(recorder, nanos, failure, metrics, metricsFailure);
    }

    /** The position after {@code position} in run order, among the series this launch runs; -1 at the end. */
    private long next(long position) {
        int series = (int) (position >>> 32);
        int run = (int) position;
        if (run < state.setup.runsPerSeries()) {
            return position(series, run + 1);
        }
        if (withinSeries) {
            return -1;
        }
        for (int later = series + 1; later <= state.setup.seriesCount(); later++) {
            if (state.generates(later)) {
                return position(later, 1);
            }
        }
        return -1;
    }

    /** Discards the runs computed ahead of positions that no invocation will execute. */
    private void discardBefore(long position) {
        Map<Long, Future<Outcome>> skipped = ahead.headMap(position, false);
        for (Map.Entry<Long, Future<Outcome>> entry : skipped.entrySet()) {
            entry.getValue().cancel(true);
            discarded.add("series " + (entry.getKey() >>> 32) + " run " + (int) (long) entry.getKey());
        }
        skipped.clear();
        if (withinSeries && !ahead.isEmpty() && (ahead.firstKey() >>> 32) != (position >>> 32)) {
            discardBefore(Long.MAX_VALUE);
        }
    }

    private static long position(int series, int run) {
        return ((long) series << 32) | run;
    }

    /** Runs computed ahead and discarded so far, e.g. "series 1 run 13". */
    List<String> discarded() {
        return List.copyOf(discarded);
    }

    /**
     * Discards the runs no invocation executed (an adaptive series that stopped, a test that
     * stopped), waits for the pool's threads to end and prints how many runs were discarded.
     */
    @Override
    public void close() {
        discardBefore(Long.MAX_VALUE);
        if (pool != null) {
            pool.shutdownNow();
            try {
                // A discarded body that ignores interrupts still ends before the next test starts.
                while (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
                    Progress.sequel(state.setup, "waiting for discarded runs to end");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!discarded.isEmpty()) {
            Progress.sequel(state.setup, discarded.size() + (discarded.size() == 1 ? " run" : " runs")
                    + " computed ahead on the pool and discarded, not part of the results: " + String.join(", ", discarded));
        }
    }

    /** What a run's task computed. */
    private record Outcome(RunRecorder recorder, long nanos, Throwable failure, List<MetricValue> metrics,
                           RuntimeException metricsFailure) {
    }

    /** Daemon threads named after the test, with the test's class loader. */
    private static final class Threads implements ThreadFactory {
        private final String name;
        private final ClassLoader loader;
        private final AtomicInteger count = new AtomicInteger();

        Threads(String name, ClassLoader loader) {
            this.name = name;
            this.loader = loader;
        }

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "triscale-run-" + count.incrementAndGet() + " " + name);
            thread.setDaemon(true);
            thread.setContextClassLoader(loader);
            return thread;
        }
    }
}
