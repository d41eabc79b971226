package org.triscale.junit.internal.lifecycle;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.triscale.junit.internal.setup.GridSize;
import org.triscale.results.internal.common.Format;

import java.util.OptionalInt;

/**
 * The progress of one {@code @Runs} method over the cells of its grid: cells started and ended,
 * shared by the cells (which may run on several threads at once) through the store of the grid's
 * outermost class template. One line when a cell starts and one when it ends, e.g.
 * {@code [RttGrid.fct[rttMs=40]] grid · cell 2/3 done · 2 of 3 cells done · elapsed 24 s · ETA 12 s};
 * without a declared count of cells ({@link GridSize}), {@code cell 2} and no ETA.
 */
final class GridProgress {
    private final OptionalInt total;
    private int started;
    private int ended;
    private long firstStartNanos;

    private GridProgress(OptionalInt total) {
        this.total = total;
    }

    /**
     * The grid's progress of the method of {@code context}, created by its first cell.
     *
     * @return the progress, or {@code null} outside a class template
     */
    static GridProgress of(ExtensionContext context) {
        ExtensionContext grid = GridSize.grid(context).orElse(null);
        if (grid == null) {
            return null;
        }
        String key = GridProgress.class.getName() + ":" + context.getRequiredTestMethod().getName();
        return grid.getStore(Templates.NAMESPACE).getOrComputeIfAbsent(key,
                ignored -> new GridProgress(GridSize.declaredCells(context)), GridProgress.class);
    }

    /** The declared number of cells, or empty when the grid's sources do not fix it. */
    OptionalInt total() {
        return total;
    }

    /**
     * Counts a cell as started.
     *
     * @return the number of cells started so far, this one included
     */
    synchronized int start() {
        if (started == 0) {
            firstStartNanos = System.nanoTime();
        }
        return ++started;
    }

    /**
     * Counts a cell as ended, whatever its outcome, and describes the grid's progress.
     *
     * @param cell the cell's number, from {@link #start()}
     * @return e.g. {@code grid · cell 2/3 done · 2 of 3 cells done · elapsed 24 s · ETA 12 s}
     */
    synchronized String end(int cell) {
        ended++;
        long elapsed = System.nanoTime() - firstStartNanos;
        StringBuilder line = new StringBuilder("grid · cell ").append(cell);
        if (total.isPresent()) {
            int all = total.getAsInt();
            line.append('/').append(all).append(" done · ").append(ended).append(" of ").append(all)
                    .append(" cells done · elapsed ").append(Format.duration(elapsed));
            if (ended < all) {
                line.append(" · ETA ").append(Format.duration(elapsed / ended * (all - ended)));
            }
        } else {
            line.append(" done · ").append(ended).append(ended == 1 ? " cell" : " cells")
                    .append(" done · elapsed ").append(Format.duration(elapsed));
        }
        return line.toString();
    }

    /** Describes a cell that starts, e.g. {@code grid · cell 2/3 started · 1 of 3 cells done}. */
    synchronized String started(int cell) {
        StringBuilder line = new StringBuilder("grid · cell ").append(cell);
        total.ifPresent(all -> line.append('/').append(all));
        line.append(" started · ").append(ended).append(total.isPresent() ? " of " + total.getAsInt() : "")
                .append(total.isPresent() || ended != 1 ? " cells" : " cell").append(" done");
        return line.toString();
    }
}
