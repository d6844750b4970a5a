import MVICore

/// Why a sign-in did not succeed.
public enum LoginError: Error, Equatable, Sendable {
    /// The user name and password do not match.
    case wrongPassword
    /// Too many failed attempts: the account is locked.
    case locked
}

/// Checks credentials. Not HTTP: the app's `LocalAuthenticator` checks a table it holds (a keychain
/// in a real app); a replay answers each call from its scenario's `respond` lines.
public protocol Authenticator: Sendable {
    /// Checks `user` and `password`: the account's display name, or a thrown `LoginError`. A
    /// cancelled call (the user edited a field meanwhile) throws `CancellationError`.
    func signIn(user: String, password: String) async throws -> String
}

/// An authenticator over a table of accounts held in memory, answering at once.
public struct LocalAuthenticator: Authenticator {
    /// Each account: its password and display name.
    public let accounts: [String: (password: String, name: String)]
    /// Users whose account is locked.
    public let locked: Set<String>

    public init(accounts: [String: (password: String, name: String)], locked: Set<String> = []) {
        self.accounts = accounts
        self.locked = locked
    }

    public func signIn(user: String, password: String) async throws -> String {
        if locked.contains(user) { throw LoginError.locked }
        guard let account = accounts[user], account.password == password else { throw LoginError.wrongPassword }
        return account.name
    }
}
