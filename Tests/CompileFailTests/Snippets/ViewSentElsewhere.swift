// A view sent to another thread and rendered there.
import Dispatch
import MVICore

final class CounterView: BaseMviView<Int, String> {}

@MainActor func render(_ view: CounterView) {
    DispatchQueue.global().async {
        view.render(1)  // expected-error: capture of 'view' with non-Sendable type 'CounterView'
    }
}
