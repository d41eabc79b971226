package org.triscale.emulator;

import java.util.Arrays;

/**
 * A binary min-heap of events held as primitives: a time in nanoseconds and an int id. Ties in
 * time are broken by the id, so the order of events is a function of the events alone.
 */
final class EventQueue {
    private long[] times = new long[64];
    private int[] ids = new int[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    long peekTime() {
        return times[0];
    }

    int peekId() {
        return ids[0];
    }

    void push(long time, int id) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            ids = Arrays.copyOf(ids, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = times[parent];
            if (pt < time || (pt == time && ids[parent] <= id)) {
                break;
            }
            times[i] = pt;
            ids[i] = ids[parent];
            i = parent;
        }
        times[i] = time;
        ids[i] = id;
    }

    /** Removes the earliest event. */
    void pop() {
        int last = --size;
        if (last == 0) {
            return;
        }
        long time = times[last];
        int id = ids[last];
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && (times[right] < times[child]
                    || (times[right] == times[child] && ids[right] < ids[child]))) {
                child = right;
            }
            long ct = times[child];
            if (time < ct || (time == ct && id <= ids[child])) {
                break;
            }
            times[i] = ct;
            ids[i] = ids[child];
            i = child;
        }
        times[i] = time;
        ids[i] = id;
    }
}
