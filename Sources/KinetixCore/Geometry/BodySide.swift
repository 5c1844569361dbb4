/// A side of the body, the subject's own: a stable identifier (`left`, `right`) in
/// JSON and profiles, and the English word for display.
public enum BodySide: String, CaseIterable, Sendable {
    case left, right

    /// The other side.
    public var opposite: BodySide { self == .left ? .right : .left }
}
