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

    /**
     * Splitting starts at this many processors. A split read first counts the lines of each range;
     * on 2 cores that pass costs more than the second core saves (10^7 rows: 1.47 s of CPU and 2.5 s
     * wall split, 1.09 s and 1.5 s in one pass; see docs/performance.md).
     */
    static final int MIN_PROCESSORS_TO_SPLIT = 4;

    /** One range per available processor, for files of 32 MB and more, with 4 processors or more. */
    static Chunking defaults() {
        int processors = Runtime.getRuntime().availableProcessors();
        return processors < MIN_PROCESSORS_TO_SPLIT ? sequential() : new Chunking(DEFAULT_THRESHOLD, processors);
    }

    /** Never splits. */
    static Chunking sequential() {
        return new Chunking(Long.MAX_VALUE, 1);
    }
}
