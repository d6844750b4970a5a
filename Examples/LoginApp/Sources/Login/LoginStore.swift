import MVICore

/// What the login screen can be asked to do.
public enum LoginIntent: Equatable, Sendable {
    case setUser(String)
    case setPassword(String)
    case submit
    case signOut
}

/// Where the sign-in stands.
public enum LoginStatus: Equatable, Sendable {
    case editing
    case checking
    case signedIn(name: String)
    case refused(LoginError)
}

public struct LoginState: Equatable, Sendable {
    public var user = ""
    public var password = ""
    public var status = LoginStatus.editing
    /// Wrong passwords in a row; the third locks the form until the app is restarted.
    public var failures = 0

    public init() {}

    /// Whether a submit would check the credentials: both fields filled, nothing in flight, not
    /// signed in, and fewer than three failures.
    public var canSubmit: Bool {
        !user.isEmpty && !password.isEmpty && status != .checking && failures < LoginState.maximumFailures
            && { if case .signedIn = status { false } else { true } }()
    }

    /// Failures after which the form refuses to submit.
    public static let maximumFailures = 3
}

/// What the executor tells the reducer: internal to the feature, like the executor and the reducer
/// (tests see it through `@testable import Login`).
enum LoginMessage: Equatable, Sendable {
    case userChanged(String)
    case passwordChanged(String)
    case checking
    case signedIn(name: String)
    case refused(LoginError)
    case signedOut
}

/// Published once per successful sign-in, for the app to navigate on.
public enum LoginLabel: Equatable, Sendable {
    case signedIn(user: String)
}

/// The login store: internal; the app sees it through `LoginComponent.store`, an
/// `any Store<LoginIntent, LoginState, LoginLabel>`.
typealias LoginStore = DefaultStore<LoginIntent, Never, LoginMessage, LoginState, LoginLabel>

/// Checks the credentials once per submit, in an async effect; editing a field while a check is in
/// flight cancels it (the authenticator's call sees the cancellation, and its answer is dropped).
final class LoginExecutor: Executor {
    typealias Context = ExecutorContext<Never, LoginMessage, LoginState, LoginLabel>
    private let authenticator: Authenticator
    /// The key of the check in flight.
    private static let check = "check"

    init(authenticator: Authenticator) { self.authenticator = authenticator }

    func executeIntent(_ intent: LoginIntent, _ context: Context) {
        switch intent {
        case .setUser(let user):
            cancelCheck(context)
            context.dispatch(.userChanged(user))
        case .setPassword(let password):
            cancelCheck(context)
            context.dispatch(.passwordChanged(password))
        case .submit:
            guard context.state.canSubmit else { return }
            check(user: context.state.user, password: context.state.password, context)
        case .signOut:
            cancelCheck(context)
            context.dispatch(.signedOut)
        }
    }

    private func check(user: String, password: String, _ context: Context) {
        context.dispatch(.checking)
        let authenticator = self.authenticator
        context.run(key: Self.check) { send in
            let name = try await authenticator.signIn(user, password)
            send(.signedIn(name: name))
            send.publish(.signedIn(user: user))
        } catch: { error, send in
            // An authenticator throws a LoginError (a cancelled call's CancellationError ends the effect quietly).
            send(.refused(error as? LoginError ?? .wrongPassword))
        }
    }

    private func cancelCheck(_ context: Context) {
        context.cancel(key: Self.check)
    }
}

struct LoginReducer: Reducer {
    func reduce(_ state: LoginState, _ message: LoginMessage) -> LoginState {
        var next = state
        switch message {
        case .userChanged(let user):
            next.user = user
            if next.status == .checking { next.status = .editing }
        case .passwordChanged(let password):
            next.password = password
            if next.status == .checking { next.status = .editing }
        case .checking:
            next.status = .checking
        case .signedIn(let name):
            next.status = .signedIn(name: name)
            next.password = ""
            next.failures = 0
        case .refused(let error):
            next.status = .refused(error)
            next.password = ""
            if error == .wrongPassword { next.failures += 1 }
        case .signedOut:
            next = LoginState()
            next.failures = state.failures
        }
        return next
    }
}

extension DefaultStore where Intent == LoginIntent, Action == Never, Message == LoginMessage, State == LoginState, Label == LoginLabel {
    /// The login store on `scheduler`, checking credentials with `authenticator`.
    static func login(authenticator: Authenticator, scheduler: any Scheduler) -> LoginStore {
        LoginStore(
            name: "LoginStore", initialState: LoginState(), executor: LoginExecutor(authenticator: authenticator),
            reducer: LoginReducer(), scheduler: scheduler)
    }
}
