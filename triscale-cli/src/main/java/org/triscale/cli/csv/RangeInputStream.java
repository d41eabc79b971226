package org.triscale.cli.csv;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The bytes {@code [start, end)} of a file, read with positioned reads so that several streams can
 * share one channel from different threads. Closing it leaves the channel open.
 */
final class RangeInputStream extends InputStream {
    private final FileChannel channel;
    private final long end;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 18).flip();
    private long position;

    RangeInputStream(FileChannel channel, long start, long end) {
        this.channel = channel;
        this.position = start;
        this.end = end;
    }

    @Override
    public int read() throws IOException {
        if (!fill()) {
            return -1;
        }
        return buffer.get() & 0xff;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(length, buffer.remaining());
        buffer.get(target, offset, n);
        return n;
    }

    private boolean fill() throws IOException {
        if (buffer.hasRemaining()) {
            return true;
        }
        if (position >= end) {
            return false;
        }
        buffer.clear().limit((int) Math.min(buffer.capacity(), end - position));
        int got = channel.read(buffer, position);
        buffer.flip();
        if (got <= 0) {
            return false;
        }
        position += got;
        return true;
    }
}
