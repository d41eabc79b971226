package org.triscale.emulator;

/**
 * The packets in transit on one flow's path segment, in arrival order: a ring of four-long
 * records (arrival time and three fields). A path segment with a constant delay and a FIFO
 * before it delivers in sending order, so one pending event per pipe is enough.
 */
final class Pipe {
    private static final int STRIDE = 4;
    private long[] buf = new long[STRIDE * 16];
    private int mask = 15;
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    void push(long time, long a, long b, long c) {
        if (size > mask) {
            grow();
        }
        int i = ((head + size) & mask) * STRIDE;
        buf[i] = time;
        buf[i + 1] = a;
        buf[i + 2] = b;
        buf[i + 3] = c;
        size++;
    }

    long headTime() {
        return buf[head * STRIDE];
    }

    long headA() {
        return buf[head * STRIDE + 1];
    }

    long headB() {
        return buf[head * STRIDE + 2];
    }

    long headC() {
        return buf[head * STRIDE + 3];
    }

    void clear() {
        head = 0;
        size = 0;
    }

    void pop() {
        head = (head + 1) & mask;
        size--;
    }

    private void grow() {
        int capacity = mask + 1;
        long[] bigger = new long[capacity * 2 * STRIDE];
        int firstPart = (capacity - head) * STRIDE;
        System.arraycopy(buf, head * STRIDE, bigger, 0, firstPart);
        System.arraycopy(buf, 0, bigger, firstPart, head * STRIDE);
        buf = bigger;
        head = 0;
        mask = capacity * 2 - 1;
    }
}
