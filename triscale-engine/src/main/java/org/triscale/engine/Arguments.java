package org.triscale.engine;

import org.apiguardian.api.API;

/**
 * Validation of the engine's public arguments. Every failure is an
 * {@link IllegalArgumentException} whose message names the parameter, the value given, the valid
 * range and, where useful, the fix.
 *
 * <p><b>Not API.</b> Public only so that the engine's packages (and the project's own modules)
 * can reach it; it may change in any release without notice.
 *
 * @since 0.3.0
 */
@API(status = API.Status.INTERNAL, since = "0.3.0")
public final class Arguments {
    private Arguments() {
    }

    /**
     * Checks a percentage in the open interval (0, 100): a percentile, a confidence level.
     *
     * @param name  parameter name for the message
     * @param value the value to check
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is NaN or outside (0, 100)
     */
    public static double percent(String name, double value) {
        if (!(value > 0 && value < 100)) {
            throw new IllegalArgumentException(name + " must be in the open interval (0, 100), got " + value
                    + "; give it in percent, e.g. 95");
        }
        return value;
    }

    /**
     * Checks a non-negative count such as a robustness.
     *
     * @param name  parameter name for the message
     * @param value the value to check
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value < 0}
     */
    public static int nonNegative(String name, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
        return value;
    }

    /**
     * Checks a count against a minimum.
     *
     * @param name    parameter name for the message
     * @param value   the value to check
     * @param minimum smallest valid value
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value < minimum}
     */
    public static int atLeast(String name, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + " must be >= " + minimum + ", got " + value);
        }
        return value;
    }

    /**
     * Checks a finite, strictly positive number such as a tolerance in percent.
     *
     * @param name  parameter name for the message
     * @param value the value to check
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is not finite or not positive
     */
    public static double positive(String name, double value) {
        if (!(value > 0) || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name + " must be a finite number > 0, got " + value);
        }
        return value;
    }

    /**
     * Checks an array of samples: not {@code null} and without infinities. NaN values are allowed;
     * the analysis drops them and counts them.
     *
     * @param name   parameter name for the message
     * @param values the samples
     * @return {@code values}
     * @throws IllegalArgumentException if {@code values} is null or holds an infinity
     */
    public static double[] samples(String name, double[] values) {
        if (values == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return samples(name, values, values.length);
    }

    /**
     * Checks the first {@code count} samples of a longer array: present and no infinity (NaN is
     * allowed: the analysis drops and counts it).
     *
     * @param name   parameter name for the message
     * @param values the array
     * @param count  the number of leading samples, 0 ≤ count ≤ values.length
     * @return {@code values}
     * @throws IllegalArgumentException if {@code values} is null, {@code count} is out of range, or
     *                                  one of the samples is an infinity
     */
    public static double[] samples(String name, double[] values, int count) {
        if (values == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        if (count < 0 || count > values.length) {
            throw new IllegalArgumentException("the row count is " + count + " but " + name + " holds "
                    + values.length + " values; give a count from 0 to " + values.length);
        }
        for (int i = 0; i < count; i++) {
            if (Double.isInfinite(values[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] is " + values[i]
                        + "; samples must be finite (NaN is dropped and counted), "
                        + "check the measurement that produced it");
            }
        }
        return values;
    }

    /**
     * Checks that a reference is present.
     *
     * @param name  parameter name for the message
     * @param value the value to check
     * @param <T>   its type
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is null
     */
    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /**
     * Checks an array of numbers that must all be finite (no NaN, no infinity), such as
     * abscissae given to a line fit.
     *
     * @param name   parameter name for the message
     * @param values the values
     * @return {@code values}
     * @throws IllegalArgumentException if {@code values} is null or holds NaN or an infinity
     */
    public static double[] finite(String name, double[] values) {
        notNull(name, values);
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] is " + values[i]
                        + "; all values must be finite numbers (drop NaN before calling, reject infinities)");
            }
        }
        return values;
    }

    /**
     * Checks that two paired arrays (abscissae and ordinates) have the same length.
     *
     * @param xName name of the first array
     * @param x     the first array, not null
     * @param yName name of the second array
     * @param y     the second array, not null
     * @throws IllegalArgumentException if the lengths differ
     */
    public static void sameLength(String xName, double[] x, String yName, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(xName + " and " + yName + " must have the same length, got "
                    + x.length + " and " + y.length + "; give one " + xName + " per " + yName);
        }
    }

    /**
     * Checks the values a statistical check receives: present, at least {@code minimum} of them,
     * all finite (callers drop NaN before testing).
     *
     * @param check   the check's name for the message, e.g. "the Ljung–Box independence test"
     * @param values  the values in time order
     * @param minimum smallest number of values the check accepts
     * @return {@code values}
     * @throws IllegalArgumentException if the values are null, too few, or not all finite
     */
    public static double[] checkedSeries(String check, double[] values, int minimum) {
        if (values == null) {
            throw new IllegalArgumentException("values must not be null; pass the series' values in time order");
        }
        if (values.length < minimum) {
            throw new IllegalArgumentException("values has " + values.length + " value(s); " + check
                    + " needs at least " + minimum + " (valid range: " + minimum + " or more values)");
        }
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("values[" + i + "] is " + values[i] + "; " + check
                        + " needs finite values (drop NaN values before testing, and check the measurement"
                        + " that produced an infinity)");
            }
        }
        return values;
    }

    /**
     * Checks a false-alarm rate (significance level) in the open interval (0, 1).
     *
     * @param alpha the level
     * @return {@code alpha}
     * @throws IllegalArgumentException if {@code alpha} is NaN or outside (0, 1)
     */
    public static double falseAlarmRate(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in the open interval (0, 1), got " + alpha
                    + "; it is the false-alarm rate, e.g. 0.05");
        }
        return alpha;
    }
}
