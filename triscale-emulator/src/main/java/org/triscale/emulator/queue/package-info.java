/**
 * The bottleneck's buffer and its management: buffer sizes ({@link org.triscale.emulator.queue.Packets},
 * {@link org.triscale.emulator.queue.Bytes}) and the queue disciplines a link serves.
 */
package org.triscale.emulator.queue;
