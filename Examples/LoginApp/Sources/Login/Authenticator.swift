import MVICore

/// Why a sign-in did not succeed.
public enum LoginError: Error, Equatable, Sendable {
    /// The user name and password do not match.
    case wrongPassword
    /// Too many failed attempts: the account is locked.
    case locked
}

/// Checks credentials. Not HTTP: the app's `local` authenticator checks a table it holds (a keychain
/// in a real app); a replay answers each call from its scenario's `respond` lines.
///
/// A value of `@Sendable` closures rather than a protocol: a closure literal that is `@Sendable` is
/// nonisolated wherever it is written, so the store's effect awaits it on the store's scheduler (in
/// virtual time under a `TestScheduler`), even in a target whose default isolation is the main actor,
/// where a protocol's requirements would be the main actor's.
public struct Authenticator: Sendable {
    /// Checks `user` and `password`: the account's display name, or a thrown `LoginError`. A
    /// cancelled call (the user edited a field meanwhile) throws `CancellationError`.
    public var signIn: @Sendable (_ user: String, _ password: String) async throws -> String

    public init(signIn: @escaping @Sendable (_ user: String, _ password: String) async throws -> String) {
        self.signIn = signIn
    }

    /// An authenticator over a table of accounts held in memory, answering at once: each account's
    /// password and display name, and the users whose account is locked.
    public static func local(accounts: [String: (password: String, name: String)], locked: Set<String> = []) -> Self {
        Authenticator { user, password in
            if locked.contains(user) { throw LoginError.locked }
            guard let account = accounts[user], account.password == password else { throw LoginError.wrongPassword }
            return account.name
        }
    }
}
