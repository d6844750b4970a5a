import MVICore

/// What the login screen shows.
public struct LoginViewModel: Equatable, Sendable {
    public let user: String
    /// The password as dots: the view never holds the password itself.
    public let maskedPassword: String
    public let isBusy: Bool
    public let canSubmit: Bool
    /// A line under the form: a greeting, why a sign-in was refused, or nothing.
    public let message: String?
}

/// What the login screen emits.
public enum LoginViewEvent: Equatable, Sendable {
    case userEdited(String)
    case passwordEdited(String)
    case submitTapped
    case signOutTapped
}

public enum LoginMappers {
    public static func model(_ state: LoginState) -> LoginViewModel {
        let message: String? =
            switch state.status {
            case .editing, .checking: nil
            case .signedIn(let name): "Welcome, \(name)"
            case .refused(.locked): "This account is locked"
            case .refused(.wrongPassword) where state.failures >= LoginState.maximumFailures: "Too many attempts"
            case .refused(.wrongPassword): "Wrong user name or password"
            }
        return LoginViewModel(
            user: state.user, maskedPassword: String(repeating: "•", count: state.password.count), isBusy: state.status == .checking,
            canSubmit: state.canSubmit, message: message)
    }

    public static func intent(_ event: LoginViewEvent) -> LoginIntent {
        switch event {
        case .userEdited(let user): .setUser(user)
        case .passwordEdited(let password): .setPassword(password)
        case .submitTapped: .submit
        case .signOutTapped: .signOut
        }
    }
}

/// The login screen's component: the store, bound to a view between start and stop.
public typealias LoginComponent = StoreComponent<LoginIntent, LoginState, LoginLabel, LoginViewModel, LoginViewEvent>

extension StoreComponent
where Intent == LoginIntent, State == LoginState, Label == LoginLabel, Model == LoginViewModel, Event == LoginViewEvent {
    /// The login component, checking credentials with `authenticator`.
    public convenience init(authenticator: Authenticator, scheduler: any Scheduler) {
        self.init(
            name: "LoginComponent", store: LoginStore.login(authenticator: authenticator, scheduler: scheduler),
            stateToModel: LoginMappers.model, eventToIntent: LoginMappers.intent)
    }
}
