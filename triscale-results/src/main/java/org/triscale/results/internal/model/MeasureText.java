package org.triscale.results.internal.model;

import com.fasterxml.jackson.databind.util.StdConverter;
import org.triscale.engine.analysis.Measure;

/**
 * Reads a {@link Measure} as {@link Measure#toString()} writes it into the JSON files ({@code P95},
 * {@code P99.9}, {@code mean}, {@code minimum}, {@code maximum}); also what {@link Measure#parse}
 * accepts. Used with {@code @JsonDeserialize(converter = MeasureText.class)} beside
 * {@code @JsonSerialize(using = ToStringSerializer.class)}, so that a result and a sequel record
 * keep the measure's text and their readers get the type.
 */
public final class MeasureText extends StdConverter<String, Measure> {

    /** The forms a measure's text takes in the files, for messages: "expected " and this. */
    public static final String FORMS =
            "P and a percentile in (0, 100) such as P95 or P99.9, or mean, minimum or maximum";

    /** Creates the converter (Jackson instantiates it). */
    public MeasureText() {
    }

    /**
     * Parses the text of a measure.
     *
     * @param text the text, e.g. {@code P95} or {@code mean}
     * @return the measure
     * @throws IllegalArgumentException naming the text and the valid forms when it is none of them
     */
    @Override
    public Measure convert(String text) {
        try {
            return text.startsWith("P") ? Measure.percentile(Double.parseDouble(text.substring(1)))
                    : Measure.parse(text);
        } catch (IllegalArgumentException e) { // NumberFormatException included
            throw new IllegalArgumentException("measure '" + text + "' is not valid; expected " + FORMS, e);
        }
    }
}
