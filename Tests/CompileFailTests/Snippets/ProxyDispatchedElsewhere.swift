// A view proxy sent to another task and dispatched there.
import MVICore

@available(macOS 14, *)
@MainActor func tap(_ proxy: ViewProxy<Int, String>) {
    Task.detached {  // expected-error: passing closure as a 'sending' parameter risks causing data races
        proxy.dispatch("tap")
    }
}
