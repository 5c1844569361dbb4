import Foundation
import Testing

/// A folder of generated pairs for batch tests: three distinct synthesized pairs copied
/// to `count` rows, and one row whose learner is broken JSON.
package struct BatchFixture {
    package let folder: URL
    package let count: Int

    package init(count: Int = 24, seconds: Int = 6) throws {
        folder = try Kinetix.temporaryFolder()
        self.count = count
        for seed in 1...3 {
            #expect(
                try Kinetix.run([
                    "synth", "--motion", "routine", "--duration", "\(seconds)", "--seed", "\(seed)", "-o", path("demo-\(seed).json"),
                ]).status == 0)
            #expect(
                try Kinetix.run([
                    "synth", "--motion", "routine", "--duration", "\(seconds)", "--delay", "0.3", "--mirror-motion", "--seed",
                    "\(seed + 10)",
                    "-o", path("learner-\(seed).json"),
                ]).status == 0)
        }
        var manifest = "id\tdemonstrator\tlearner\n"
        for i in 1...count {
            let seed = (i - 1) % 3 + 1
            try FileManager.default.copyItem(atPath: path("learner-\(seed).json"), toPath: path("l\(i).json"))
            manifest += "pair-\(i)\tdemo-\(seed).json\tl\(i).json\n"
        }
        try Data("{\"format\": \"kinetix-sidecar\", \"frames\": [".utf8).write(to: folder.appendingPathComponent("broken.json"))
        manifest += "broken\tdemo-1.json\tbroken.json\n"
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.tsv"))
    }

    package func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    package func plan(_ name: String, shards: Int, extra: [String] = []) throws {
        let result = try Kinetix.run(["batch", "plan", path("manifest.tsv"), "--shards", "\(shards)", "-o", path(name)] + extra)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// The merged summary's rows by id: status and figures.
    package func summary(_ prefix: String) throws -> [String: [String: Any]] {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path(prefix + ".json")))) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as! String, $0) })
    }

    /// Each row's status in a shard's outcome file.
    package func statuses(_ out: String, shard: Int, of shards: Int) throws -> [String: String] {
        let text = try String(contentsOfFile: path("\(out)/shards/\(shard)-of-\(shards).jsonl"), encoding: .utf8)
        return Dictionary(
            uniqueKeysWithValues: text.split(separator: "\n").map { line in
                let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                return (object["id"] as! String, object["status"] as! String)
            })
    }

    /// Rows of the same result in two summaries: same ids, statuses, exit codes and figures.
    package static func sameRows(_ a: [String: [String: Any]], _ b: [String: [String: Any]]) -> Bool {
        guard Set(a.keys) == Set(b.keys) else { return false }
        return a.keys.allSatisfy { id in
            let x = a[id]!
            let y = b[id]!
            return (x["status"] as? String == "failed") == (y["status"] as? String == "failed")
                && x["exitCode"] as? Int == y["exitCode"] as? Int
                && NSDictionary(dictionary: x["figures"] as? [String: Any] ?? [:]).isEqual(to: y["figures"] as? [String: Any] ?? [:])
        }
    }
}
