import Foundation
import Kittens
import MVICore

extension KittenViewModel: CanonicalRenderable {
    public var canonical: CanonicalValue {
        .record("KittenViewModel", ["isLoading": .bool(isLoading), "isError": .bool(isError), "imageUrls": .strings(imageUrls)])
    }
}

/// Replays Kittens scenarios against the real `KittenComponent`, with a fake data source
/// answered by `respond` events. Spec of the events: docs/features/kittens.md and docs/fixtures.md.
public final class KittensDriver: FeatureDriver {
    public static let feature = "kittens"

    private let context: ReplayContext
    private let view: RecordingView<KittenViewModel, KittenViewEvent>
    private var component: KittenComponent?

    public init(context: ReplayContext) throws(DriverError) {
        if let key = context.config.keys.sorted().first {
            throw DriverError(field: key, "unknown setting; kittens takes no config")
        }
        self.context = context
        self.view = RecordingView(output: context.output)
    }

    public var componentName: String { "KittenComponent" }

    public func create() {
        component = KittenComponent(
            dataSource: ReplayKittenDataSource(requests: context.requests),
            scheduler: context.scheduler,
            backgroundScheduler: context.scheduler)
    }

    public func lifecycle(_ event: LifecycleEvent) {
        component?.perform(event, view: view)
    }

    public func view(name: String, payload: JSONValue?) throws(DriverError) -> String {
        guard name == "refreshTriggered" else {
            throw DriverError(field: "name", "unknown kittens view event \(CanonicalRender.quote(name)); expected refreshTriggered")
        }
        if payload != nil { throw DriverError(field: "payload", "refreshTriggered takes no payload") }
        view.dispatch(.refreshTriggered)
        return name
    }
}

/// A view that writes every render to the replay's output.
public final class RecordingView<Model: CanonicalRenderable, Event>: BaseMviView<Model, Event> {
    private let output: OutputLog

    public init(output: OutputLog) { self.output = output }

    public override func render(_ model: Model) { output.append(.render(model.canonical)) }
}

/// The Kittens data source of a replay: each load is a request that a `respond` event answers.
///
/// Response fields (exactly one of):
/// - `"urls": [String]`: a body `[{"url": ...}, ...]`;
/// - `"body": String`: that exact body;
/// - `"failure": "transport" | "timeout" | "httpStatus" | "emptyResponse"`, with `"status"` for
///   httpStatus and an optional `"detail"` for transport.
final class ReplayKittenDataSource: KittenDataSource, @unchecked Sendable {
    // Replays are single-threaded: the log is only touched on the replay's thread.
    private let requests: RequestLog

    init(requests: RequestLog) { self.requests = requests }

    func load(
        limit: Int, page: Int, completion: @escaping @Sendable (Result<Data, KittenDataSourceError>) -> Void
    ) -> any Cancellable {
        requests.open("load(limit: \(limit), page: \(page))") { fields in
            let (echo, result) = try Self.decode(fields)
            return (echo, { completion(result) })
        }
    }

    static func decode(_ fields: [String: JSONValue]) throws(DriverError) -> (String, Result<Data, KittenDataSourceError>) {
        let forms = ["urls", "body", "failure"].filter { fields[$0] != nil }
        guard forms.count == 1 else {
            throw DriverError(
                forms.isEmpty
                    ? "a kittens response needs one of urls, body or failure"
                    : "a kittens response takes only one of urls, body or failure; found \(forms.joined(separator: " and "))")
        }
        func reject(_ allowed: Set<String>) throws(DriverError) {
            if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw DriverError(field: unknown, "unknown field for this response; expected only \(allowed.sorted().joined(separator: ", "))")
            }
        }
        switch forms[0] {
        case "urls":
            try reject(["urls"])
            guard case .array(let items) = fields["urls"]! else {
                throw DriverError(field: "urls", "expected an array of strings, found \(fields["urls"]!.typeName)")
            }
            var urls: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let url) = item else {
                    throw DriverError(field: "urls", "element [\(index)]: expected a string, found \(item.typeName)")
                }
                urls.append(url)
            }
            let body = JSONValue.array(urls.map { .object(["url": .string($0)]) }).compactText
            return ("urls [\(urls.count)]", .success(Data(body.utf8)))
        case "body":
            try reject(["body"])
            guard case .string(let body) = fields["body"]! else {
                throw DriverError(field: "body", "expected a string, found \(fields["body"]!.typeName)")
            }
            return ("body \(CanonicalRender.quote(body))", .success(Data(body.utf8)))
        default:
            guard case .string(let kind) = fields["failure"]! else {
                throw DriverError(field: "failure", "expected a string, found \(fields["failure"]!.typeName)")
            }
            switch kind {
            case "transport":
                try reject(["failure", "detail"])
                var detail = "connection failed"
                if let value = fields["detail"] {
                    guard case .string(let text) = value else {
                        throw DriverError(field: "detail", "expected a string, found \(value.typeName)")
                    }
                    detail = text
                }
                return ("failure transport(\(CanonicalRender.quote(detail)))", .failure(.transport(detail)))
            case "timeout":
                try reject(["failure"])
                return ("failure timeout", .failure(.timeout))
            case "emptyResponse":
                try reject(["failure"])
                return ("failure emptyResponse", .failure(.emptyResponse))
            case "httpStatus":
                try reject(["failure", "status"])
                guard case .number(let number)? = fields["status"], number == number.rounded(), (100...599).contains(number) else {
                    throw DriverError(field: "status", "expected an HTTP status from 100 to 599")
                }
                return ("failure httpStatus(\(Int(number)))", .failure(.httpStatus(Int(number))))
            default:
                throw DriverError(
                    field: "failure",
                    "unknown failure \(CanonicalRender.quote(kind)); expected transport, timeout, httpStatus or emptyResponse")
            }
        }
    }
}
