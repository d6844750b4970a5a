import FixtureFormat
import Login
import MVICore
import ReplaySeam

// The Login feature's half of the seam: how it describes itself to the harness (its name, view
// events, answers, renders) and its data sources for a replay and for a live, recorded session.

extension LoginViewModel: CanonicalRenderable {
    public var canonical: CanonicalValue {
        .record("LoginViewModel", [
            "user": .string(user), "maskedPassword": .string(maskedPassword), "isBusy": .bool(isBusy), "canSubmit": .bool(canSubmit),
            "message": message.map(CanonicalValue.string) ?? .null,
        ])
    }
}

public enum LoginFeature {
    /// The feature as the app's `login-conformance` and tests replay it.
    public static let module = module(live: Authenticator.local(accounts: [:]))

    /// The feature whose live sessions (a recording) check credentials with `live`: the app's
    /// real authenticator, which is not HTTP, so the recorder is given no `baseURL`.
    public static func module(live: Authenticator) -> FeatureModule {
        .component(
            name: "login", componentName: "LoginComponent", config: .empty(()),
            viewEvents: [
                .payload(
                    "userEdited", JSONCodec.string, event: LoginViewEvent.userEdited, echo: { "userEdited(\(CanonicalRender.quote($0)))" },
                    encode: { if case .userEdited(let user) = $0 { .string(user) } else { nil } }),
                .payload(
                    "passwordEdited", JSONCodec.string, event: LoginViewEvent.passwordEdited,
                    echo: { "passwordEdited(\(CanonicalRender.quote($0)))" },
                    encode: { if case .passwordEdited(let password) = $0 { .string(password) } else { nil } }),
                .plain("submitTapped", LoginViewEvent.submitTapped),
                .plain("signOutTapped", LoginViewEvent.signOutTapped),
            ],
            responses: answers.answers,
            renderLabel: { (label: LoginLabel) in
                switch label {
                case .signedIn(let user): .enumCase(type: "LoginLabel", name: "signedIn", fields: [.init("user", .string(user))])
                }
            }
        ) { environment, _, _ in
            let authenticator =
                environment.live.map { liveAuthenticator(live: $0, real: live) } ?? replayAuthenticator(requests: environment.requests)
            return LoginComponent(authenticator: authenticator, scheduler: environment.scheduler)
        }
    }

    /// One answer of the authenticator, with its echo in the transcript.
    public struct Answer: ReplayAnswer {
        public let echo: String
        let result: Result<String, LoginError>
    }

    /// `{"name": "Ada"}`, or `{"failure": "wrongPassword"}` / `{"failure": "locked"}`.
    static let answers: ObjectCodec<Answer> = {
        let name = Field.required("name", JSONCodec.line)
        func failure(_ error: LoginError) -> ObjectCodec<Answer>.Variant {
            let kind = "\(error)"
            return .when("failure", is: kind, .object(Field.constant("failure", kind)) { _ in Answer(echo: "failure \(kind)", result: .failure(error)) })
        }
        return .oneOf("a login answer", [
            .has("name", .object(name) { let value = try $0.read(name); return Answer(echo: "name \(CanonicalRender.quote(value))", result: .success(value)) }),
            failure(.wrongPassword),
            failure(.locked),
        ])
    }()

    /// An answer as a `respond` line's fields (the inverse of `answers`), for the recorder.
    static func encode(_ result: Result<String, LoginError>) throws(FieldError) -> JSONObject {
        switch result {
        case .success(let name): ["name": .string(name)]
        case .failure(let error): ["failure": .string("\(error)")]
        }
    }

    /// The request as transcripts name it; the password is never written, only its length.
    static func describe(user: String, password: String) -> String {
        "signIn(user: \(CanonicalRender.quote(user)), password: \(password.count) characters)"
    }
}

/// The replay's authenticator: each sign-in is a request that a `respond` line answers.
func replayAuthenticator(requests: RequestLog) -> Authenticator {
    Authenticator { user, password in
        let answer = try await requests.call(LoginFeature.describe(user: user, password: password), answer: LoginFeature.Answer.self)
        return try answer.result.get()   // a failure answer throws
    }
}

/// A live session's authenticator: the app's real one, each call seen by the recorder's tap.
func liveAuthenticator(live: LiveServices, real: Authenticator) -> Authenticator {
    Authenticator { user, password in
        try await live.call(LoginFeature.describe(user: user, password: password), encode: LoginFeature.encode) {
            do {
                return .success(try await real.signIn(user, password))
            } catch {
                return .failure(error as? LoginError ?? .wrongPassword)   // it throws LoginError, or is cancelled with the request
            }
        }.get()
    }
}
