import FixtureFormat

/// One view event a screen emits, as scenarios write it: `{"event": "view", "name": ..., "payload": ...}`.
public struct ViewEventCodec<Event: Sendable>: Sendable {
    /// The event's name in scenarios.
    public let name: String
    /// The payload's schema; nil when the event takes no payload.
    public let payloadSchema: JSONValue?
    private let read: @Sendable (JSONValue?) throws -> (event: Event, echo: String)
    /// The way back, for a recorder: this codec's line for an event, or nil when the event is not
    /// this codec's (or the codec cannot write it).
    private let write: @Sendable (Event) -> EncodedViewEvent?

    /// An event without payload, echoed as its name.
    public static func plain(_ name: String, _ event: Event) -> ViewEventCodec {
        ViewEventCodec(
            name: name, payloadSchema: nil,
            read: { payload in
                if payload != nil { throw FieldError(field: "payload", "\(name) takes no payload") }
                return (event, name)
            })
    }

    /// An event without payload, echoed as its name; a recorder writes it back (events are compared).
    public static func plain(_ name: String, _ event: Event) -> ViewEventCodec where Event: Equatable {
        ViewEventCodec(
            name: name, payloadSchema: nil,
            read: { payload in
                if payload != nil { throw FieldError(field: "payload", "\(name) takes no payload") }
                return (event, name)
            },
            write: { $0 == event ? EncodedViewEvent(name: name, payload: nil) : nil })
    }

    /// An event with a payload that `payload` reads; `echo` writes the event in the transcript
    /// (`timeSet(minutes: 1, seconds: 30)`).
    ///
    /// `encode` is the way back for a recorder: the payload of an event of this name, nil for any
    /// other event. Without it, a recorder reports the event as one it cannot write.
    public static func payload<Payload>(
        _ name: String, _ payload: JSONCodec<Payload>, event: @escaping @Sendable (Payload) -> Event,
        echo: @escaping @Sendable (Payload) -> String, encode: (@Sendable (Event) -> JSONValue?)? = nil
    ) -> ViewEventCodec {
        ViewEventCodec(
            name: name, payloadSchema: payload.schema,
            read: { value in
                guard let value else { throw FieldError(field: "payload", "\(name) needs a payload") }
                do throws(FieldError) {
                    let decoded = try payload.decode(value)
                    return (event(decoded), echo(decoded))
                } catch {
                    throw error.inside("payload")
                }
            }, write: { event in encode?(event).map { EncodedViewEvent(name: name, payload: $0) } })
    }

    private init(
        name: String, payloadSchema: JSONValue?,
        read: @escaping @Sendable (JSONValue?) throws -> (event: Event, echo: String),
        write: @escaping @Sendable (Event) -> EncodedViewEvent? = { _ in nil }
    ) {
        self.name = name
        self.payloadSchema = payloadSchema
        self.read = read
        self.write = write
    }

    /// Decodes the payload (nil when the line has none) into the event and its echo.
    public func decode(payload: JSONValue?) throws(FieldError) -> (event: Event, echo: String) {
        try FieldError.catching { try read(payload) }
    }

    /// The line's `name` and `payload` for `event`, if it is this codec's event.
    public func encode(_ event: Event) -> EncodedViewEvent? { write(event) }

    var erased: ViewEventCodec<any Sendable> {
        ViewEventCodec<any Sendable>(
            name: name, payloadSchema: payloadSchema,
            read: { [read] in
                let (event, echo) = try read($0)
                return (event, echo)
            },
            write: { [write] in ($0 as? Event).flatMap(write) })
    }
}

/// A view event as a scenario line holds it: `"name"` and, if the event takes one, `"payload"`.
public struct EncodedViewEvent: Equatable, Sendable {
    public let name: String
    public let payload: JSONValue?

    public init(name: String, payload: JSONValue?) {
        self.name = name
        self.payload = payload
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

    /// The line of `event`: the first of this screen's codecs that writes it, or nil.
    public func encode(_ event: any Sendable) -> EncodedViewEvent? {
        for codec in events { if let line = codec.encode(event) { return line } }
        return nil
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
    private let write: @Sendable (any Sendable) -> JSONObject?

    /// - Parameters:
    ///   - name: the value of `event`; not one of the format's own events.
    ///   - fields: reads the other fields.
    ///   - echo: the transcript's echo of the event (`deepLink "news://top"`).
    ///   - encode: the way back for a recorder: the line's fields (other than `event`) for a value of
    ///     this event, nil for any other value. Without it, a recorder cannot write the event.
    public init<Value: Sendable>(
        _ name: String, fields: ObjectCodec<Value>, echo: @escaping @Sendable (Value) -> String,
        encode: (@Sendable (Value) -> JSONObject?)? = nil
    ) {
        self.name = name
        self.shapes = fields.shapes
        self.read = { object in
            let value = try fields.decode(object, ignoring: ["event"])
            return (value, echo(value))
        }
        self.write = { value in (value as? Value).flatMap { encode?($0) } }
    }

    /// The line's fields (other than `event`) for `value`, if it is a value of this event.
    public func encode(_ value: any Sendable) -> JSONObject? { write(value) }

    /// Decodes a line's fields (other than `event`) into the value and its echo.
    public func decode(_ object: JSONObject) throws(FieldError) -> (value: any Sendable, echo: String) {
        try FieldError.catching { try read(object) }
    }
}
