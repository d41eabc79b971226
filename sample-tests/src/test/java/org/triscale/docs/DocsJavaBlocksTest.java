package org.triscale.docs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code java} block of README.md and docs/*.md compiles against the real modules (this
 * module's test class path holds all of them), so that a renamed method or attribute cannot
 * leave the docs behind.
 *
 * <p>A block is compiled as it is printed, in a package of its page, after the imports a user
 * would write ({@link #IMPORTS}):
 * <ul>
 *   <li>a block that declares a top-level type is a compilation unit;</li>
 *   <li>a block of members (annotated methods, fields) is wrapped in a class;</li>
 *   <li>a block of statements is wrapped in a method of a class.</li>
 * </ul>
 * Blocks of one page are compiled together, so a later block may use a type an earlier one
 * declares. The comment on the line before a block's fence may say more:
 * <ul>
 *   <li>{@code <!-- context: members -->}: Java members the wrapper class declares for the block
 *       (what the surrounding text says the user has, e.g. {@code long seed;});</li>
 *   <li>{@code <!-- excerpt: path -->}: the block is an excerpt of a source file of the
 *       repository, which the build compiles; every line of the block must be a line of it;</li>
 *   <li>{@code <!-- not compiled: reason -->}: deliberately partial; counted, and kept few.</li>
 * </ul>
 */
class DocsJavaBlocksTest {
    /** The imports every block is compiled with, besides its own. */
    static final List<String> IMPORTS = List.of(
            "java.lang.annotation.*", "java.nio.file.*", "java.time.*", "java.util.*",
            "org.junit.jupiter.api.*", "org.junit.jupiter.api.parallel.*",
            "org.triscale.junit.*", "org.triscale.junit.sequel.*",
            "org.triscale.emulator.*", "org.triscale.emulator.cca.*", "org.triscale.emulator.link.*",
            "org.triscale.emulator.queue.*", "org.triscale.emulator.workload.*", "org.triscale.emulator.base.*",
            "org.triscale.testbed.*");

    /** Deliberately partial blocks allowed; raise it only with a reason in the block's marker. */
    private static final int MOST_NOT_COMPILED = 3;

    private static final Pattern TYPE = Pattern.compile(
            "^(?:public\\s+|final\\s+|abstract\\s+|sealed\\s+|non-sealed\\s+)*(?:class|interface|@interface|record|enum)\\s+(\\w+)");
    private static final Pattern MEMBER = Pattern.compile(
            "^(?:@\\w+|(?:public|protected|private|static|final)\\s|[\\w<>\\[\\],.?]+\\s+\\w+\\s*\\([^;]*\\)\\s*(?:throws\\s+[\\w., ]+)?\\{)");

    @Test
    void everyJavaBlockCompilesAgainstTheRealModules(@TempDir Path out, TestReporter reporter) throws IOException {
        int compiled = 0;
        int excerpts = 0;
        List<String> notCompiled = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Map<String, List<Unit>> units = new LinkedHashMap<>();
        for (Path page : DocsPages.pages()) {
            for (DocsPages.Block block : DocsPages.blocks(page)) {
                if (!block.language().equals("java")) {
                    continue;
                }
                String kind = block.marker().map(DocsPages.Marker::kind).orElse("");
                switch (kind) {
                    case "not compiled" -> notCompiled.add(block.where() + " (" + block.marker().get().value() + ")");
                    case "excerpt" -> {
                        problems.addAll(excerptProblems(block));
                        excerpts++;
                    }
                    case "", "context" -> {
                        units.computeIfAbsent(packageOf(page), p -> new ArrayList<>()).add(unit(packageOf(page), block));
                        compiled++;
                    }
                    default -> problems.add(block.where() + ": unknown marker '" + kind
                            + "'; use context, excerpt or not compiled");
                }
            }
        }
        for (List<Unit> page : units.values()) {
            problems.addAll(compile(page, out));
        }
        reporter.publishEntry("java blocks", compiled + " compiled, " + excerpts + " excerpts of compiled sources, "
                + notCompiled.size() + " not compiled " + notCompiled);

        assertThat(problems).as("java blocks of the docs that do not compile").isEmpty();
        assertThat(compiled).as("compiled java blocks").isGreaterThanOrEqualTo(15);
        assertThat(notCompiled).as("java blocks marked as not compiled").hasSizeLessThanOrEqualTo(MOST_NOT_COMPILED);
    }

    @Test
    void aBrokenBlockIsReportedWithItsPageAndLine(@TempDir Path out) throws IOException {
        DocsPages.Block block = new DocsPages.Block(DocsPages.ROOT.resolve("docs/example.md"), 7, "java",
                List.of("@Runs(kpiPercentile = 75, kpiConfidence = 75)", "void test(RunContext run) {",
                        "    run.recordSamples(\"delay\", 1.0);", "}"),
                java.util.Optional.empty());

        List<String> problems = compile(List.of(unit("docs.example", block)), out);

        assertThat(problems).singleElement().asString().startsWith("docs/example.md:10: ")
                .contains("double[]");
    }

    /** One compilation unit made from a block, with the block line of every unit line. */
    record Unit(String className, String source, Map<Integer, Integer> blockLines, DocsPages.Block block) {
    }

    private static String packageOf(Path page) {
        String name = page.getFileName().toString().replaceFirst("\\.md$", "").toLowerCase(Locale.ROOT);
        return "docs." + name.replaceAll("[^a-z0-9]", "_");
    }

    static Unit unit(String pkg, DocsPages.Block block) {
        List<String> imports = new ArrayList<>();
        List<String> body = new ArrayList<>();
        List<Integer> bodyLines = new ArrayList<>();
        for (int i = 0; i < block.lines().size(); i++) {
            String line = block.lines().get(i);
            if (line.startsWith("import ")) {
                imports.add(line);
            } else {
                body.add(line);
                bodyLines.add(block.line() + 1 + i);
            }
        }
        String publicType = null;
        boolean declaresType = false;
        boolean declaresMembers = false;
        for (String line : body) {
            if (line.isEmpty() || Character.isWhitespace(line.charAt(0))) {
                continue; // only what starts a line declares at the top of the block
            }
            Matcher type = TYPE.matcher(line);
            if (type.find()) {
                declaresType = true;
                if (line.startsWith("public")) {
                    publicType = type.group(1);
                }
            } else if (MEMBER.matcher(line).find()) {
                declaresMembers = true;
            }
        }
        String className = publicType != null ? publicType : "Block" + block.line();
        StringBuilder source = new StringBuilder("package " + pkg + ";\n");
        Map<Integer, Integer> map = new HashMap<>();
        int line = 2;
        for (String i : IMPORTS) {
            source.append("import ").append(i).append(";\n");
            line++;
        }
        for (String i : imports) {
            source.append(i).append('\n');
            line++;
        }
        String context = block.marker().filter(m -> m.kind().equals("context")).map(DocsPages.Marker::value).orElse("");
        String open = "";
        String close = "";
        if (!declaresType) {
            open = declaresMembers ? "class " + className + " { " + context
                    : "class " + className + " { " + context + " void block() throws Exception {";
            close = declaresMembers ? "}" : "}}";
        }
        source.append(open).append('\n');
        line++;
        for (int i = 0; i < body.size(); i++) {
            source.append(body.get(i)).append('\n');
            map.put(line++, bodyLines.get(i));
        }
        source.append(close).append('\n');
        return new Unit(className, source.toString(), map, block);
    }

    /** Compiles the units of one page; returns the errors as "page:line: message". */
    static List<String> compile(List<Unit> units, Path out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<URI, Unit> byUri = new HashMap<>();
        List<JavaFileObject> files = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Unit unit : units) {
            String pkg = unit.source().substring("package ".length(), unit.source().indexOf(';'));
            String name = unit.className();
            if (!names.add(name)) {
                name = name + "_" + unit.block().line();
            }
            URI uri = URI.create("string:///" + pkg.replace('.', '/') + "/" + name + ".java");
            byUri.put(uri, unit);
            files.add(new SimpleJavaFileObject(uri, JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return unit.source();
                }
            });
        }
        Path classes = Files.createDirectories(out.resolve("classes-" + System.nanoTime()));
        List<String> options = List.of("--release", "17", "-proc:none", "-classpath", testClassPath(),
                "-d", classes.toString());
        boolean ok = javac.getTask(null, null, diagnostics, options, null, files).call();
        List<String> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            Unit unit = d.getSource() == null ? null : byUri.get(d.getSource().toUri());
            String where = unit == null ? "?" : DocsPages.ROOT.relativize(unit.block().page()) + ":"
                    + unit.blockLines().getOrDefault((int) d.getLineNumber(), unit.block().line());
            problems.add(where + ": " + d.getMessage(Locale.ROOT));
        }
        if (!ok && problems.isEmpty()) {
            problems.add("javac failed without an error message");
        }
        return problems;
    }

    /** Surefire runs the tests from a manifest-only jar and gives the real class path in this property. */
    private static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private static List<String> excerptProblems(DocsPages.Block block) throws IOException {
        Path source = DocsPages.ROOT.resolve(block.marker().get().value());
        if (!Files.isRegularFile(source)) {
            return List.of(block.where() + ": excerpt of " + block.marker().get().value() + ", which does not exist");
        }
        Set<String> lines = new HashSet<>();
        Files.readAllLines(source).forEach(l -> lines.add(l.strip()));
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < block.lines().size(); i++) {
            String line = block.lines().get(i).strip();
            if (!line.isEmpty() && !line.equals("...") && !lines.contains(line)) {
                problems.add(DocsPages.ROOT.relativize(block.page()) + ":" + (block.line() + 1 + i)
                        + ": not a line of " + block.marker().get().value() + ": " + line);
            }
        }
        return problems;
    }
}
