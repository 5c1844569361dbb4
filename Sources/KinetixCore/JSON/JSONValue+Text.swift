extension JSONValue {
    /// The value as indented JSON text for people to read and edit: objects one member
    /// per line, lists of plain values (and objects of at most three plain members) on
    /// one line. Numbers are written with up to `digits` decimals, shortest form.
    package func indentedText(digits: Int = 6) -> String {
        var out = ""
        write(into: &out, indent: "", digits: digits)
        out += "\n"
        return out
    }

    /// The value as one line of JSON, no spaces (a JSON Lines record).
    package func compactText(digits: Int = 6) -> String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): jsonNumber(n, digits: digits)
        case .string(let s): jsonString(s)
        case .array(let items): "[" + items.map { $0.compactText(digits: digits) }.joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { jsonString($0.key) + ":" + $0.value.compactText(digits: digits) }.joined(separator: ",") + "}"
        }
    }

    private var isPlain: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    private func write(into out: inout String, indent: String, digits: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += jsonNumber(n, digits: digits)
        case .string(let s): out += jsonString(s)
        case .array(let items):
            if items.allSatisfy(\.isPlain) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(into: &out, indent: indent, digits: digits)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += indent + "  "
                item.write(into: &out, indent: indent + "  ", digits: digits)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            if members.count <= 3, members.allSatisfy(\.value.isPlain) {
                out +=
                    "{"
                    + members.map { member in
                        var text = jsonString(member.key) + ": "
                        member.value.write(into: &text, indent: indent, digits: digits)
                        return text
                    }.joined(separator: ", ") + "}"
                return
            }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += indent + "  " + jsonString(member.key) + ": "
                member.value.write(into: &out, indent: indent + "  ", digits: digits)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }
}
