extension Sidecar {
    /// The clip as seen in a mirror: x flipped within the image (negated in metres;
    /// depth kept), and each left
    /// joint and face landmark exchanged with its right twin, so `left` still
    /// names the mirrored subject's own left side. Mirroring twice gives the original.
    public func mirrored() -> Sidecar {
        var result = self
        let flip: (Float) -> Float =
            switch space.kind {
            case .normalized: { 1 - $0 }
            case .pixels: { [width = Float(space.width)] in width - $0 }
            case .metres: { -$0 }
            }
        result.joints = Self.mirror(joints, flip: flip, partner: \.mirrored)
        if let face { result.face = Self.mirror(face, flip: flip, partner: \.mirrored) }
        return result
    }

    private static func mirror<Name: PointName>(
        _ table: PointTable<Name>, flip: (Float) -> Float, partner: KeyPath<Name, Name>
    ) -> PointTable<Name> {
        var result = table
        let n = table.frameCount
        for name in Name.allCases {
            let target = name.rawValue * n
            let source = name[keyPath: partner].rawValue * n
            for frame in 0..<n {
                result.x[target + frame] = flip(table.x[source + frame])
                result.y[target + frame] = table.y[source + frame]
                result.confidence[target + frame] = table.confidence[source + frame]
                if let z = table.z { result.z![target + frame] = z[source + frame] }
            }
        }
        return result
    }
}
