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
        let sent = routed(request)
        return live.request(
            request.description, encode: ImagesReplayCodecs.encode, start: { http.load(sent, completion: $0) },
            deliver: completion)
    }

    /// The request as it goes out: with a base URL (the mock server of the wire level), to its
    /// scheme, host and port, keeping the image URL's path and query; without one, as it is.
    private func routed(_ request: ImageLoadRequest) -> ImageLoadRequest {
        guard let base = live.baseURL, var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        else { return request }
        components.scheme = base.scheme
        components.host = base.host
        components.port = base.port
        guard let url = components.url else { return request }
        return ImageLoadRequest(url: url, ifNoneMatch: request.ifNoneMatch)
    }
}
