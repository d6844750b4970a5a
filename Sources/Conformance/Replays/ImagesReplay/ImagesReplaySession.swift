import FixtureFormat
import Foundation
import MVICore
import MVIImagePipeline
import MVIImages
import ReplaySeam

/// One replay of the Images feature: a pipeline with a memory cache, a disk cache in a temporary
/// directory of its own and the replay loader, its clock read from the replay's virtual time, and
/// one `ImageComponent` per configured view (`a`, and `b` when the scenario has two), which share it.
///
/// The lifecycle calls go to every view, in the order `a`, `b`; each view renders under its name.
final class ImagesReplaySession: FeatureSession {
    /// The pipeline's clock at virtual time 0: 2020-01-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_577_836_800)

    private struct View {
        let screen: String
        let url: URL
        let recorder: RecordingView<ImageViewModel, ImageViewEvent>
        var component: ImageComponent?
    }

    private let environment: FeatureEnvironment
    private let pipeline: ImagePipeline
    private let directory: URL
    private var views: [View]
    /// What went wrong while setting the caches up, reported at `create`.
    private var setupProblems: [String] = []

    init(environment: FeatureEnvironment, config: ImagesReplayCodecs.Config) {
        self.environment = environment
        let scheduler = environment.scheduler
        let now: @Sendable () -> Date = { Self.epoch.addingTimeInterval(Self.seconds(scheduler.now)) }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "images-replay-\(UUID().uuidString)", isDirectory: true)
        var problems: [String] = []
        let memory: ImageMemoryCache?
        do {
            memory = try ImageMemoryCache(costLimit: config.memoryCostLimit)
        } catch {
            memory = nil
            problems.append("memory cache: \(error)")
        }
        let disk: ImageDiskCache?
        do {
            disk = try ImageDiskCache(directory: directory, sizeLimit: config.diskSizeLimit, now: now)
        } catch {
            disk = nil
            problems.append(error.description)
        }
        var configuration = ImagePipeline.Configuration(maxAge: TimeInterval(config.maxAgeSeconds), now: now) { work in
            scheduler.schedule(work)
        }
        if config.keyWithoutQuery { configuration.cacheKey = ImagePipeline.Configuration.keyWithoutQuery }
        pipeline = ImagePipeline(
            loader: environment.live.map { LiveImageDataLoader(live: $0) } ?? ReplayImageDataLoader(
                requests: environment.requests) as any ImageDataLoader,
            memoryCache: memory, diskCache: disk, configuration: configuration)
        views = config.views.map {
            View(screen: $0.screen, url: $0.url, recorder: RecordingView(output: environment.output, screen: $0.screen))
        }
        for seed in config.seeds {
            let entry = ImageCacheEntry(
                bytes: Data(seed.body.utf8), etag: seed.etag,
                storedAt: now().addingTimeInterval(-TimeInterval(seed.ageSeconds)))
            let key = pipeline.cacheKey(for: seed.url)
            switch seed.cache {
            case .memory: memory?.store(entry, forKey: key)
            case .disk:
                do {
                    try disk?.store(entry, forKey: key)
                } catch {
                    problems.append(error.description)
                }
            }
        }
        setupProblems = problems
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func create() {
        for problem in setupProblems { environment.output.append(.rejected(problem)) }
        for index in views.indices {
            views[index].component = ImageComponent(
                url: views[index].url, pipeline: pipeline, scheduler: environment.scheduler)
        }
    }

    func perform(_ event: LifecycleEvent) {
        for view in views { view.component?.perform(event, view: view.recorder) }
    }

    func send(_ input: FeatureInput) throws(FieldError) {
        switch input {
        case .view(let screen, let event):
            guard let event = event as? ImageViewEvent else {
                throw FieldError(field: "name", "not an image view event")
            }
            guard let view = views.first(where: { $0.screen == screen }) else {
                let names = views.map(\.screen).joined(separator: ", ")
                return environment.output.append(
                    .rejected("view \(screen ?? "?"): this scenario has no such view (config.views names \(names))"))
            }
            view.recorder.dispatch(event)
        case .custom(_, let command as ImagesReplayCodecs.Command):
            perform(command)
        case .custom(let name, _):
            throw FieldError(field: "event", "\(name) is not an images event")
        }
    }

    func restore() throws(FieldError) -> CanonicalValue {
        throw FieldError(field: "event", "images has no saved state to restore")
    }

    private func perform(_ command: ImagesReplayCodecs.Command) {
        switch command {
        case .clearCaches: pipeline.removeAllCachedImages()
        case .clearMemory: pipeline.memoryCache?.removeAll()
        case .damageDisk(let url, let damage): damageDiskEntry(for: url, damage)
        case .inspectCaches:
            environment.output.append(
                .custom(
                    keyword: "caches",
                    value: .record(
                        "ImageCaches",
                        [
                            "memoryKeys": .strings(pipeline.memoryCache?.keysLeastRecentlyUsedFirst ?? []),
                            "diskEntries": .integer(pipeline.diskCache?.count ?? 0),
                            "corruptDiskEntriesRemoved": .integer(pipeline.diskCache?.corruptEntriesRemoved ?? 0),
                        ])))
        }
    }

    private func damageDiskEntry(for url: URL, _ damage: ImagesReplayCodecs.Damage) {
        let name = ImageDiskCache.fileName(forKey: pipeline.cacheKey(for: url))
        let file = directory.appendingPathComponent(name)
        guard var bytes = try? Data(contentsOf: file), let last = bytes.indices.last else {
            return environment.output.append(.rejected("damageDisk: no disk entry for \(url.absoluteString)"))
        }
        switch damage {
        case .truncate: bytes.removeLast()
        case .flipByte: bytes[last] ^= 0x01
        }
        do {
            try bytes.write(to: file)
        } catch {
            environment.output.append(
                .rejected("damageDisk: \(file.path) could not be written: \(error.localizedDescription)"))
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
