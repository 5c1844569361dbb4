import CFuzzerDriver
import Foundation
@_spi(Fuzzing) import KinetixBatch
import KinetixCore

/// libFuzzer entry: the Slurm submission script writer. The input's first byte picks the
/// shard count and parallel limit; the rest, split at NUL bytes, are the plan's path, the
/// output folder, the executable's path, the partition and the time limit (an absent or
/// empty partition or time is not given). A script that is written must have the shape of
/// the one written for harmless names: read as bash reads it (quotes, escapes, line
/// continuations), every character outside quotes that is not inert is the template's,
/// the `--wrap` commands read the same way, and the paths come back word for word.
func fuzzSlurm(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let shards = [1, 2, 1000, 1001, 1002, 100_000][Int(start[0] % 6)]
    let maxParallel = start[0] & 0x80 == 0 ? nil : Int(start[0] % 7) + 1
    let fields = Data(bytes: start + 1, count: count - 1).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    /// The `i`th field; a path read back as the same file: "./" before a leading '-' (and,
    /// for the executable, before a name without '/'), so no command reads it as an option.
    func field(_ i: Int) -> String { i < fields.count ? fields[i] : "" }
    func path(_ i: Int) -> String {
        field(i).hasPrefix("-") || (i == 2 && !field(i).contains("/")) ? "./" + field(i) : field(i)
    }
    let partition = field(3).isEmpty ? nil : field(3)
    let time = field(4).isEmpty ? nil : field(4)
    let hash = String(repeating: "ab", count: 32)
    func script(_ plan: String, _ output: String, _ executable: String, _ partition: String?, _ time: String?) throws(KinetixError)
        -> String
    {
        try SlurmScript(
            plan: plan, output: output, shards: shards, maxParallel: maxParallel, partition: partition,
            timeLimit: time, executable: executable, executableSHA256: hash
        ).text
    }
    let text: String
    do { text = try script(field(0), field(1), field(2), partition, time) } catch {
        guard error.kind == .invalidSetting else { fatalError("refused with \(error.kind): \(error)") }
        return 0
    }
    let benign = try! script("p", "o", "e", partition.map { _ in "p" }, time.map { _ in "1" })
    if let bad = text.unicodeScalars.first(where: { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }) {
        fatalError("a raw U+\(String(bad.value, radix: 16)) in the script")
    }
    let read = ShellReading(text)
    let expected = ShellReading(benign)
    guard read.skeleton == expected.skeleton else { fatalError("the script's shape changed:\n\(read.skeleton)\n\(expected.skeleton)") }
    guard read.words.contains("plan=" + path(0)) else { fatalError("the plan's path does not come back whole") }
    // Every '%' scalar doubled (String's replacing would miss one before a combining mark).
    let output = String(String.UnicodeScalarView(path(1).unicodeScalars.flatMap { $0 == "%" ? ["%", "%"] : [$0] }))
    guard read.words.contains("--output=\(output)/logs/%x-%A_%a.out"), read.words.contains(path(1) + "/logs")
    else { fatalError("the output folder does not come back whole") }
    let wraps = read.words.filter { $0.hasPrefix("--wrap=") }.map { ShellReading(String($0.dropFirst(7))) }
    let expectedWraps = expected.words.filter { $0.hasPrefix("--wrap=") }.map { ShellReading(String($0.dropFirst(7))) }
    guard wraps.count == 2, wraps.map(\.skeleton) == expectedWraps.map(\.skeleton) else { fatalError("a --wrap command's shape changed") }
    for wrap in wraps {
        guard wrap.words.count > 4, wrap.words[0] == "exec", wrap.words[1] == path(2),
            wrap.words[4] == (wrap.words[3] == "run" ? path(0) : path(1)),
            wrap.words.contains(path(1)), wrap.words.contains(path(0))
        else { fatalError("a --wrap command's words changed: \(wrap.words)") }
    }
    return 0
}

/// A script as bash splits it: its words (quotes removed), and its skeleton, the text
/// with every run of inert characters (quoted, escaped, or letters, digits and
/// `-_./=:%,@+`) written as one `w`, a comment as `#`; what remains is what the shell
/// acts on.
struct ShellReading {
    var words: [String] = []
    var skeleton = ""

    init(_ script: String) {
        let c = Array(script.unicodeScalars)
        var i = 0
        var word: String?
        func inert() { if !skeleton.hasSuffix("w") { skeleton += "w" } }
        func end() {
            if let w = word { words.append(w) }
            word = nil
        }
        var inDouble = false
        while i < c.count {
            let x = c[i]
            if !inDouble, x == "#", word == nil {  // a comment, to the end of its line
                while i < c.count, c[i] != "\n" { i += 1 }
                skeleton += "#"
                continue
            }
            if !inDouble, x == "'" {  // single quotes: everything to the next ' is literal
                var k = i + 1
                var literal = ""
                while k < c.count, c[k] != "'" {
                    literal.unicodeScalars.append(c[k])
                    k += 1
                }
                word = (word ?? "") + literal
                inert()
                i = k + 1
                continue
            }
            if x == "\\", i + 1 < c.count {
                if c[i + 1] == "\n" {
                    i += 2
                    continue
                }  // a line continuation
                word = (word ?? "") + String(c[i + 1])
                inert()
                i += 2
                continue
            }
            if x == "\"" {
                inDouble.toggle()
                skeleton += "\""
                word = word ?? ""
                i += 1
                continue
            }
            if !inDouble, x == " " || x == "\n" || x == "\t" {
                end()
                skeleton.unicodeScalars.append(x)
                i += 1
                continue
            }
            word = (word ?? "") + String(x)
            if x.isASCII, Character(x).isLetter || Character(x).isNumber || "-_./=:%,@+".unicodeScalars.contains(x) {
                inert()
            } else {
                skeleton.unicodeScalars.append(x)
            }
            i += 1
        }
        end()
    }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzSlurm($0, count) } ?? 0 })
