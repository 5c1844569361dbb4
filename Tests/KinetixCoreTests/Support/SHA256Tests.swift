import KinetixCore
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "FIPS 180-4 / NIST test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func vectors(_ input: String, _ digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
        var portable = SHA256(portable: true)
        portable.update(Array(input.utf8))
        #expect(portable.finalizeHex() == digest)
    }

    /// On a CPU with SHA extensions this compares the two implementations; elsewhere
    /// both hashers are portable and it still checks uneven feeding.
    @Test("the SHA-extension path and the portable path agree on every length and split")
    func pathsAgree() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for length in Array(0...300) + [4_095, 4_096, 4_097, 1 << 20] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }
            let split = length == 0 ? 0 : Int(next() % UInt64(length + 1))
            var fast = SHA256()
            fast.update(bytes[..<split])
            fast.update(bytes[split...])
            var portable = SHA256(portable: true)
            portable.update(bytes)
            #expect(fast.finalizeHex() == portable.finalizeHex(), "length \(length), split at \(split)")
        }
    }

    @Test("one million 'a', fed in uneven pieces")
    func million() {
        var hasher = SHA256()
        var fed = 0
        var size = 1
        while fed < 1_000_000 {
            let piece = min(size, 1_000_000 - fed)
            hasher.update(repeatElement(UInt8(ascii: "a"), count: piece))
            fed += piece
            size = size * 7 % 997 + 1
        }
        #expect(hasher.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
