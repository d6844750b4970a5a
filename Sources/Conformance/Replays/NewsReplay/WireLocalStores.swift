import FixtureFormat
import Foundation
import MVINews
import ReplaySeam

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The News local stores at the wire level (docs/wire.md, "Files"): the real JSON file stores, in
/// the scenario's temporary folder, their files named relative to it so that errors name
/// `favorites.json` as the in-memory stores do. A `storageFault` is a real condition of that
/// folder: `corrupt` bytes in the file, a folder where the file should be (`unreadable`), a folder
/// the process may not write (`unwritable`). The replay's stores record each successful write
/// (`ReplayFavoritesStore(recording:output:)`), as in memory.
enum WireLocalStores {
    /// Why a scenario with `config` (a News header's config object) cannot run at the wire level
    /// here: `unwritable` when the process runs as root, which writes any folder.
    static func refusal(_ config: JSONObject) -> String? {
        guard case .string("unwritable")? = config["storageFault"], geteuid() == 0 else { return nil }
        return "storageFault unwritable needs a folder the process may not write, and this process runs as root"
    }

    /// The favourites of a wire-level scenario, holding `articles` (most recent first) before `fault` is made.
    static func favorites(
        _ articles: [NewsArticle], fault: ReplayStorageFault?, folder: URL, output: OutputLog
    ) -> any FavoritesStore {
        let url = URL(fileURLWithPath: ReplayFavoritesStore.file, relativeTo: folder)
        let file = JSONFileFavoritesStore(url: url)
        for article in articles.reversed() { try? file.setFavorite(true, article: article) }
        make(fault, at: url, in: folder)
        return ReplayFavoritesStore(recording: file, output: output)
    }

    /// The search history of a wire-level scenario, holding `entries` before `fault` is made.
    static func history(_ entries: [String], fault: ReplayStorageFault?, folder: URL, output: OutputLog)
        -> any SearchHistoryStore
    {
        let url = URL(fileURLWithPath: ReplaySearchHistoryStore.file, relativeTo: folder)
        let file = JSONFileSearchHistoryStore(url: url)
        if !entries.isEmpty { try? file.save(entries) }
        make(fault, at: url, in: folder)
        return ReplaySearchHistoryStore(recording: file, output: output)
    }

    /// Makes `fault` a condition of the file at `url` in `folder`.
    private static func make(_ fault: ReplayStorageFault?, at url: URL, in folder: URL) {
        let files = FileManager.default
        switch fault {
        case nil: break
        case .corrupt?: try? Data("not valid JSON".utf8).write(to: url)
        case .unreadable?:
            try? files.removeItem(at: url)
            try? files.createDirectory(at: url, withIntermediateDirectories: false)
        case .unwritable?: try? files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        }
    }
}
