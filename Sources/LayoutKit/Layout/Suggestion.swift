/// "Did you mean …?" for misspelt names.
public enum Suggestion {
    /// The candidate closest to `name` by edit distance (ignoring case), if it is close
    /// enough to be a plausible typo: at most a third of the name's length (or one edit),
    /// and not a rewrite of the whole name.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, name.count / 3) && best.1 < name.count ? best.0 : nil
    }

    /// " (did you mean 'x'?)" or "".
    public static func phrase(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost 1. O(a·b) time.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
