/// The name a person most likely meant when they typed one that does not exist: `--prot` for
/// `--port`. Every command's parser asks it about an unknown option or subcommand.
public enum Suggestion {
    /// The candidate closest to `typed`, or nil when none is close: at most one edit (a letter
    /// added, dropped, changed, or two neighbours swapped) for a name of up to four letters, two
    /// for a longer one. Ties go to the earlier candidate.
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        let allowed = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(typed.lowercased()), Array(candidate.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `; did you mean <prefix><name>?` for the closest candidate, or an empty string.
    public static func didYouMean(_ typed: String, among candidates: [String], prefix: String = "") -> String {
        closest(to: typed, among: candidates).map { "; did you mean \(prefix)\($0)?" } ?? ""
    }

    /// Edits between `a` and `b` (optimal string alignment: insert, delete, substitute, swap two neighbours).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
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
