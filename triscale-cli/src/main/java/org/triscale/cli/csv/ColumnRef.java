package org.triscale.cli.csv;

/**
 * A column chosen by its header name or by its 1-based position.
 *
 * @param name     header name, or {@code null} when chosen by position
 * @param position 1-based position, or 0 when chosen by name
 */
public record ColumnRef(String name, int position) {

    /** Validates that exactly one of name and position is given. */
    public ColumnRef {
        if ((name == null) == (position == 0)) {
            throw new IllegalArgumentException("a column is chosen either by name or by position, got name = " + name
                    + ", position = " + position);
        }
        if (position < 0) {
            throw new IllegalArgumentException("column positions start at 1, got " + position);
        }
    }

    /**
     * Parses a column reference: a positive integer is a 1-based position, anything else a
     * header name.
     *
     * @param text the reference
     * @return the column reference
     * @throws IllegalArgumentException if the text is empty or a position below 1
     */
    public static ColumnRef parse(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("a column must be a header name or a position (1, 2, ...), got an empty value");
        }
        if (t.chars().allMatch(Character::isDigit)) {
            int position;
            try {
                position = Integer.parseInt(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("column position " + t + " is too large", e);
            }
            if (position < 1) {
                throw new IllegalArgumentException("column positions start at 1, got " + t);
            }
            return position(position);
        }
        return new ColumnRef(t, 0);
    }

    /**
     * Returns the column at a 1-based position.
     *
     * @param position 1-based position
     * @return the reference
     */
    public static ColumnRef position(int position) {
        return new ColumnRef(null, position);
    }

    @Override
    public String toString() {
        return name != null ? "'" + name + "'" : Integer.toString(position);
    }
}
