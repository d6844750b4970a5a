import Foundation
import MVIImagePipeline
import MVIImages
import ReplaySeam

/// The loader of a replay: each request is written `request #n get <url>` (with
/// ` if-none-match <etag>` when revalidating) and a `respond` event answers it. The pipeline's
/// cancel of a download is written `cancel #n`.
final class ReplayImageDataLoader: ImageDataLoader {
    private let requests: RequestLog

    init(requests: RequestLog) { self.requests = requests }

    func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        let handle = requests.open(request.description) { (answer: ImagesReplayCodecs.Answer) in
            completion(answer.result)
        }
        return Cancellation { handle.cancel() }
    }
}

/// The loader of a live session: URLSession, each request seen by the tap and its answer written
/// in `ImagesReplayCodecs.answers`' forms.
struct LiveImageDataLoader: ImageDataLoader {
    let live: LiveServices
    let http: URLSessionImageDataLoader

    init(live: LiveServices) {
        self.live = live
        http = URLSessionImageDataLoader(session: live.session)
    }

    func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        live.request(
            request.description, encode: ImagesReplayCodecs.encode, start: { http.load(request, completion: $0) },
            deliver: completion)
    }
}
