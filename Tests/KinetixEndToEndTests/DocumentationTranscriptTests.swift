import Foundation
import Testing
import _KinetixCLITestSupport

/// Every `$ kinetix` transcript in the documentation is run and must match, so the
/// documents cannot go stale; every relative link in them leads to a file that exists.
///
/// A transcript is a fenced block (not ```` ```text ````) whose first line starts with `$ `. Each `$ ` line is a
/// command (continued on the next line after a trailing `\\`), run by `/bin/sh` with the
/// built `kinetix` first on `PATH`; the lines after it,
/// up to the next command, are its standard output and error as printed. In the expected
/// text a line `…` stands for any number of lines, and `…` inside a line for any text.
/// The commands of one document run in order in one sandbox folder holding links to
/// `Sidecars/`, `Profiles/` and `Benchmarks/`, with `../shared` beside it, so a file
/// one transcript writes is there for the next.
@Suite("Documentation transcripts")
struct DocumentationTranscriptTests {
    /// The documents a user reads: the README, `Documentation/`, the profile guide.
    static let documents: [String] = {
        let root = Kinetix.packageRoot
        let documentation = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Documentation").path)) ?? []
        return ["README.md", "Profiles/README.md"] + documentation.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/" + $0 }
    }()

    struct Command {
        var line: Int
        var text: String
        var expected: [String]
    }

    /// The transcripts' commands of one Markdown text, in order.
    static func commands(in markdown: String) -> [Command] {
        var commands: [Command] = []
        var inFence = false
        var inTranscript = false
        var firstLine = false
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                inFence.toggle()
                inTranscript = false
                // A ```text block is shown, not run (its material is built by a test).
                firstLine = inFence && !line.hasPrefix("```text")
                continue
            }
            guard inFence else { continue }
            if firstLine { inTranscript = line.hasPrefix("$ ") }
            firstLine = false
            guard inTranscript else { continue }
            if line.hasPrefix("$ ") {
                commands.append(Command(line: index + 1, text: String(line.dropFirst(2)), expected: []))
            } else if let last = commands.last, last.expected.isEmpty, last.text.hasSuffix("\\") {
                // A command continued on the next line.
                commands[commands.count - 1].text = String(last.text.dropLast()) + " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                commands[commands.count - 1].expected.append(line)
            }
        }
        return commands
    }

    /// Whether `actual` lines match `expected` lines with `…` wildcards.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        let expected = expected.map(trimmed)
        let actual = actual.map(trimmed)
        // Dynamic programming over (expected index, actual index).
        var memo: [Int: Bool] = [:]
        func match(_ e: Int, _ a: Int) -> Bool {
            let key = e * (actual.count + 1) + a
            if let known = memo[key] { return known }
            let result: Bool
            if e == expected.count {
                result = a == actual.count
            } else if expected[e] == "…" {
                result = match(e + 1, a) || (a < actual.count && match(e, a + 1))
            } else {
                result = a < actual.count && lineMatches(expected[e], actual[a]) && match(e + 1, a + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }

    /// One line against a pattern whose `…` stand for any text.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]) else { return false }
        var rest = line.dropFirst(parts[0].count)
        for (i, part) in parts.enumerated().dropFirst() {
            if i == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// A sandbox for one document: `work/` with the bundled folders linked, `shared` beside it.
    static func sandbox() throws -> URL {
        let top = try Kinetix.temporaryFolder()
        let work = top.appendingPathComponent("work")
        let manager = FileManager.default
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        for folder in ["Sidecars", "Profiles", "Benchmarks"] {
            try manager.createSymbolicLink(
                at: work.appendingPathComponent(folder), withDestinationURL: Kinetix.packageRoot.appendingPathComponent(folder))
        }
        try manager.createSymbolicLink(
            at: top.appendingPathComponent("shared"), withDestinationURL: Kinetix.realData.deletingLastPathComponent())
        return work
    }

    @Test("the parser reads commands and outputs; … matches lines and text")
    func parser() {
        let text = "intro\n```\n$ kinetix a\nout 1\n…\n$ kinetix b \\\n    --c\n```\n```sh\nkinetix c\n```\n```text\n$ kinetix d\n```\n"
        let commands = Self.commands(in: text)
        #expect(commands.map(\.text) == ["kinetix a", "kinetix b  --c"])
        #expect(commands[0].expected == ["out 1", "…"])
        #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
        #expect(!Self.matches(["a", "d"], ["a", "b", "d"]))
        #expect(Self.matches(["took … s, … frames"], ["took 1.2 s, 30 frames"]))
        #expect(!Self.matches(["took … s"], ["took 1.2 ms!"]))
    }

    @Test(
        "every transcript in the documentation prints what the documentation says",
        .enabled(if: Kinetix.hasRealData, "../shared/realdata is not beside the checkout"),
        arguments: DocumentationTranscriptTests.documents)
    func transcripts(document: String) throws {
        let markdown = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let commands = Self.commands(in: markdown)
        guard !commands.isEmpty else { return }
        let work = try Self.sandbox()
        defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Kinetix.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["COLUMNS"] = "100"
        environment.removeValue(forKey: "KINETIX_PROFILES")
        for command in commands {
            let result = try Kinetix.run(
                ["-c", "(\n\(command.text)\n) 2>&1"], executable: URL(fileURLWithPath: "/bin/sh"), directory: work, environment: environment
            )
            var actual = result.stdout.components(separatedBy: "\n")
            if actual.last == "" { actual.removeLast() }
            var expected = command.expected
            while expected.last == "" { expected.removeLast() }
            #expect(
                Self.matches(expected, actual),
                "\(document):\(command.line): $ \(command.text)\n--- printed (exit \(result.status)) ---\n\(actual.joined(separator: "\n"))\n--- documented ---\n\(expected.joined(separator: "\n"))"
            )
        }
    }

    @Test(
        "every relative link in the documentation leads to a file that exists, and its #anchor to a heading there",
        arguments: DocumentationTranscriptTests.documents)
    func links(document: String) throws {
        let file = Kinetix.packageRoot.appendingPathComponent(document)
        let markdown = try String(contentsOf: file, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for match in pattern.matches(in: markdown, range: NSRange(markdown.startIndex..., in: markdown)) {
            let target = String(markdown[Range(match.range(at: 1), in: markdown)!])
            if target.hasPrefix("http") || target.hasPrefix("mailto:") { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let linked = parts[0].isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: linked.path), "\(document): \(target) does not exist")
            if parts.count == 2, linked.pathExtension == "md", let text = try? String(contentsOf: linked, encoding: .utf8) {
                #expect(Self.anchors(of: text).contains(parts[1]), "\(document): no heading #\(parts[1]) in \(linked.lastPathComponent)")
            }
        }
    }

    /// GitHub's anchors of a Markdown text's headings: lower case, punctuation dropped, spaces as `-`.
    static func anchors(of markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let anchor = String(
                title.lowercased().compactMap { c -> Character? in
                    if c.isLetter || c.isNumber || c == "-" || c == "_" { return c }
                    if c == " " { return "-" }
                    return nil
                })
            anchors.insert(anchor)
        }
        return anchors
    }
}
