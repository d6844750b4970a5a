import Foundation
import MVIEssentials

/// A loader answered by hand, for tests and replays: it records every request and sees every cancel.
///
/// ```swift
/// let loader = ManualImageDataLoader()
/// let pipeline = ImagePipeline(loader: loader, ..., configuration: .init(perform: { $0() }))
/// pipeline.loadImage(url) { ... }
/// loader.requests          // [get https://...]
/// loader.answer(0, ImageLoadResponse(status: 200, etag: "\"v1\"", body: bytes))
/// ```
public final class ManualImageDataLoader: ImageDataLoader {
    private struct Call {
        let request: ImageLoadRequest
        let completion: @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
        let task: Cancellation
    }

    private let calls = Locked<[Call]>([])

    public init() {}

    /// Every request made so far, in order; answer them by index.
    public var requests: [ImageLoadRequest] { calls.withLock { $0.map(\.request) } }

    /// Whether the request at `index` was cancelled.
    public func isCancelled(_ index: Int) -> Bool { call(index).task.isCancelled }

    public func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        let task = Cancellation()
        calls.withLock { $0.append(Call(request: request, completion: completion, task: task)) }
        return task
    }

    /// Answers the request at `index`, even if it was cancelled (as a real server may).
    public func answer(_ index: Int, with result: Result<ImageLoadResponse, ImageLoadError>) {
        call(index).completion(result)
    }

    /// Answers the request at `index` with `response`.
    public func answer(_ index: Int, _ response: ImageLoadResponse) { answer(index, with: .success(response)) }

    /// Fails the request at `index`.
    public func fail(_ index: Int, _ error: ImageLoadError) { answer(index, with: .failure(error)) }

    private func call(_ index: Int) -> Call {
        calls.withLock { calls in
            precondition(
                calls.indices.contains(index), "ManualImageDataLoader: no request #\(index); \(calls.count) made so far"
            )
            return calls[index]
        }
    }
}
