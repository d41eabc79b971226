package org.triscale.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command that reads a file, on damaged and hostile files: each ends with exit code 1 or 2
 * and one line on standard error, never "internal error" nor a stack trace. The inputs are bytes
 * no parser expects, JSON of the wrong shape, and the stored result with each of its fields (one
 * element per array) replaced by values of every other JSON type.
 */
class HostileInputSweepTest {
    private static final String RESULT = "org.triscale.samples.RttFairnessTest.cubicFlowsWith20And80MsRtt.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @TempDir
    Path folder;

    /** Files no reader expects: garbage, wrong shapes, deep nesting, huge numbers, a lone BOM. */
    private List<Path> hostileFiles() throws IOException {
        byte[] garbage = new byte[4096];
        new SplittableRandom(23).nextBytes(garbage);
        List<Path> files = new ArrayList<>();
        files.add(write("garbage.bin", garbage));
        files.add(write("empty.json", new byte[0]));
        files.add(write("bom.json", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}));
        files.add(write("nul.json", "{\"testClass\": \"a\u0000\"}".getBytes(StandardCharsets.UTF_8)));
        files.add(write("array.json", "[1, 2, 3]".getBytes(StandardCharsets.UTF_8)));
        files.add(write("string.json", "\"x\"".getBytes(StandardCharsets.UTF_8)));
        files.add(write("null.json", "null".getBytes(StandardCharsets.UTF_8)));
        files.add(write("deep.json", ("[".repeat(100_000) + "]".repeat(100_000)).getBytes(StandardCharsets.UTF_8)));
        files.add(write("huge-number.json", ("{\"runs\": 1" + "0".repeat(100_000) + "}").getBytes(StandardCharsets.UTF_8)));
        files.add(write("types.json", "{\"testClass\": 5, \"testMethod\": [], \"runs\": \"x\", \"series\": {}}"
                .getBytes(StandardCharsets.UTF_8)));
        files.add(write("csv-like.json", "x,y\n1,2\n3,\"4\n".getBytes(StandardCharsets.UTF_8)));
        return files;
    }

    private Path write(String name, byte[] content) throws IOException {
        Path file = folder.resolve("in").resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, content);
        return file;
    }

    private static void assertCleanError(Cli cli, String what) {
        assertThat(cli.exitCode()).as(what + "\n" + cli.err()).isIn(0, 1, 2);
        assertThat(cli.err()).as(what).doesNotContain("internal error").doesNotContain("\tat ")
                .doesNotContain("Exception:").doesNotContain("Error:");
        if (cli.exitCode() != 0) {
            assertThat(cli.err().strip()).as(what).isNotEmpty();
        }
    }

    @Test
    void everyCommandEndsHostileFilesWithAOneLineError() throws IOException {
        List<Function<Path, String[]>> commands = List.of(
                file -> new String[] {"show", file.toString()},
                file -> new String[] {"metric", file.toString(), "--measure", "50"},
                file -> new String[] {"metric", file.toString(), "--format", "jsonl", "--field", "y", "--measure", "50"},
                file -> new String[] {"metric", file.toString(), "--format", "iperf3", "--field", "rtt", "--measure", "50"},
                file -> new String[] {"metric", file.toString(), "--format", "flowmon", "--field", "fct", "--measure", "50"},
                file -> new String[] {"metric", file.toString(), "--format", "mahimahi", "--field", "delay", "--measure", "50"},
                file -> new String[] {"metric", file.toString(), "--format", "flent", "--field", "x", "--measure", "50"},
                file -> new String[] {"metric", file.toString(), "--format", "pcap", "--field", "rtt", "--measure", "50"},
                file -> new String[] {"kpi", file.toString(), "-p", "50", "-c", "75"},
                file -> new String[] {"score", file.toString(), "--format", "jsonl", "--field", "y", "-p", "75", "-c", "75"});
        for (Path file : hostileFiles()) {
            for (Function<Path, String[]> command : commands) {
                String[] args = command.apply(file);
                assertCleanError(Cli.run(args), String.join(" ", args));
            }
            // A results folder or a folder of partial results holding only this file.
            Path alone = Files.createDirectories(folder.resolve("alone-" + file.getFileName()));
            Files.copy(file, alone.resolve("x.json"));
            Files.copy(file, alone.resolve("x.partial.json"));
            assertCleanError(Cli.run("report", alone.toString(), "--out", folder.resolve("report").toString()),
                    "report " + file);
            assertCleanError(Cli.run("merge", alone.toString(), "--out", folder.resolve("merged").toString()),
                    "merge " + file);
            String line = Files.readString(file, StandardCharsets.ISO_8859_1).replace('\n', ' ');
            assertCleanError(Cli.runWithInput(line + "\n", "batch"), "batch " + file);
        }
    }

    @Test
    void everyFieldOfAResultReplacedByAnotherTypeGivesAOneLineError() throws IOException {
        JsonNode original;
        try (InputStream in = HostileInputSweepTest.class.getResourceAsStream("/results/" + RESULT)) {
            original = JSON.readTree(in);
        }
        List<String> paths = new ArrayList<>();
        collect(original, "", paths);
        JsonNode[] replacements = {NODES.nullNode(), NODES.textNode("x"), NODES.numberNode(-1),
                NODES.numberNode(1e300), NODES.objectNode()};
        // An intact result beside the damaged one: the report skips the damaged one and draws the other.
        ObjectNode intact = (ObjectNode) original.deepCopy();
        intact.put("testMethod", "intact");
        String intactFile = RESULT.replace(".cubicFlowsWith20And80MsRtt.", ".intact.");
        int cases = 0;
        for (String path : paths) {
            for (JsonNode replacement : replacements) {
                JsonNode changed = original.deepCopy();
                if (!replace(changed, path, replacement)) {
                    continue;
                }
                Path dir = Files.createDirectories(folder.resolve("results"));
                Path file = dir.resolve(RESULT);
                JSON.writeValue(file.toFile(), changed);
                String what = path + " = " + replacement;
                assertCleanError(Cli.run("show", file.toString()), "show " + what);
                JSON.writeValue(dir.resolve(intactFile).toFile(), intact);
                Cli report = Cli.run("report", dir.toString(), "--out", folder.resolve("report").toString());
                assertCleanError(report, "report " + what);
                assertThat(report.exitCode()).as("report " + what + "\n" + report.err()).isZero();
                assertThat(folder.resolve("report").resolve(intactFile.replace(".json", ".html"))).as(what).exists();
                Files.delete(dir.resolve(intactFile));
                cases++;
            }
        }
        assertThat(cases).isGreaterThan(150);
    }

    /** Every field's path, with only the first element of each array ({@code /runs/0/seed}). */
    private static void collect(JsonNode node, String path, List<String> paths) {
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(name -> {
                paths.add(path + "/" + name);
                collect(node.get(name), path + "/" + name, paths);
            });
        } else if (node.isArray() && !node.isEmpty()) {
            paths.add(path + "/0");
            collect(node.get(0), path + "/0", paths);
        }
    }

    private static boolean replace(JsonNode root, String path, JsonNode value) {
        int slash = path.lastIndexOf('/');
        JsonNode parent = root.at(path.substring(0, slash));
        String last = path.substring(slash + 1);
        if (parent instanceof ObjectNode object) {
            if (object.get(last).getNodeType() == value.getNodeType()) {
                return false;
            }
            object.set(last, value);
            return true;
        }
        if (parent instanceof ArrayNode array) {
            array.set(Integer.parseInt(last), value);
            return true;
        }
        return false;
    }
}
