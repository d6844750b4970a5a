import FixtureFormat

/// One view event a screen emits, as scenarios write it: `{"event": "view", "name": ..., "payload": ...}`.
public struct ViewEventCodec<Event: Sendable>: Sendable {
    /// The event's name in scenarios.
    public let name: String
    /// The payload's schema; nil when the event takes no payload.
    public let payloadSchema: JSONValue?
    private let read: @Sendable (JSONValue?) throws -> (event: Event, echo: String)

    /// An event without payload, echoed as its name.
    public static func plain(_ name: String, _ event: Event) -> ViewEventCodec {
        ViewEventCodec(name: name, payloadSchema: nil) { payload in
            if payload != nil { throw FieldError(field: "payload", "\(name) takes no payload") }
            return (event, name)
        }
    }

    /// An event with a payload that `payload` reads; `echo` writes the event in the transcript
    /// (`timeSet(minutes: 1, seconds: 30)`).
    public static func payload<Payload>(
        _ name: String, _ payload: JSONCodec<Payload>, event: @escaping @Sendable (Payload) -> Event,
        echo: @escaping @Sendable (Payload) -> String
    ) -> ViewEventCodec {
        ViewEventCodec(name: name, payloadSchema: payload.schema) { value in
            guard let value else { throw FieldError(field: "payload", "\(name) needs a payload") }
            do throws(FieldError) {
                let decoded = try payload.decode(value)
                return (event(decoded), echo(decoded))
            } catch {
                throw error.inside("payload")
            }
        }
    }

    private init(name: String, payloadSchema: JSONValue?, read: @escaping @Sendable (JSONValue?) throws -> (event: Event, echo: String)) {
        self.name = name
        self.payloadSchema = payloadSchema
        self.read = read
    }

    /// Decodes the payload (nil when the line has none) into the event and its echo.
    public func decode(payload: JSONValue?) throws(FieldError) -> (event: Event, echo: String) {
        try FieldError.catching { try read(payload) }
    }

    var erased: ViewEventCodec<any Sendable> {
        ViewEventCodec<any Sendable>(name: name, payloadSchema: payloadSchema) { [read] in
            let (event, echo) = try read($0)
            return (event, echo)
        }
    }
}

/// A screen of a feature: its name (nil in a feature with one screen) and its view events.
public struct ScreenDescription: Sendable {
    public let name: String?
    public let events: [ViewEventCodec<any Sendable>]

    public init<Event: Sendable>(_ name: String? = nil, events: [ViewEventCodec<Event>]) {
        self.name = name
        self.events = events.map(\.erased)
    }

    /// The same view events under another screen name: an app made of features reuses each
    /// feature's screen (`KittensFeature.module.screens[0].named("kittens")`).
    public func named(_ name: String) -> ScreenDescription { ScreenDescription(name, events: events) }
}

/// An event of the feature's own, beyond the lifecycle set (`back`, `deepLink`...), as scenarios
/// write it: `{"event": "<name>", <fields>}`. Documented on the feature's page.
public struct CustomEventCodec: Sendable {
    public let name: String
    /// The accepted field forms (besides `event`), for the schema.
    public let shapes: [ObjectShape]
    private let read: @Sendable (JSONObject) throws -> (value: any Sendable, echo: String)

    /// - Parameters:
    ///   - name: the value of `event`; not one of the format's own events.
    ///   - fields: reads the other fields.
    ///   - echo: the transcript's echo of the event (`deepLink "news://top"`).
    public init<Value: Sendable>(_ name: String, fields: ObjectCodec<Value>, echo: @escaping @Sendable (Value) -> String) {
        self.name = name
        self.shapes = fields.shapes
        self.read = { object in
            let value = try fields.decode(object, ignoring: ["event"])
            return (value, echo(value))
        }
    }

    /// Decodes a line's fields (other than `event`) into the value and its echo.
    public func decode(_ object: JSONObject) throws(FieldError) -> (value: any Sendable, echo: String) {
        try FieldError.catching { try read(object) }
    }
}
