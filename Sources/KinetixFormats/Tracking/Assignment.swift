/// The cheapest one-to-one assignment of rows to columns (the Hungarian method, with
/// potentials: O(n²m) for n rows and m columns).
///
/// `cost[r][c]` is finite where row r may take column c and `.infinity` where it may
/// not. Returns, for each row, its column or nil (a row none of whose allowed columns is
/// left, or with no allowed column at all). Among assignments of the most rows, the
/// total cost is the least.
func cheapestAssignment(_ cost: [[Double]]) -> [Int?] {
    let rows = cost.count
    guard rows > 0 else { return [] }
    let columns = cost[0].count
    guard columns > 0 else { return Array(repeating: nil, count: rows) }
    // Pad to a square with a forbidding but finite cost, so that every row is assigned
    // somewhere; forbidden pairs are dropped afterwards.
    let n = max(rows, columns)
    let finite = cost.joined().filter(\.isFinite)
    let forbidden = (finite.max() ?? 0) * Double(n + 1) + 1e6
    func c(_ r: Int, _ k: Int) -> Double {
        r < rows && k < columns && cost[r][k].isFinite ? cost[r][k] : forbidden
    }
    // e-maxx's formulation, 1-based: u, v potentials; p[k] the row matched to column k.
    var u = [Double](repeating: 0, count: n + 1)
    var v = u
    var p = [Int](repeating: 0, count: n + 1)
    var way = p
    for r in 1...n {
        p[0] = r
        var k0 = 0
        var minimum = [Double](repeating: .infinity, count: n + 1)
        var used = [Bool](repeating: false, count: n + 1)
        repeat {
            used[k0] = true
            let r0 = p[k0]
            var delta = Double.infinity
            var k1 = 0
            for k in 1...n where !used[k] {
                let reduced = c(r0 - 1, k - 1) - u[r0] - v[k]
                if reduced < minimum[k] {
                    minimum[k] = reduced
                    way[k] = k0
                }
                if minimum[k] < delta {
                    delta = minimum[k]
                    k1 = k
                }
            }
            for k in 0...n {
                if used[k] {
                    u[p[k]] += delta
                    v[k] -= delta
                } else {
                    minimum[k] -= delta
                }
            }
            k0 = k1
        } while p[k0] != 0
        repeat {
            let k1 = way[k0]
            p[k0] = p[k1]
            k0 = k1
        } while k0 != 0
    }
    var result = [Int?](repeating: nil, count: rows)
    for k in 1...n where p[k] >= 1 && p[k] <= rows && k <= columns && cost[p[k] - 1][k - 1].isFinite {
        result[p[k] - 1] = k - 1
    }
    return result
}
