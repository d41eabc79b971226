package org.triscale.testbed;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * How one {@link LogFormat} is read: the fields it offers and the reading of one of them. A format
 * either has a fixed set of fields, each with its own reader ({@link Fields}), or takes any name the
 * file holds ({@link AnyName}). A field and its reader are one entry, so a field cannot be offered
 * without the code that reads it, nor fall through to another field's reader.
 */
sealed interface LogParser {

    /**
     * Returns the fields the format offers, in the order messages list them.
     *
     * @return the field names; empty when any name of the file is a field
     */
    List<String> fields();

    /**
     * Reads one field of a file; the caller has checked that the format offers it.
     *
     * @param file   the file
     * @param field  the field
     * @param xField for formats of named fields, the field of the abscissae, or null to number the samples
     * @return the reading
     * @throws MalformedLogException if the file cannot be read in this format
     */
    LogReading read(Path file, String field, String xField);

    /**
     * One field of a format with fixed fields.
     *
     * @param name   the field's name, as {@code --field} gives it
     * @param reader its reading from the parsed file
     * @param <R>    what the format's parser returns
     */
    record Field<R>(String name, Function<R, LogReading> reader) {
    }

    /**
     * A format with fixed fields: the file is parsed once, and the field's reader takes its values
     * from what the parser returned.
     *
     * @param parse   the format's parser
     * @param entries the fields, in the order messages list them
     * @param <R>     what the parser returns
     */
    record Fields<R>(Function<Path, R> parse, List<Field<R>> entries) implements LogParser {

        /** Copies the entries. */
        public Fields {
            entries = List.copyOf(entries);
        }

        @Override
        public List<String> fields() {
            List<String> names = new ArrayList<>();
            for (Field<R> entry : entries) {
                names.add(entry.name());
            }
            return List.copyOf(names);
        }

        @Override
        public LogReading read(Path file, String field, String xField) {
            for (Field<R> entry : entries) {
                if (entry.name().equals(field)) {
                    return entry.reader().apply(parse.apply(file));
                }
            }
            throw new IllegalArgumentException("no field '" + field + "'; the fields are "
                    + String.join(", ", fields()));
        }
    }

    /**
     * A format whose fields are the file's own names: a CSV column, a JSON key, a flent series.
     *
     * @param reader reads the named field
     */
    record AnyName(Reader reader) implements LogParser {

        /** Reads one named field of a file. */
        @FunctionalInterface
        interface Reader {
            /**
             * Reads the field.
             *
             * @param file   the file
             * @param field  the field's name in the file
             * @param xField the field of the abscissae, or null
             * @return the reading
             */
            LogReading read(Path file, String field, String xField);
        }

        @Override
        public List<String> fields() {
            return List.of();
        }

        @Override
        public LogReading read(Path file, String field, String xField) {
            return reader.read(file, field, xField);
        }
    }
}
