/// The field names of one JSON object a result writes, declared once: the writer
/// writes `key.quoted`, and every reader of that result (`progress`, batch) looks the
/// field up with `value[key]`, never by a string of its own. A field added to the
/// enum is a field the writer and its readers share.
package protocol JSONKeys: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension JSONKeys {
    /// The key as JSON text: `"name"`.
    package var quoted: String { "\"\(rawValue)\"" }

    /// The member `"name": value`, `value` being JSON text already.
    package func member(_ value: String) -> String { "\"\(rawValue)\": \(value)" }
}

extension JSONValue {
    /// The member named `key` of an object.
    package subscript<Key: JSONKeys>(key: Key) -> JSONValue? { self[key.rawValue] }
}
