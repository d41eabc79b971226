package org.triscale.junit;

import org.apiguardian.api.API;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the reference cell of a grid (the cells of a {@link Runs} method in a
 * {@code @ParameterizedClass}) that the grid report sets every cell against, with Ware et al.'s
 * harm ("Beyond Jain's Fairness Index", HotNets 2019) of each KPI.
 *
 * <p>The value is parameter values, {@code name=value} pairs separated by {@code ", "}, as the
 * cells' names write them: {@code @GridReference("competitor=none")} sets each cell against the
 * cell with no competitor and the same values of the other parameters (each RTT against the same
 * RTT alone, as in Heist's FCT harm table); {@code @GridReference("rttMs=10, competitor=none")}
 * names one cell for all. Without it, the grid's first cell (every parameter at its first value)
 * is the reference. On a method or on the class (or an enclosing class) of the methods; every name
 * must be a parameter of the cell, else the test fails before its first run.
 *
 * <p>The reference is recorded in the result ({@code parameters.gridReference}), so
 * {@code triscale report} draws the same grid from the result files. See {@code docs/grids.md}.
 *
 * @since 0.3.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = API.Status.EXPERIMENTAL, since = "0.3.0")
public @interface GridReference {

    /**
     * The reference's parameter values, e.g. {@code "competitor=none"}.
     *
     * @return {@code name=value} pairs separated by {@code ", "}
     */
    String value();
}
