import KinetixCore
import Testing

@testable import KinetixIO

@Suite("Memory policy")
struct MemoryPolicyTests {
    /// The CLI's first call: glibc must accept both limits (32 MB is its largest mapping
    /// threshold on 64-bit systems; a larger value would be refused silently).
    @Test("glibc takes the CLI's mapping and trimming limits")
    func glibcTakesTheLimits() {
        #if canImport(Glibc)
            #expect(keepFreedMemoryForReuse())
        #else
            #expect(!keepFreedMemoryForReuse())
        #endif
    }
}
