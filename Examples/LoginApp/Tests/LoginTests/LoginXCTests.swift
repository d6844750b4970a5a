@testable import Login
import MVICore
import MVITestSupport
import XCTest

/// The same store under XCTest: a right test passes, and the refusals count.
final class LoginXCTests: XCTestCase {
    func testThreeWrongPasswordsLockTheForm() {
        let scheduler = TestScheduler()
        let store = TestStore(
            LoginStore.login(authenticator: Authenticator.local(accounts: ["ada": ("engine", "Ada")]), scheduler: scheduler), scheduler: scheduler)
        store.messageExhaustivity = .exhaustive
        store.send(.setUser("ada")) { $0.user = "ada" }
        store.receive(message: LoginMessage.userChanged("ada"))
        for attempt in 1...3 {
            store.send(.setPassword("guess")) { $0.password = "guess" }
            store.receive(message: LoginMessage.passwordChanged("guess"))
            store.send(.submit) { $0.status = .checking }
            store.receive(message: LoginMessage.checking)
            store.advance {
                $0.status = .refused(.wrongPassword)
                $0.password = ""
                $0.failures = attempt
            }
            store.receive(message: LoginMessage.refused(.wrongPassword))
        }
        store.send(.setPassword("engine")) { $0.password = "engine" }
        store.receive(message: LoginMessage.passwordChanged("engine"))
        XCTAssertFalse(store.state.canSubmit)
        store.send(.submit)
        store.finish()
    }
}
