import Foundation

/// A parsed JSON value, for small data files (profiles, converter inputs) where a
/// tree is simpler than driving `JSONReader` by hand. Objects keep their key order.
package indirect enum JSONValue: Equatable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.null, .null): true
        default: false
        }
    }

    /// Parses a whole document. Nesting is limited to `maxDepth` (the parser recurses
    /// at most that deep, so it cannot overflow the stack).
    package static func parse(_ data: Data, maxDepth: Int = 64) throws(JSONSyntaxError) -> JSONValue {
        var result: JSONValue = .null
        var failure: JSONSyntaxError?
        data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                result = try parseValue(&reader, depth: 0)
                try reader.expectEnd()
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return result
    }

    private static func parseValue(_ reader: inout JSONReader, depth: Int) throws(JSONSyntaxError) -> JSONValue {
        switch try reader.peekKind() {
        case .string: return .string(try reader.readString())
        case .number: return .number(try reader.readNumber())
        case .bool: return .bool(try reader.readBool())
        case .null:
            _ = try reader.readNullIfPresent()
            return .null
        case .array:
            guard depth < reader.maxDepth else { throw reader.error("nesting deeper than the limit of \(reader.maxDepth) levels") }
            try reader.beginArray()
            var items: [JSONValue] = []
            var first = true
            while try reader.nextElement(first: &first) { items.append(try parseValue(&reader, depth: depth + 1)) }
            return .array(items)
        case .object:
            guard depth < reader.maxDepth else { throw reader.error("nesting deeper than the limit of \(reader.maxDepth) levels") }
            try reader.beginObject()
            var members: [(key: String, value: JSONValue)] = []
            var keys = Set<String>()
            var first = true
            while let key = try reader.nextKey(first: &first) {
                // Readers disagree on duplicate keys (first wins, last wins, both): refuse them.
                guard keys.insert(key).inserted else { throw reader.error("duplicate key \"\(key)\": a key may appear once in an object") }
                members.append((key, try parseValue(&reader, depth: depth + 1)))
            }
            return .object(members)
        }
    }

    /// The member named `key` of an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The kind, for messages: "an object", "a string", ….
    package var kindDescription: String {
        switch self {
        case .object: JSONReader.Kind.object.description
        case .array: JSONReader.Kind.array.description
        case .string: JSONReader.Kind.string.description
        case .number: JSONReader.Kind.number.description
        case .bool: JSONReader.Kind.bool.description
        case .null: JSONReader.Kind.null.description
        }
    }
}
