package org.triscale.cli;

import org.triscale.cli.csv.ColumnRef;
import org.triscale.engine.ValueRange;
import org.triscale.engine.analysis.ConvergenceSpec;
import org.triscale.engine.analysis.Measure;
import org.triscale.testbed.LogFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Option converters: each rejects a bad value with a message saying what is valid. */
final class Converters {
    private Converters() {
    }

    /** A percent in the open interval (0, 100): a percentile or a confidence. */
    static final class Percent implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            double value = number(text);
            if (!(value > 0 && value < 100)) {
                throw new TypeConversionException("'" + text + "' is outside the open interval (0, 100); "
                        + "give a percent such as 75 or 95");
            }
            return value;
        }
    }

    /** A count ≥ 0, such as a robustness. */
    static final class NonNegative implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            int value;
            try {
                value = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a whole number");
            }
            if (value < 0) {
                throw new TypeConversionException("'" + text + "' is negative; give a number of runs >= 0");
            }
            return value;
        }
    }

    /** {@code min,max}: the range of a metric's values. */
    static final class Range implements ITypeConverter<ValueRange> {
        @Override
        public ValueRange convert(String text) {
            double[] pair = pair(text, "MIN,MAX such as 0,120");
            try {
                return ValueRange.of(pair[0], pair[1]);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "' is not a range: MIN must be below MAX, both finite");
            }
        }
    }

    /** {@code confidence,tolerance} of the convergence test, both in percent. */
    static final class Convergence implements ITypeConverter<ConvergenceSpec> {
        @Override
        public ConvergenceSpec convert(String text) {
            double[] pair = pair(text, "CONFIDENCE,TOLERANCE in percent such as 95,5");
            try {
                return new ConvergenceSpec(pair[0], pair[1]);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "': " + e.getMessage());
            }
        }
    }

    /** A measure: a percentile, {@code mean}, {@code minimum} or {@code maximum}. */
    static final class MeasureConverter implements ITypeConverter<Measure> {
        @Override
        public Measure convert(String text) {
            try {
                return Measure.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "' is not a measure; give a percentile in (0, 100) "
                        + "such as 95, or mean, minimum, maximum");
            }
        }
    }

    /** A column by header name or 1-based position. */
    static final class Column implements ITypeConverter<ColumnRef> {
        @Override
        public ColumnRef convert(String text) {
            try {
                return ColumnRef.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A log format by name: iperf3, flowmon, mahimahi, flent, irtt, pcap, csv, jsonl. */
    static final class Format implements ITypeConverter<LogFormat> {
        @Override
        public LogFormat convert(String text) {
            try {
                return LogFormat.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    private static double number(String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new TypeConversionException("'" + text + "' is not a number");
    }

    private static double[] pair(String text, String expected) {
        String[] parts = text.split(",", -1);
        if (parts.length != 2) {
            throw new TypeConversionException("'" + text + "' is not two numbers; expected " + expected);
        }
        return new double[] {number(parts[0]), number(parts[1])};
    }
}
