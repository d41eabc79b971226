package org.triscale.engine.comparison;

import java.util.Arrays;

/** Mid-ranks shared by the rank tests. */
final class Ranks {
    private Ranks() {
    }

    /** Twice the mid-ranks (1-based) of the values: integers, ties sharing their average rank. */
    static int[] doubledMidRanks(double[] values) {
        int total = values.length;
        Integer[] order = new Integer[total];
        for (int i = 0; i < total; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        int[] ranks = new int[total];
        int start = 0;
        while (start < total) {
            int end = start;
            while (end + 1 < total && values[order[end + 1]] == values[order[start]]) {
                end++;
            }
            // Positions start..end (0-based) hold ranks start+1..end+1; twice their mean is start+end+2.
            for (int i = start; i <= end; i++) {
                ranks[order[i]] = start + end + 2;
            }
            start = end + 1;
        }
        return ranks;
    }

    /** Whether two values are equal. */
    static boolean hasTies(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                return true;
            }
        }
        return false;
    }

    /** Whether two values are equal. */
    static boolean hasTies(int[] values) {
        int[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                return true;
            }
        }
        return false;
    }
}
