import Foundation
import Testing

@testable import KinetixCore

/// RFC 8259 strings everywhere, values used or skipped, and duplicate keys refused:
/// the classes the JSONTestSuite corpus checks (README, "Bad input").
@Suite("JSON conformance")
struct JSONConformanceTests {
    /// A sidecar with `value` in a field the decoder skips.
    func skipped(_ value: [UInt8]) -> Data {
        Data(
            Array(
                #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 10, "height": 10}, "frames": [{"t": 0}], "note": "#
                    .utf8) + value + Array("}".utf8))
    }

    static let invalidStrings: [(String, [UInt8])] = [
        ("unknown escape \\x", Array(#""a\x41""#.utf8)),
        ("short \\u escape", Array(#""\u12""#.utf8)),
        ("non-hex \\u escape", Array(#""\u12G4""#.utf8)),
        ("lone high surrogate", Array(#""\uD800""#.utf8)),
        ("high surrogate then a letter", Array(#""\uD800x""#.utf8)),
        ("high surrogate then a non-surrogate escape", Array(#""\uD800\u0041""#.utf8)),
        ("lone low surrogate", Array(#""\uDC00""#.utf8)),
        ("backslash then a control character", Array("\"\\".utf8) + [0x01] + Array("\"".utf8)),
        ("raw control character", Array("\"a".utf8) + [0x09] + Array("\"".utf8)),
        ("invalid UTF-8 lead byte", Array("\"".utf8) + [0xFF] + Array("\"".utf8)),
        ("lone continuation byte", Array("\"".utf8) + [0x81] + Array("\"".utf8)),
        ("overlong slash", Array("\"".utf8) + [0xC0, 0xAF] + Array("\"".utf8)),
        ("encoded surrogate", Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8)),
        ("beyond U+10FFFF", Array("\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8)),
        ("truncated sequence", Array("\"".utf8) + [0xE2, 0x82] + Array("\"".utf8)),
        ("invalid UTF-8 after an escape", Array(#""\n"#.utf8) + [0xFE] + Array("\"".utf8)),
    ]

    @Test("invalid strings are refused even in fields that are skipped", arguments: invalidStrings.map(\.0))
    func invalidSkipped(_ name: String) {
        let value = Self.invalidStrings.first { $0.0 == name }!.1
        let error = #expect(throws: KinetixError.self) { try Sidecar.decode(skipped(value), file: "s.json") }
        #expect(error?.diagnostics.first?.line == 1, "located: \(error?.description ?? "")")
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data(value)) }
    }

    @Test("valid strings are kept exactly: escapes, surrogate pairs, multi-byte UTF-8")
    func validStrings() throws {
        let text = #""a\"\\\/\b\f\n\r\t\u00e9\uD834\uDD1E é𝄞""#
        #expect(try JSONValue.parse(Data(text.utf8)) == .string("a\"\\/\u{8}\u{c}\n\r\té𝄞 é𝄞"))
        _ = try Sidecar.decode(skipped(Array(text.utf8)))
    }

    @Test(
        "duplicate keys are refused where they would change meaning",
        arguments: [
            #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 10, "height": 10}, "frames": [{"t": 0}], "frames": [{"t": 1}]}"#,
            #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 10, "width": 20, "height": 10}, "frames": [{"t": 0}]}"#,
            #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 10, "height": 10}, "frames": [{"t": 0, "t": 1}]}"#,
            #"{"format": "kinetix-sidecar", "version": 1, "version": 1, "space": {"kind": "pixels", "width": 10, "height": 10}, "frames": [{"t": 0}]}"#,
            #"{"format": "kinetix-sidecar", "version": 1, "source": {"a": "x", "a": "y"}, "space": {"kind": "pixels", "width": 10, "height": 10}, "frames": [{"t": 0}]}"#,
        ])
    func duplicates(_ text: String) {
        let error = #expect(throws: KinetixError.self) { try Sidecar.decode(Data(text.utf8), file: "d.json") }
        #expect(
            error?.description.contains("duplicate key") == true && error?.diagnostics.first?.column != nil, "\(error?.description ?? "")")
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data(text.utf8)) }
    }

    @Test("a million unknown joint names cost no more memory than the problems shown")
    func manyUnknownNames() throws {
        var frame = #"{"t": 0, "joints": {"#
        frame += (0..<200_000).map { #""bogus\#($0)": [1, 2, 1]"# }.joined(separator: ", ")
        frame += "}}"
        let error = #expect(throws: KinetixError.self) { try Sidecar.decode(Data(document(frames: frame).utf8), file: "many.json") }
        #expect(error?.diagnostics.count == SidecarLimits.default.maxDiagnostics)
        #expect(error?.omitted == 200_000 - SidecarLimits.default.maxDiagnostics)
    }
}
