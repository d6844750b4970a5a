import Foundation
import MVICore
import MVIImagePipeline
import MVITestSupport

@testable import MVIImages

let imageURL = URL(string: "https://images.test/cat.jpg")!

func bytes(_ text: String) -> Data { Data(text.utf8) }

/// A 200 with `text` as the body.
func ok(_ text: String, etag: String? = nil) -> ImageLoadResponse {
    ImageLoadResponse(status: 200, etag: etag, body: bytes(text))
}

/// A view that records what it renders.
final class RecordingImageView: BaseMviView<ImageViewModel, ImageViewEvent> {
    private(set) var models: [ImageViewModel] = []
    var last: ImageViewModel? { models.last }
    override func render(_ model: ImageViewModel) { models.append(model) }
}

/// A pipeline on a hand-answered loader with a memory cache, working inline, and a virtual-time
/// scheduler for the stores.
/// The components a fixture started.
final class StartedComponents {
    var components: [ImageComponent] = []
}

struct ImagesFixture {
    let scheduler = TestScheduler()
    let loader = ManualImageDataLoader()
    let memory: ImageMemoryCache
    let pipeline: ImagePipeline
    /// Keeps every component the fixture starts alive for the test, as an app's holder would:
    /// a started view holds its store only weakly.
    private let started = StartedComponents()

    init() {
        memory = try! ImageMemoryCache()
        pipeline = ImagePipeline(
            loader: loader, memoryCache: memory, diskCache: nil, configuration: .init(perform: { $0() }))
    }

    func makeStore(url: URL = imageURL) -> ImageStore {
        .image(url: url, pipeline: pipeline, scheduler: scheduler)
    }

    /// A component with a recording view, created and started.
    func startedComponent(url: URL = imageURL) -> (ImageComponent, RecordingImageView) {
        let component = ImageComponent(url: url, pipeline: pipeline, scheduler: scheduler)
        let view = RecordingImageView()
        component.onViewCreated(view)
        component.onStart()
        started.components.append(component)
        return (component, view)
    }

    /// Puts `text` for `url` in the memory cache, as an earlier view's download would have.
    func cache(_ text: String, for url: URL = imageURL) {
        memory.store(ImageCacheEntry(bytes: bytes(text), storedAt: Date()), forKey: url.absoluteString)
    }

    /// Lets results reach the stores.
    func settle() { scheduler.advance() }
}
