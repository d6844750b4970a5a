import FixtureFormat
import Foundation
import MVIImagePipeline
import MVIImages
import ReplaySeam

extension ImageViewModel: SendableCanonicalRenderable {
    /// `ImageViewModel` with `isLoading`, `bytes` (the bytes as UTF-8 text), `source`
    /// (`ImageSource.memory`, `.disk` or `.network`) and `errorText`; absent values are `null`
    /// (docs/features/images.md, "Conformance").
    public var canonical: CanonicalValue {
        .record(
            "ImageViewModel",
            [
                "isLoading": .bool(isLoading),
                "bytes": bytes.map { .string(String(decoding: $0, as: UTF8.self)) } ?? .null,
                "source": source.map { .enumCase(type: "ImageSource", name: $0.rawValue, fields: []) } ?? .null,
                "errorText": errorText.map(CanonicalValue.string) ?? .null,
            ])
    }
}

/// The Images feature as the conformance replay sees it (spec: docs/features/images.md, "Conformance").
public enum ImagesFeature {
    /// Images: one or two image views (screens `a` and `b`) sharing one pipeline, whose loader is
    /// the replay's; the view events `appeared`, `disappeared`, `retryTapped`; the own events
    /// `clearCaches`, `clearMemory`, `damageDisk` and `inspectCaches`.
    public static let module = FeatureModule(
        name: "images", componentName: "ImageComponent", config: ImagesReplayCodecs.config,
        screens: [ScreenDescription("a", events: viewEvents), ScreenDescription("b", events: viewEvents)],
        customEvents: ImagesReplayCodecs.customEvents, responses: ImagesReplayCodecs.answers.answers,
        hasSavedState: false
    ) { environment, config in
        ImagesReplaySession(environment: environment, config: config)
    }
    .wire(headers: ["If-None-Match"])

    /// The view events of one image view.
    public static let viewEvents: [ViewEventCodec<ImageViewEvent>] = [
        .plain("appeared", .appeared),
        .plain("disappeared", .disappeared),
        .plain("retryTapped", .retryTapped),
    ]
}
