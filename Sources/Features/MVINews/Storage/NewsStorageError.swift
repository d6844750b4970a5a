/// Why a local store (favourites, search history) could not be read or written.
///
/// Each case names the store and the file; the file is never replaced behind the user's back.
public enum NewsStorageError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but does not hold what the store wrote: it is left as it is, and writes
    /// are refused until it is moved away (`discardCorruptFile()`).
    case corrupt(store: String, file: String, detail: String)
    /// The file could not be read.
    case unreadable(store: String, file: String, detail: String)
    /// The file could not be written.
    case unwritable(store: String, file: String, detail: String)

    public var description: String {
        switch self {
        case .corrupt(let store, let file, let detail): "\(store) file \(file) is corrupt: \(detail)"
        case .unreadable(let store, let file, let detail): "\(store) file \(file) cannot be read: \(detail)"
        case .unwritable(let store, let file, let detail): "\(store) file \(file) cannot be written: \(detail)"
        }
    }

    /// The text the error alert shows.
    public var userMessage: String {
        switch self {
        case .corrupt(let store, let file, _):
            "The \(store) file is damaged and was left as it is (\(file)). Changes are not saved until it is moved away."
        case .unreadable(let store, let file, _): "The saved \(store) could not be read (\(file))."
        case .unwritable(let store, let file, _): "The \(store) could not be saved (\(file))."
        }
    }
}
