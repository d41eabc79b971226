/**
 * What a path does besides its bottleneck's queue: random and bursty loss
 * ({@link org.triscale.emulator.link.LossModel}) and links whose capacity varies over time
 * ({@link org.triscale.emulator.link.DeliveryTrace}, mahimahi's trace format).
 */
package org.triscale.emulator.link;
