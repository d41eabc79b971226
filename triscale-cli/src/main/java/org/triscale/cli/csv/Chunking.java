package org.triscale.cli.csv;

/**
 * When and how finely a large CSV file is read in parallel.
 *
 * @param threshold files of at least this many bytes are split
 * @param chunks    the number of byte ranges (and threads) a large file is split into
 */
record Chunking(long threshold, int chunks) {
    /** Below 32 MB a sequential read takes about 0.1 s: splitting it would not pay. */
    static final long DEFAULT_THRESHOLD = 32L << 20;

    Chunking {
        if (threshold < 1 || chunks < 1) {
            throw new IllegalArgumentException("threshold " + threshold + " and chunks " + chunks
                    + " must both be at least 1");
        }
    }

    /** One range per available processor, for files of 32 MB and more. */
    static Chunking defaults() {
        return new Chunking(DEFAULT_THRESHOLD, Runtime.getRuntime().availableProcessors());
    }

    /** Never splits. */
    static Chunking sequential() {
        return new Chunking(Long.MAX_VALUE, 1);
    }
}
