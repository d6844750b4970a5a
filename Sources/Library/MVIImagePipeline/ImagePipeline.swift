import Foundation
import MVIEssentials

/// Fetches images by URL through a memory cache, a disk cache and one download per cache key.
///
/// Make one and pass it to whatever shows images; there is no shared instance. Keep it as long as
/// images are wanted: work in flight and the handles it returns hold it only weakly, so a pipeline
/// that is released delivers nothing more.
///
/// A request for a URL, in order:
/// 1. a fresh entry in the memory cache is delivered synchronously, inside `loadImage`;
/// 2. otherwise the request joins the download in flight for its key, or starts one, which
///    looks in the disk cache (a fresh entry is delivered and copied to memory) and else asks the
///    loader, with `If-None-Match` when a stale entry has an `ETag`;
/// 3. a `2xx` is stored in both caches and delivered as `.network`; a `304` refreshes the stale
///    entry's date without a body and delivers its bytes; when a revalidation gets no answer or a
///    `5xx`, the stale bytes are delivered; any other failure is delivered as an error and not remembered.
///
/// Cancelling one requester's `Cancellation` ends only its delivery; the download is cancelled
/// when its last requester cancels, and the next request for the key starts a new one.
///
/// Thread safety: the downloads in flight live behind one lock (not an actor, because a memory hit
/// must be answered inside the caller's own call); completions and the loader are never called with
/// it held. Each cache has its own lock.
public final class ImagePipeline: Sendable {
    public let loader: any ImageDataLoader
    public let memoryCache: ImageMemoryCache?
    public let diskCache: ImageDiskCache?
    public let configuration: Configuration

    public typealias Completion = @Sendable (Result<ImageResponse, ImagePipelineError>) -> Void

    private struct Download {
        let id: Int
        var requesters: [Int: Completion]
        var loaderTask: (any Cancellable)?
    }

    private struct Downloads {
        var byKey: [String: Download] = [:]
        var lastID = 0

        mutating func nextID() -> Int {
            lastID += 1
            return lastID
        }
    }

    /// A stale entry that a download revalidates, and the cache it came from.
    private struct Candidate {
        let entry: ImageCacheEntry
        let source: ImageSource
    }

    private let downloads = Locked(Downloads())

    /// - Parameters:
    ///   - loader: fetches bytes (`URLSessionImageDataLoader` in apps).
    ///   - memoryCache: `nil` for none.
    ///   - diskCache: `nil` for none.
    ///   - configuration: cache key, freshness, clock, where work runs.
    public init(
        loader: any ImageDataLoader, memoryCache: ImageMemoryCache?, diskCache: ImageDiskCache?,
        configuration: Configuration = Configuration()
    ) {
        self.loader = loader
        self.memoryCache = memoryCache
        self.diskCache = diskCache
        self.configuration = configuration
    }

    /// The cache key of `url`.
    public func cacheKey(for url: URL) -> String { configuration.cacheKey(url) }

    /// The image for `url` if the memory cache has it fresh, synchronously; `nil` otherwise.
    public func cachedImage(for url: URL) -> ImageResponse? {
        freshMemoryHit(forKey: cacheKey(for: url))
    }

    /// The number of downloads in flight (one per cache key).
    public var downloadsInFlight: Int { downloads.withLock { $0.byKey.count } }

    /// Delivers the image for `url` to `completion`, once, unless the returned handle is cancelled first.
    ///
    /// A memory hit calls `completion` before this returns; otherwise it is called on the loader's
    /// or the disk lookup's thread. A cancel that races with delivery may still see it.
    @discardableResult
    public func loadImage(_ url: URL, completion: @escaping Completion) -> Cancellation {
        let key = cacheKey(for: url)
        if let hit = freshMemoryHit(forKey: key) {
            completion(.success(hit))
            return Cancellation()
        }
        let joined: (download: Int, requester: Int, isNew: Bool)? = downloads.withLock { downloads in
            let requester = downloads.nextID()
            if var download = downloads.byKey[key] {
                download.requesters[requester] = completion
                downloads.byKey[key] = download
                return (download.id, requester, false)
            }
            // A download may have finished since the lookup above: its bytes are in memory now.
            if freshMemoryHit(forKey: key) != nil { return nil }
            let id = downloads.nextID()
            downloads.byKey[key] = Download(id: id, requesters: [requester: completion])
            return (id, requester, true)
        }
        guard let joined else { return loadImage(url, completion: completion) }
        if joined.isNew {
            configuration.perform { [weak self] in self?.start(download: joined.download, key: key, url: url) }
        }
        return Cancellation { [weak self] in
            self?.cancel(requester: joined.requester, download: joined.download, key: key)
        }
    }

    /// Empties the memory cache and the disk cache. Downloads in flight go on and store their result.
    public func removeAllCachedImages() {
        memoryCache?.removeAll()
        diskCache?.removeAll()
    }

    // MARK: A download

    private func freshMemoryHit(forKey key: String) -> ImageResponse? {
        guard let entry = memoryCache?.entry(forKey: key),
            entry.isFresh(at: configuration.now(), maxAge: configuration.maxAge)
        else { return nil }
        return ImageResponse(bytes: entry.bytes, source: .memory)
    }

    private func isActive(download id: Int, key: String) -> Bool {
        downloads.withLock { $0.byKey[key]?.id == id }
    }

    private func start(download id: Int, key: String, url: URL) {
        guard isActive(download: id, key: key) else { return }
        let stored = diskCache?.entry(forKey: key)
        if let stored, stored.isFresh(at: configuration.now(), maxAge: configuration.maxAge) {
            memoryCache?.store(stored, forKey: key)
            finish(download: id, key: key, with: .success(ImageResponse(bytes: stored.bytes, source: .disk)))
            return
        }
        // A stale entry to revalidate: the disk's, or else a stale one still in memory.
        let candidate =
            stored.map { Candidate(entry: $0, source: .disk) }
            ?? memoryCache?.entry(forKey: key).map { Candidate(entry: $0, source: .memory) }
        let request = ImageLoadRequest(url: url, ifNoneMatch: candidate?.entry.etag)
        let answered = Locked(false)
        let task = loader.load(request) { [weak self] result in
            answered.withLock { $0 = true }
            self?.handle(result, download: id, key: key, url: url, candidate: candidate)
        }
        let kept: Bool = downloads.withLock { downloads in
            guard downloads.byKey[key]?.id == id else { return false }
            downloads.byKey[key]?.loaderTask = task
            return true
        }
        // Every requester left while the request was being made: nobody wants the answer.
        if !kept, !answered.withLock({ $0 }) { task.cancel() }
    }

    private func handle(
        _ result: Result<ImageLoadResponse, ImageLoadError>, download id: Int, key: String, url: URL,
        candidate: Candidate?
    ) {
        guard isActive(download: id, key: key) else { return }
        let failure: ImagePipelineError.Reason
        switch result {
        case .success(let response) where response.status == 304:
            guard let candidate else {
                failure = .unexpectedNotModified
                break
            }
            let refreshed = ImageCacheEntry(
                bytes: candidate.entry.bytes, etag: response.etag ?? candidate.entry.etag, storedAt: configuration.now()
            )
            store(refreshed, forKey: key)
            finish(
                download: id, key: key, with: .success(ImageResponse(bytes: refreshed.bytes, source: candidate.source)))
            return
        case .success(let response) where (200...299).contains(response.status):
            guard !response.body.isEmpty else {
                failure = .emptyBody
                break
            }
            store(
                ImageCacheEntry(bytes: response.body, etag: response.etag, storedAt: configuration.now()), forKey: key)
            finish(download: id, key: key, with: .success(ImageResponse(bytes: response.body, source: .network)))
            return
        case .success(let response):
            failure = .httpStatus(response.status)
        case .failure(let error):
            failure = .loader(error)
        }
        if let candidate, Self.servesStale(after: failure) {
            finish(
                download: id, key: key,
                with: .success(ImageResponse(bytes: candidate.entry.bytes, source: candidate.source)))
        } else {
            finish(download: id, key: key, with: .failure(ImagePipelineError(url: url, reason: failure)))
        }
    }

    /// Stale bytes stand in when the server could not be asked (no answer, or a 5xx), not when it said no.
    private static func servesStale(after failure: ImagePipelineError.Reason) -> Bool {
        switch failure {
        case .loader: true
        case .httpStatus(let status): (500...599).contains(status)
        case .emptyBody, .unexpectedNotModified: false
        }
    }

    private func store(_ entry: ImageCacheEntry, forKey key: String) {
        memoryCache?.store(entry, forKey: key)
        // A disk that refuses a write costs a later download, never this delivery.
        _ = try? diskCache?.store(entry, forKey: key)
    }

    private func finish(download id: Int, key: String, with result: Result<ImageResponse, ImagePipelineError>) {
        let requesters: [Completion] = downloads.withLock { downloads in
            guard downloads.byKey[key]?.id == id, let download = downloads.byKey.removeValue(forKey: key) else {
                return []
            }
            return download.requesters.sorted { $0.key < $1.key }.map(\.value)
        }
        for requester in requesters { requester(result) }
    }

    private func cancel(requester: Int, download id: Int, key: String) {
        let orphaned: (any Cancellable)? = downloads.withLock { downloads in
            guard var download = downloads.byKey[key], download.id == id,
                download.requesters.removeValue(forKey: requester) != nil
            else { return nil }
            if download.requesters.isEmpty {
                downloads.byKey.removeValue(forKey: key)
                return download.loaderTask
            }
            downloads.byKey[key] = download
            return nil
        }
        orphaned?.cancel()
    }
}
