package org.triscale.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link of README.md and docs/*.md leads to a file of the repository, and every
 * anchor to a heading of its page, so that moving a section cannot leave a link behind.
 */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.*)$");

    @Test
    void everyRelativeLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : DocsPages.pages()) {
            List<String> prose = DocsPages.prose(page);
            for (int i = 0; i < prose.size(); i++) {
                String line = prose.get(i);
                if (line == null) {
                    continue;
                }
                Matcher m = LINK.matcher(line);
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*")) {
                        continue;
                    }
                    links++;
                    String problem = problem(page, target);
                    if (problem != null) {
                        broken.add(DocsPages.ROOT.relativize(page) + ":" + (i + 1) + ": " + target + ": " + problem);
                    }
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
        assertThat(links).as("relative links checked").isGreaterThan(100);
    }

    @Test
    void anchorsAreGitHubsHeadingIds() {
        assertThat(anchors(List.of("# Adaptive series: `@Series(adaptive = true)`", "## Files", "### Files",
                "## Size and time")))
                .containsExactlyInAnyOrder("adaptive-series-seriesadaptive--true", "files", "files-1", "size-and-time");
        assertThat(problem(DocsPages.ROOT.resolve("docs/guide.md"), "#no-such-heading")).contains("no heading");
        assertThat(problem(DocsPages.ROOT.resolve("docs/guide.md"), "nowhere.md")).contains("no file");
    }

    private static String problem(Path page, String target) {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!Files.exists(file)) {
            return "no file " + DocsPages.ROOT.relativize(file);
        }
        if (anchor != null && file.toString().endsWith(".md")) {
            Set<String> anchors = anchors(DocsPages.prose(file));
            if (!anchors.contains(anchor)) {
                return "no heading with this anchor in " + DocsPages.ROOT.relativize(file);
            }
        }
        return null;
    }

    /** GitHub's heading ids: lower case, punctuation removed, spaces to hyphens, repeats numbered. */
    static Set<String> anchors(List<String> prose) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose) {
            if (line == null) {
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = m.group(1).strip().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }
}
