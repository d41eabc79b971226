package org.triscale.junit.internal.report;

import org.triscale.junit.internal.lifecycle.ComparisonShards;
import org.triscale.junit.internal.lifecycle.Shard;
import org.triscale.results.internal.launch.LaunchEnd;
import org.triscale.results.internal.setup.ConfigurationKeys;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.triscale.results.internal.common.ProjectPaths;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * At the end of a launch, for the TriScale tests judged in it: prints one line per test with its
 * key numbers, writes the Markdown summary ({@code <triscale.output.dir>/summary.md}, appended to
 * {@code $GITHUB_STEP_SUMMARY} when set) and the HTML report ({@code triscale.report.dir}, default
 * {@code target/triscale/report}). Prints and writes nothing when no TriScale test was judged.
 *
 * <p>Registered with the JUnit Platform launcher through {@code META-INF/services}, so a project
 * that depends on {@code triscale-junit} gets it without configuration. It learns which tests were
 * judged from the {@code triscale.result} report entries their verdicts publish. Configuration
 * parameters: {@code triscale.summary.enabled} (console lines and Markdown, default true),
 * {@code triscale.report.enabled} (default true), {@code triscale.report.dir}. A problem writing
 * them is printed, never thrown: the tests' verdicts do not depend on it.
 */
public final class TriscaleLaunchListener implements TestExecutionListener {
    private static final String SUMMARY_ENABLED = ConfigurationKeys.SUMMARY_ENABLED;
    private static final String REPORT_ENABLED = ConfigurationKeys.REPORT_ENABLED;
    private static final String REPORT_DIR = ConfigurationKeys.REPORT_DIR;
    private static final String OUTPUT_DIR = ConfigurationKeys.OUTPUT_DIR;
    /** Default folder of the HTML report, relative to the module. */
    static final String DEFAULT_REPORT_DIR = "target/triscale/report";
    /** The report entry a verdict publishes with its result file. */
    public static final String RESULT_ENTRY = "triscale.result";

    /** The result files of the launch, each with the test that published it, in the order they came. */
    private final Map<Path, TestIdentifier> results = new LinkedHashMap<>();
    /** The launch's shard ({@code triscale.shard}), or null: its comparisons go to a partial file. */
    private volatile Shard shard;
    /** What this launch replaced, when it runs inside a test of another launch (a test of tests). */
    private volatile ComparisonShards.Saved enclosing;

    /** Creates the listener; the launcher does, through service loading. */
    public TriscaleLaunchListener() {
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        synchronized (results) {
            results.clear();
        }
        // A misspelled key would be ignored without a word: each unknown triscale.* key is named once per launch.
        java.util.Set<String> keys = new java.util.TreeSet<>(testPlan.getConfigurationParameters().keySet());
        keys.addAll(System.getProperties().stringPropertyNames());
        for (String warning : org.triscale.junit.internal.setup.KnownKeys.warnings(keys)) {
            System.out.println(warning);
        }
        LaunchEnd.start();
        ConfigurationParameters parameters = testPlan.getConfigurationParameters();
        enclosing = ComparisonShards.save();
        shard = ComparisonShards.startLaunch(key -> parameters.get(key).map(String::trim).filter(v -> !v.isEmpty()));
    }

    /** Names the running test for the comparisons it makes (JUnit calls this on the test's thread). */
    @Override
    public void executionStarted(TestIdentifier testIdentifier) {
        if (testIdentifier.isTest()) {
            String name = testName(testIdentifier);
            LaunchEnd.test(name);
            ComparisonShards.test(name);
        }
    }

    @Override
    public void executionFinished(TestIdentifier testIdentifier,
                                  org.junit.platform.engine.TestExecutionResult testExecutionResult) {
        if (testIdentifier.isTest()) {
            LaunchEnd.test(null);
            ComparisonShards.test(null);
        }
    }

    /** {@code "SimpleClass.method"} from a method source, else the display name. */
    private static String testName(TestIdentifier test) {
        return test.getSource().filter(source -> source instanceof org.junit.platform.engine.support.descriptor.MethodSource)
                .map(source -> (org.junit.platform.engine.support.descriptor.MethodSource) source)
                .map(method -> method.getClassName().substring(method.getClassName().lastIndexOf('.') + 1) + "."
                        + method.getMethodName())
                .orElse(test.getDisplayName());
    }

    @Override
    public void reportingEntryPublished(TestIdentifier testIdentifier, ReportEntry entry) {
        String file = entry.getKeyValuePairs().get(RESULT_ENTRY);
        if (file != null) {
            synchronized (results) {
                results.putIfAbsent(Paths.get(file), testIdentifier);
            }
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        try {
            finish(testPlan);
        } finally {
            if (enclosing != null) {
                ComparisonShards.restore(enclosing);
            }
        }
    }

    private void finish(TestPlan testPlan) {
        List<Path> files;
        synchronized (results) {
            files = inPlanOrder(testPlan, results);
        }
        LaunchEnd.Made made = LaunchEnd.comparisons();
        ConfigurationParameters parameters = testPlan.getConfigurationParameters();
        LaunchEnd.ShardFile shardFile = new LaunchEnd.ShardFile(Optional.empty(), Optional.empty());
        // Every shard that ran or skipped a comparison test writes its file, even empty, so that
        // the merge can tell a missing shard; written whatever the summary and report settings.
        if (shard != null && (!made.isEmpty() || ComparisonShards.elsewhere() > 0)) {
            Path partial = folder(parameters, ConfigurationKeys.OUTPUT_DIR, "target/triscale").resolve("partial");
            shardFile = LaunchEnd.writeShard(partial, shard.index(), shard.count(), shard.toString(), made);
        }
        shardFile.problem().ifPresent(System.out::print);
        if (files.isEmpty() && made.isEmpty()) {
            return;
        }
        boolean summary = flag(parameters, SUMMARY_ENABLED);
        boolean report = flag(parameters, REPORT_ENABLED);
        if (!summary && !report) {
            return;
        }
        Path resultsFolder = files.isEmpty() ? folder(parameters, ConfigurationKeys.OUTPUT_DIR, "target/triscale")
                : files.get(0).toAbsolutePath().getParent();
        Optional<Path> reportFolder = Optional.empty();
        if (report) {
            // Beside the results unless triscale.report.dir says otherwise: triscale.output.dir moves it.
            String fallback = parameters.get(OUTPUT_DIR).map(String::trim).filter(value -> !value.isEmpty())
                    .map(output -> output + "/report").orElse(DEFAULT_REPORT_DIR);
            reportFolder = Optional.of(folder(parameters, REPORT_DIR, fallback));
        }
        System.out.print(LaunchEnd.finish(new LaunchEnd.Request(files, made, shard != null, shardFile.file(),
                resultsFolder, summary, reportFolder, Optional.ofNullable(System.getenv("GITHUB_STEP_SUMMARY")))));
        System.out.flush();
    }

    /**
     * The result files in the order of their tests in the test plan, which is the order a
     * sequential launch executes them in: under JUnit's parallel execution the tests (the cells
     * of a grid, say) end in any order, and the summary and the report must not depend on it.
     * Class template invocations are registered in their index order even when they then run
     * at once, so cell 2 stays before cell 10.
     */
    static List<Path> inPlanOrder(TestPlan plan, Map<Path, TestIdentifier> published) {
        Map<String, Map<String, Integer>> positions = new HashMap<>();
        Map<Path, List<Integer>> keys = new HashMap<>();
        for (Map.Entry<Path, TestIdentifier> entry : published.entrySet()) {
            keys.put(entry.getKey(), position(plan, entry.getValue(), positions));
        }
        List<Path> files = new ArrayList<>(published.keySet());
        files.sort((a, b) -> compare(keys.get(a), keys.get(b))); // stable: ties keep the order they came in
        return files;
    }

    /** The indexes of a test and its ancestors among their siblings, root first; after every other when the plan does not know it. */
    private static List<Integer> position(TestPlan plan, TestIdentifier test, Map<String, Map<String, Integer>> cache) {
        List<Integer> indexes = new ArrayList<>();
        try {
            for (TestIdentifier node = test; node != null; ) {
                TestIdentifier parent = plan.getParent(node).orElse(null);
                String parentId = parent == null ? "" : parent.getUniqueId();
                Map<String, Integer> siblings = cache.computeIfAbsent(parentId, key -> {
                    Map<String, Integer> index = new HashMap<>();
                    for (TestIdentifier sibling : parent == null ? plan.getRoots() : plan.getChildren(parent)) {
                        index.put(sibling.getUniqueId(), index.size());
                    }
                    return index;
                });
                indexes.add(0, siblings.getOrDefault(node.getUniqueId(), Integer.MAX_VALUE));
                node = parent;
            }
        } catch (RuntimeException e) {
            return List.of(Integer.MAX_VALUE); // a test the plan does not hold: after the others
        }
        return indexes;
    }

    private static int compare(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int order = Integer.compare(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static boolean flag(ConfigurationParameters parameters, String key) {
        String text = parameters.get(key).map(String::trim).orElse("true");
        if (!"true".equalsIgnoreCase(text) && !"false".equalsIgnoreCase(text)) {
            // Refused as every boolean is: each TriScale test failed on it (SettingsReader); nothing is written.
            System.out.println("TriScale: configuration parameter " + key + " = '" + text
                    + "' is not valid; use true or false (nothing written for it)");
            return false;
        }
        return Boolean.parseBoolean(text.toLowerCase(Locale.ROOT));
    }

    /** A folder parameter, resolved like the extension's: relative to the module's folder. */
    private static Path folder(ConfigurationParameters parameters, String key, String fallback) {
        String text = parameters.get(key).map(String::trim).filter(value -> !value.isEmpty()).orElse(fallback);
        try {
            Path path = Paths.get(text);
            return path.isAbsolute() ? path.normalize() : ProjectPaths.baseDir().resolve(path).normalize();
        } catch (InvalidPathException e) {
            System.out.println("TriScale: configuration parameter " + key + " = '" + text + "' is not a folder ("
                    + e.getReason() + "); the report goes to " + fallback);
            return ProjectPaths.baseDir().resolve(fallback).normalize();
        }
    }
}
