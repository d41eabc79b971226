package org.triscale.junit.internal.setup;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.results.internal.setup.ConfigurationKeys;

import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The size of the grid a {@code @Runs} method runs in: how many cells its class templates declare,
 * and the limit {@code triscale.grid.maxRuns} on cells × series × runs, checked before a cell's
 * first run.
 *
 * <p>JUnit provides a class template's invocations one at a time and does not say how many there
 * will be, so the count is read from the {@code @ParameterizedClass}'s argument sources where
 * their annotations alone fix it: {@code @ValueSource}, {@code @CsvSource} rows (not a text
 * block), {@code @EnumSource} with an enum type or names to include, {@code @NullSource},
 * {@code @EmptySource}, {@code @NullAndEmptySource}. Any other source (a method, a field, a
 * file, an {@code ArgumentsProvider} of one's own) leaves the count unknown: calling a provider
 * a second time could have effects of its own. The annotations are read by name, so that the
 * extension needs no {@code junit-jupiter-params} of its own.
 */
public final class GridSize {
    /** The default of {@code triscale.grid.maxRuns}: a grid far beyond one launch's budget. */
    public static final long DEFAULT_MAX_RUNS = 1_000_000;
    private static final String PARAMS = "org.junit.jupiter.params.";
    private static final String PROVIDER = PARAMS + "provider.";
    private static final String CLASS_TEMPLATE_SEGMENT = "[class-template:";
    private static final String NESTED_CLASS_TEMPLATE_SEGMENT = "[nested-class-template:";

    private GridSize() {
    }

    /**
     * The context of the outermost class template that encloses a method: the grid.
     *
     * @param context the method's context
     * @return the grid's context, empty outside a class template
     */
    public static Optional<ExtensionContext> grid(ExtensionContext context) {
        ExtensionContext grid = null;
        for (Optional<ExtensionContext> parent = context.getParent(); parent.isPresent();
             parent = parent.get().getParent()) {
            if (isTemplate(parent.get())) {
                grid = parent.get();
            }
        }
        return Optional.ofNullable(grid);
    }

    /**
     * The number of cells the class templates enclosing a method declare: the product of each
     * template's count.
     *
     * @param context the method's context
     * @return the count, empty when a template's sources do not fix it, or outside a class template
     */
    public static OptionalInt declaredCells(ExtensionContext context) {
        long product = 1;
        boolean any = false;
        for (Optional<ExtensionContext> parent = context.getParent(); parent.isPresent();
             parent = parent.get().getParent()) {
            if (!isTemplate(parent.get())) {
                continue;
            }
            OptionalInt count = parent.get().getTestClass().map(GridSize::declaredInvocations)
                    .orElse(OptionalInt.empty());
            if (count.isEmpty()) {
                return OptionalInt.empty();
            }
            product = Math.min(Integer.MAX_VALUE, product * count.getAsInt());
            any = true;
        }
        return any ? OptionalInt.of((int) product) : OptionalInt.empty();
    }

    /**
     * Reads {@code triscale.grid.maxRuns}: a positive number of runs.
     *
     * @param context any context of the launch
     * @return the limit, {@link #DEFAULT_MAX_RUNS} when not set
     */
    public static long maxRuns(ExtensionContext context) {
        String key = ConfigurationKeys.GRID_MAX_RUNS;
        String text = SettingsReader.parameter(context, key).orElse(null);
        if (text == null) {
            return DEFAULT_MAX_RUNS;
        }
        try {
            long value = Long.parseLong(text);
            if (value >= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw SettingsReader.invalid(key, text, "a positive number of runs a grid's cells may have in one launch"
                + " (cells × series × runs), e.g. " + DEFAULT_MAX_RUNS + ", the default");
    }

    /**
     * Refuses a cell of a grid larger than {@code triscale.grid.maxRuns}, before its first run.
     *
     * @param testName     {@code Class.method[cell]}, for the message
     * @param cells        the grid's declared cells, or, when unknown, the cells started so far
     * @param known        whether {@code cells} is the declared count
     * @param runsPerCell  series × runs of one cell in this launch (those of its shard's series when sharded)
     * @param maxRuns      the limit
     * @throws ExtensionConfigurationException with the sizes and the fix
     */
    public static void check(String testName, int cells, boolean known, long runsPerCell, long maxRuns) {
        long total = cells * runsPerCell;
        if (total <= maxRuns) {
            return;
        }
        throw new ExtensionConfigurationException("TriScale configuration error in " + testName + ": the grid has "
                + (known ? "" : "at least ") + cells + " cells × " + runsPerCell + " runs (series × runs of a cell) = "
                + total + " runs, more than " + ConfigurationKeys.GRID_MAX_RUNS + " = " + maxRuns + " allows in one"
                + " launch; " + (known ? "no cell ran" : "the cells after the first " + (maxRuns / runsPerCell)
                + " do not run") + ". Make the grid smaller (fewer parameter values, series or runs), split it over"
                + " shards (triscale.shard), or raise the limit, e.g. -D" + ConfigurationKeys.GRID_MAX_RUNS + "="
                + total);
    }

    private static boolean isTemplate(ExtensionContext context) {
        String id = context.getUniqueId();
        String segment = id.substring(id.lastIndexOf('/') + 1);
        return segment.startsWith(CLASS_TEMPLATE_SEGMENT) || segment.startsWith(NESTED_CLASS_TEMPLATE_SEGMENT);
    }

    /** The invocations a {@code @ParameterizedClass}'s sources declare, or empty. */
    static OptionalInt declaredInvocations(Class<?> type) {
        boolean parameterized = false;
        int count = 0;
        for (Annotation annotation : type.getAnnotations()) {
            String name = annotation.annotationType().getName();
            if (name.equals(PARAMS + "ParameterizedClass")) {
                parameterized = true;
                continue;
            }
            int found = count(annotation);
            if (found < 0) {
                return OptionalInt.empty();
            }
            count += found;
        }
        return parameterized && count > 0 ? OptionalInt.of(count) : OptionalInt.empty();
    }

    /** The arguments an annotation declares: 0 for an annotation that is no source, -1 when unknown. */
    private static int count(Annotation annotation) {
        String name = annotation.annotationType().getName();
        try {
            switch (name) {
                case PROVIDER + "ValueSource": {
                    int values = 0;
                    for (Method attribute : annotation.annotationType().getDeclaredMethods()) {
                        if (attribute.getReturnType().isArray()) {
                            values += Array.getLength(attribute.invoke(annotation));
                        }
                    }
                    return values;
                }
                case PROVIDER + "CsvSource": {
                    if (!((String) attribute(annotation, "textBlock")).isEmpty()) {
                        return -1;
                    }
                    int rows = ((String[]) attribute(annotation, "value")).length;
                    return Boolean.TRUE.equals(attribute(annotation, "useHeadersInDisplayName")) ? rows - 1 : rows;
                }
                case PROVIDER + "EnumSource": {
                    String[] names = (String[]) attribute(annotation, "names");
                    String mode = String.valueOf(attribute(annotation, "mode"));
                    if (names.length > 0) {
                        return mode.equals("INCLUDE") ? names.length : -1;
                    }
                    Class<?> enumType = (Class<?>) attribute(annotation, "value");
                    return enumType.isEnum() && enumType.getEnumConstants().length > 0
                            && !enumType.getSimpleName().equals("NullEnum") ? enumType.getEnumConstants().length : -1;
                }
                case PROVIDER + "NullSource", PROVIDER + "EmptySource":
                    return 1;
                case PROVIDER + "NullAndEmptySource":
                    return 2;
                case PROVIDER + "ValueSources", PROVIDER + "CsvSources", PROVIDER + "EnumSources": {
                    int sum = 0;
                    for (Annotation inner : (Annotation[]) attribute(annotation, "value")) {
                        int found = count(inner);
                        if (found < 0) {
                            return -1;
                        }
                        sum += found;
                    }
                    return sum;
                }
                default:
                    return isSource(annotation) ? -1 : 0;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1; // an attribute of another JUnit version: the count is unknown, never wrong
        }
    }

    /** Whether an annotation is an arguments source: {@code @ArgumentsSource} or meta-annotated with it. */
    private static boolean isSource(Annotation annotation) {
        String name = annotation.annotationType().getName();
        if (name.equals(PROVIDER + "ArgumentsSource") || name.equals(PROVIDER + "ArgumentsSources")) {
            return true;
        }
        for (Annotation meta : annotation.annotationType().getAnnotations()) {
            String metaName = meta.annotationType().getName();
            if (metaName.equals(PROVIDER + "ArgumentsSource") || metaName.equals(PROVIDER + "ArgumentsSources")) {
                return true;
            }
        }
        return false;
    }

    private static Object attribute(Annotation annotation, String name) throws ReflectiveOperationException {
        return annotation.annotationType().getMethod(name).invoke(annotation);
    }
}
