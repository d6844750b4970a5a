@testable import Login
import MVICore
import MVITestSupport
import Testing

/// An authenticator that answers only when the test says, so that a check is seen in flight; its
/// async call waits for the answer (`awaitCallback`, MVIEssentials). Its record sits in a `Locked`
/// (MVIEssentials, re-exported by MVICore), which the authenticator's closure holds: `Sendable`,
/// as the closure asks, without an unchecked conformance.
final class HeldAuthenticator {
    private typealias Pending = (user: String, completion: @Sendable (Result<String, LoginError>) -> Void)
    private let record = Locked((pending: [Pending](), cancelled: 0))
    let authenticator: Authenticator

    init() {
        let record = self.record
        authenticator = Authenticator { user, _ in
            try await awaitCallback { (completion: @escaping @Sendable (Result<String, LoginError>) -> Void) in
                record.withLock { $0.pending.append((user, completion)) }
                return Cancellation { record.withLock { $0.cancelled += 1 } }
            }.get()
        }
    }

    var cancelled: Int { record.withLock { $0.cancelled } }

    func answer(_ result: Result<String, LoginError>) {
        let next = record.withLock { $0.pending.removeFirst() }
        next.completion(result)
    }
}

@Suite struct LoginStoreTests {
    let scheduler = TestScheduler()
    let authenticator = HeldAuthenticator()

    func makeStore() -> TestStore<LoginIntent, LoginState, LoginLabel> {
        let store = TestStore(LoginStore.login(authenticator: authenticator.authenticator, scheduler: scheduler), scheduler: scheduler)
        store.messageExhaustivity = .exhaustive
        return store
    }

    @Test func aSignInAssertsEveryMessageInOrder() {
        let store = makeStore()
        store.send(.setUser("ada")) { $0.user = "ada" }
        store.receive(message: LoginMessage.userChanged("ada"))
        store.send(.setPassword("engine")) { $0.password = "engine" }
        store.receive(message: LoginMessage.passwordChanged("engine"))
        store.send(.submit) { $0.status = .checking }
        store.receive(message: LoginMessage.checking)
        store.advance()   // the check's effect runs: it calls the authenticator, and waits
        authenticator.answer(.success("Ada Lovelace"))
        store.advance {
            $0.status = .signedIn(name: "Ada Lovelace")
            $0.password = ""
        }
        store.receive(message: LoginMessage.signedIn(name: "Ada Lovelace"))
        store.receive(.signedIn(user: "ada"))
        store.finish()
    }

    @Test func aMessageLeftUnreceivedFailsInExhaustiveMode() {
        let store = makeStore()
        store.send(.setUser("ada")) { $0.user = "ada" }
        withKnownIssue {
            store.send(.setPassword("x")) { $0.password = "x" }
        } matching: { issue in
            issue.description.contains(#"messages were dispatched and not received before send(setPassword("x")): userChanged("ada")"#)
        }
        store.receive(message: LoginMessage.passwordChanged("x"))
        store.finish()
    }

    @Test func editingWhileCheckingCancelsTheCheck() {
        let store = makeStore()
        store.messageExhaustivity = .nonExhaustive
        store.send(.setUser("bob")) { $0.user = "bob" }
        store.send(.setPassword("hunter2")) { $0.password = "hunter2" }
        store.send(.submit) { $0.status = .checking }
        store.advance()   // the check's effect calls the authenticator
        store.send(.setUser("bobby")) {
            $0.user = "bobby"
            $0.status = .editing
        }
        #expect(authenticator.cancelled == 1)
        authenticator.answer(.success("Bob"))
        store.advance()
        store.finish()
    }
}
