import Foundation
import KinetixCore
import Testing

/// Rules that have one home in the code, checked by reading the sources: a second copy
/// of any of them makes a test here fail, naming where it appeared.
@Suite("One home per rule")
struct OneHomeTests {
    /// Every Swift file under Sources/ and Benchmarks/, by path from the package root.
    static let sources: [(path: String, text: String)] = {
        let root = PublicAPIDocumentationTests.root
        var files: [(String, String)] = []
        for folder in ["Sources", "Benchmarks"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                files.append((String(url.path.dropFirst(root.path.count + 1)), text))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }()

    /// Files (other than `home`) with a line matching `pattern`, comments aside.
    func copies(of pattern: String, home: [String]) -> [String] {
        Self.sources.filter { !home.contains($0.path) }.flatMap { file in
            file.text.components(separatedBy: "\n").enumerated().compactMap { index, line in
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.range(of: pattern, options: .regularExpression) != nil else { return nil }
                return "\(file.path):\(index + 1): \(code.prefix(100))"
            }
        }
    }

    @Test("the scan reads the package's sources")
    func scan() {
        #expect(Self.sources.count > 100)
    }

    @Test("'did you mean' is worded in one place (Diagnostic.didYouMean); everything else passes a suggestion")
    func suggestions() {
        #expect(
            copies(of: "did you mean", home: ["Sources/KinetixCore/Sidecar/Diagnostic.swift"]).isEmpty,
            "\(copies(of: "did you mean", home: ["Sources/KinetixCore/Sidecar/Diagnostic.swift"]))")
    }

    @Test("the fallback frame rate is one named constant (Sidecar.fallbackFrameRate)")
    func fallbackFrameRate() {
        let found = copies(of: #"\?\? 30(\.0)?\b"#, home: [])
        #expect(found.isEmpty, "\(found)")
    }

    @Test("a lag candidate is scored by LagRule only: no other sum of squared angle differences")
    func lagRule() {
        let found = copies(
            of: #"addingSquare\(of:"#,
            home: ["Sources/KinetixCore/Compare/LagRule.swift", "Sources/KinetixCore/Support/SquareAdding.swift"])
        #expect(found.isEmpty, "\(found)")
    }

    @Test("live frame times are judged by LiveClock only")
    func liveClock() {
        let found = copies(
            of: #"LiveFrameRefusal\.|throw \.notAfterPrevious|throw \.nonFiniteTime"#,
            home: ["Sources/KinetixCore/Live/LiveClock.swift", "Sources/KinetixCore/Live/LiveComparison.swift"])
        #expect(found.isEmpty, "\(found)")
    }

    @Test(
        "the libraries name no command or flag of the CLI: they give a Setting, the CLI words it (the Slurm script, which runs the CLI, aside)"
    )
    func noCommandLineWords() {
        let libraries = Self.sources.filter { file in
            ["KinetixCore", "KinetixProfiles", "KinetixDrafting", "KinetixFormats", "KinetixReport", "KinetixBatch"].contains {
                file.path.hasPrefix("Sources/\($0)/")
            }
        }
        let pattern =
            #"kinetix (batch|profile|compare|assess|convert|inspect|validate|synth|resample|merge|onset)|"[^"]*--(reps|out|partition|time|shard|profile|param|image-size|fps|model|max-lag|no-mirror|keep-swaps|report)\b"#
        let found = copies(
            of: pattern,
            home: Self.sources.map(\.path).filter { !libraries.map(\.path).contains($0) } + ["Sources/KinetixBatch/SlurmScript.swift"])
        #expect(libraries.count > 80)
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the libraries an app links write no file and set no process-wide policy: that is KinetixIO's, for the CLI and batch")
    func noProcessWideEffects() {
        let home = Self.sources.map(\.path).filter { path in
            !["KinetixCore", "KinetixProfiles", "KinetixDrafting", "KinetixFormats", "KinetixReport"].contains {
                path.hasPrefix("Sources/\($0)/")
            }
        }
        let found = copies(
            of: #"O_WRONLY|O_CREAT|kinetix_keep_freed_memory|mallopt|sigaction|\.write\(to:|FileHandle\(forWriting|AtomicFile|OutputFile"#,
            home: home)
        #expect(found.isEmpty, "\(found)")
    }

    @Test(
        "no library maps inputs or installs a handler on its own, KinetixBatch included: only the CLI opts in (mapping: true, mapsInputs: true)"
    )
    func noMappingInLibraries() {
        let home = Self.sources.map(\.path).filter { path in
            !["KinetixCore", "KinetixProfiles", "KinetixDrafting", "KinetixFormats", "KinetixReport", "KinetixBatch"].contains {
                path.hasPrefix("Sources/\($0)/")
            }
        }
        let found = copies(of: #"mapping: true|mapsInputs: true|sigaction|mallopt|kinetix_keep_freed_memory"#, home: home)
        #expect(found.isEmpty, "\(found)")
    }

    @Test("each manifest's first line is its tools version: a formatter sorting imports must not move it below one")
    func manifestsStartWithToolsVersion() throws {
        for manifest in ["Package.swift", "Tests/Fuzz/Package.swift"] {
            let text = try String(contentsOf: PublicAPIDocumentationTests.root.appendingPathComponent(manifest), encoding: .utf8)
            #expect(text.hasPrefix("// swift-tools-version:"), "\(manifest): \(text.prefix(60))")
        }
    }

    @Test(
        "finished results are read-only outside the package: a report's stored properties are public package(set) or let, never public var")
    func reportsReadOnly() {
        let reports = [
            "Sources/KinetixCore/Output/ComparisonReport.swift", "Sources/KinetixProfiles/Output/AssessmentReport.swift",
            "Sources/KinetixProfiles/Progress/ProgressReport.swift",
        ]
        var found: [String] = []
        for file in Self.sources where reports.contains(file.path) {
            for (k, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // A stored property at the type's own level: `public var name: Type` or `= default`, no getter.
                guard line.hasPrefix("    public var "), !line.hasSuffix("{") else { continue }
                found.append("\(file.path):\(k + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(Self.sources.filter { reports.contains($0.path) }.count == reports.count)
        #expect(found.isEmpty, "\(found)")
    }

    @Test("the CLI writes no value range of its own: every number option's range is a named one beside its default")
    func cliRangesBesideDefaults() {
        let pattern = #"double\("[a-z-]+",.*in: [^)]*\.\.[.<]"#
        let found = copies(of: pattern, home: Self.sources.map(\.path).filter { !$0.hasPrefix("Sources/kinetix/") })
        #expect(found.isEmpty, "\(found)")
        #expect(#"try arguments.double("threads", default: 1, in: 1...1024)"#.range(of: pattern, options: .regularExpression) != nil)
        #expect(
            #"try double("seconds", default: 0, in: -2 * Sidecar.maxAbsoluteTime...2 * Sidecar.maxAbsoluteTime)"#.range(
                of: pattern, options: .regularExpression) != nil)
    }

    @Test("Core's code knows no batch or Slurm: KinetixBatch names its own settings (Setting.batchShard, .slurmPartition, …)")
    func coreKnowsNoBatch() {
        let found = copies(of: #"(?i)slurm|batch"#, home: Self.sources.map(\.path).filter { !$0.hasPrefix("Sources/KinetixCore/") })
        #expect(found.isEmpty, "\(found)")
    }

    @Test("every Setting a library names or builds has its flag in the command line's flag(for:)")
    func everySettingHasAFlag() throws {
        // Every Setting a library builds, wherever and however it is declared (any access,
        // a static member or inline): its name literal, or the `…Name` constant it uses.
        let built = try NSRegularExpression(pattern: #"Setting\(\s*(?:"(\w+)"|(\w+)Name\b)"#)
        let declared = try NSRegularExpression(pattern: #"static (?:let|var|func) (\w+)\b[^\n{]*(?:= Setting\(|-> Setting\b)"#)
        var names: Set<String> = []
        var members: Set<String> = []
        for file in Self.sources where !file.path.hasPrefix("Sources/kinetix/") {
            let text = file.text as NSString
            for match in built.matches(in: file.text, range: NSRange(location: 0, length: text.length)) {
                let group = match.range(at: 1).location != NSNotFound ? 1 : 2
                names.insert(text.substring(with: match.range(at: group)))
            }
            for match in declared.matches(in: file.text, range: NSRange(location: 0, length: text.length)) {
                members.insert(text.substring(with: match.range(at: 1)))
            }
        }
        #expect(
            ["maxLag", "batchShard", "slurmTimeLimit", "profileParameter", "worldLandmarks"].allSatisfy(names.contains), "\(names.sorted())"
        )
        // A Setting built inline, with no member to name it, is one an app cannot compare with.
        #expect(names.subtracting(members).isEmpty, "settings built with no static member: \(names.subtracting(members).sorted())")
        let cli = try #require(Self.sources.first { $0.path == "Sources/kinetix/CLI/CommandLineError.swift" }).text
        let unworded = names.union(members).filter { !cli.contains("case .\($0):") && !cli.contains("case Setting.\($0)Name:") }
        #expect(unworded.isEmpty, "settings with no flag: \(unworded.sorted())")
    }

    /// The files that read back a result Kinetix wrote: `progress` (assessments and
    /// comparisons) and batch (its plans, result headers, outcome lines and figures).
    static let resultReaders = [
        "Sources/KinetixProfiles/Progress/ProgressSession.swift", "Sources/KinetixProfiles/Progress/ProgressSession+Comparison.swift",
        "Sources/KinetixBatch/BatchResultHeader.swift", "Sources/KinetixBatch/BatchOutcome.swift",
        "Sources/KinetixBatch/BatchFigures.swift",
        "Sources/KinetixBatch/BatchPlan+File.swift",
    ]

    @Test("a result is read back through its writer's schema (a JSONKeys enum), never by a key spelt in the reader")
    func resultsReadBySchema() throws {
        let readers = Self.sources.filter { Self.resultReaders.contains($0.path) }
        #expect(readers.count == Self.resultReaders.count, "a reader moved: \(Self.resultReaders)")
        // A literal key: subscripting a JSON value, comparing a member's key, or naming a
        // member of an object being built or matched.
        let pattern = #"\[\s*"[A-Za-z_]+"\s*\]|\.key [!=]= "|\("[A-Za-z_]+", \.|case \.string\("[A-Za-z]+"\)"#
        let found = copies(of: pattern, home: Self.sources.map(\.path).filter { !Self.resultReaders.contains($0) })
        #expect(found.isEmpty, "\(found)")
        // The scan sees a literal key where there is one.
        let sample = #"if case .string(let s) = top["profile"]?["id"] {"#
        #expect(sample.range(of: pattern, options: .regularExpression) != nil)
        // Each reader does read through a schema.
        for reader in readers {
            #expect(reader.text.contains("Key"), "\(reader.path) reads no schema")
        }
    }

    /// Text in other targets that is not a result's rendering, with why.
    static let notRenderers: [String: String] = [
        "Sources/KinetixBatch/BatchOutcome.swift": "text(_ name:) reads a text figure of a row",
        "Sources/kinetix/CLI/LiveRun.swift": "the stream run's own status (sources and latencies), not a result",
    ]

    @Test(
        "every rendering of a result for people or spreadsheets (text, CSV, HTML, live text lines, the batch index) lives in KinetixReport"
    )
    func renderersInOneTarget() {
        let home = Self.sources.map(\.path).filter { $0.hasPrefix("Sources/KinetixReport/") } + Array(Self.notRenderers.keys)
        let pattern = #"func (text|csv|html|textLines?|cueText|momentText)\(|<(html|table|svg|tr)[ >]"#
        let found = copies(of: pattern, home: home)
        #expect(found.isEmpty, "\(found)")
        // The scan sees a renderer where there is one.
        #expect("    public func text() -> String {".range(of: pattern, options: .regularExpression) != nil)
        // The libraries below write JSON, never a text table (the CLI's help and the
        // benchmarks' own lines aside).
        let tables = copies(
            of: #"padding\(toLength:"#,
            home: home + Self.sources.map(\.path).filter { $0.hasPrefix("Sources/kinetix/") || !$0.hasPrefix("Sources/") })
        #expect(tables.isEmpty, "\(tables)")
    }

    @Test("a misspelt name's suggestion is a field of the diagnostic, not words in its message")
    func typedSuggestion() throws {
        let text =
            #"{"format": "kinetix-sidecar", "formatVersion": 1, "space": {"kind": "pixels", "width": 10, "height": 5}, "frames": [{"t": 0.5, "joints": {"leftKnees": [1, 2, 0.5]}}]}"#
        let error = #expect(throws: KinetixError.self) { try Sidecar.decode(Data(text.utf8)) }
        let diagnostic = try #require(error?.diagnostics.first { $0.field == "joint 'leftKnees'" })
        #expect(diagnostic.suggestion == "leftKnee")
        #expect(diagnostic.message == "unknown joint name")
        #expect(diagnostic.description.hasSuffix("unknown joint name (did you mean 'leftKnee'?)"))
    }
}
