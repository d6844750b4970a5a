/// The search history's rules, as pure functions over the list (most recent first).
public enum SearchHistory {
    /// At most this many entries are kept.
    public static let capacity = 20

    /// The key two entries are the same by: trimmed, case-insensitive.
    static func key(_ query: String) -> String { query.trimmingWhitespace().lowercased() }

    /// `entries` after `query` was searched: the trimmed query at the top, any earlier entry with
    /// the same key removed, at most `capacity` kept. A blank query changes nothing.
    public static func recording(_ query: String, in entries: [String]) -> [String] {
        let trimmed = query.trimmingWhitespace()
        guard !trimmed.isEmpty else { return entries }
        let key = key(trimmed)
        return Array(([trimmed] + entries.filter { Self.key($0) != key }).prefix(capacity))
    }

    /// The entries shown for what the user typed: all of them for a blank query, otherwise those
    /// that start with the trimmed query, compared case-insensitively; order kept.
    public static func matching(_ query: String, in entries: [String]) -> [String] {
        let prefix = key(query)
        guard !prefix.isEmpty else { return entries }
        return entries.filter { key($0).hasPrefix(prefix) }
    }
}

extension String {
    /// Without leading and trailing white space and newlines.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
