extension Sidecar {
    /// The longest string a sidecar may hold, in bytes as written in JSON (escapes
    /// included): the readers' limit (`SidecarLimits.maxStringBytes`), shared by every
    /// writer so that Kinetix never writes a file it then refuses.
    public static let maxStringBytes = SidecarLimits.default.maxStringBytes

    /// The bytes `text` takes inside a JSON string as Kinetix writes it (escapes
    /// included, quotes not): what a reader's string limit counts. The writer's own
    /// escaping (`JSONWriter.string`), so the two cannot disagree.
    public static func jsonStringBytes(_ text: String) -> Int {
        jsonString(text).utf8.count - 2
    }

    /// `items` joined by `separator`, cut short with "… (N more)" once they would pass
    /// an eighth of `maxStringBytes`: a list a converter records in `source` (markers
    /// left out, frames of uncertain identity) that stays readable however long it is.
    public static func listText(_ items: [String], separator: String = ",") -> String {
        let budget = maxStringBytes / 8
        var text = ""
        var used = 0
        for (k, item) in items.enumerated() {
            let cost = jsonStringBytes(item) + (k == 0 ? 0 : jsonStringBytes(separator))
            if used + cost > budget {
                return text + "\(k == 0 ? "" : separator)… (\(items.count - k) more)"
            }
            text += (k == 0 ? "" : separator) + item
            used += cost
        }
        return text
    }
}
