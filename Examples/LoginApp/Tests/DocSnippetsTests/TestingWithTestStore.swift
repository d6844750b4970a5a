// The Swift blocks of Sources/Library/MVITestSupport/MVITestSupport.docc/TestingWithTestStore.md, verbatim and in order,
// compiled from this package outside, with products only and the app's own feature. The package's DocSnippetSyncTests
// fails when a block is not here. The login feature's store is internal to it: the test imports it `@testable`.
@testable import Login
import MVITestSupport
import Testing

@Test func aSignInIsCheckedThenAnnounced() {
    let scheduler = TestScheduler()
    let authenticator = Authenticator.local(accounts: ["ada": ("engine", "Ada Lovelace")])
    let store = TestStore(LoginStore.login(authenticator: authenticator, scheduler: scheduler), scheduler: scheduler)

    store.send(.setUser("ada")) { $0.user = "ada" }
    store.send(.setPassword("engine")) { $0.password = "engine" }
    store.send(.submit) { $0.status = .checking }
    store.advance {                                               // the answer, on the scheduler
        $0.status = .signedIn(name: "Ada Lovelace")
        $0.password = ""
    }
    store.receive(.signedIn(user: "ada"))
    store.send(.submit)                                           // signed in: nothing to check
    store.finish()
}
