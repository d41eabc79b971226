package org.triscale.results.internal.setup;

import java.util.AbstractList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The declared metrics of a test, in declaration order, and the one lookup of a metric by name
 * (for annotations that name a metric, the recorder and the regression gate).
 */
public final class Metrics extends AbstractList<MetricSpec> {
    private final List<MetricSpec> list;
    private final Map<String, MetricSpec> byName;

    /** @param metrics the metrics, with unique names */
    public Metrics(List<MetricSpec> metrics) {
        this.list = List.copyOf(metrics);
        Map<String, MetricSpec> map = new LinkedHashMap<>();
        for (MetricSpec metric : list) {
            map.put(metric.name(), metric);
        }
        this.byName = Collections.unmodifiableMap(map);
    }

    /** The metric with this name (surrounding blanks ignored), if declared. */
    public Optional<MetricSpec> find(String name) {
        return name == null ? Optional.empty() : Optional.ofNullable(byName.get(name.trim()));
    }

    /** The metrics by name, in declaration order. */
    public Map<String, MetricSpec> byName() {
        return byName;
    }

    /** The names, comma-separated, or {@code none}. */
    public String names() {
        return list.isEmpty() ? "none" : String.join(", ", byName.keySet());
    }

    @Override
    public MetricSpec get(int index) {
        return list.get(index);
    }

    @Override
    public int size() {
        return list.size();
    }
}
