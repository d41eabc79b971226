package org.triscale.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The user-facing Markdown pages of the repository, README.md and docs/*.md, and their fenced
 * code blocks, as the docs tests read them.
 */
final class DocsPages {
    /** The repository's root: the parent of this module's folder. */
    static final Path ROOT = Path.of(System.getProperty("basedir", "")).toAbsolutePath().getParent();

    private static final Pattern MARKER = Pattern.compile("^<!--\\s*([a-z ]+):\\s*(.*?)\\s*-->$");

    private DocsPages() {
    }

    /** A fenced code block: its page, the line of its opening fence, language, text and marker. */
    record Block(Path page, int line, String language, List<String> lines, Optional<Marker> marker) {
        /** Where the block is, as "docs/guide.md:87". */
        String where() {
            return ROOT.relativize(page) + ":" + line;
        }
    }

    /** An HTML comment on the line just before a block's fence, e.g. {@code <!-- not compiled: reason -->}. */
    record Marker(String kind, String value) {
    }

    /** README.md and every docs/*.md, in a stable order. */
    static List<Path> pages() {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pages;
    }

    static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every fenced block of a page (fences of three backticks at the start of a line). */
    static List<Block> blocks(Path page) {
        List<String> lines = lines(page);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("```")) {
                continue;
            }
            String language = line.substring(3).strip();
            int open = i;
            List<String> body = new ArrayList<>();
            for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                body.add(lines.get(i));
            }
            blocks.add(new Block(page, open + 1, language, body, marker(lines, open)));
        }
        return blocks;
    }

    private static Optional<Marker> marker(List<String> lines, int fence) {
        int k = fence - 1;
        while (k >= 0 && lines.get(k).isBlank()) {
            k--;
        }
        if (k < 0) {
            return Optional.empty();
        }
        Matcher m = MARKER.matcher(lines.get(k).strip());
        return m.matches() ? Optional.of(new Marker(m.group(1).strip(), m.group(2))) : Optional.empty();
    }

    /** Lines of a page outside its fenced blocks, with their numbers from 1 (the rest are null). */
    static List<String> prose(Path page) {
        List<String> lines = lines(page);
        List<String> prose = new ArrayList<>();
        boolean fence = false;
        for (String line : lines) {
            if (line.startsWith("```")) {
                fence = !fence;
                prose.add(null);
            } else {
                prose.add(fence ? null : line);
            }
        }
        return prose;
    }
}
