// The deep-link reader, with the News app's grammar (docs/navigation.md). Oracles: a link read is
// printed with the grammar's writer, read again and the same state, or refused as longer than the
// grammar reads (FailCases/FuzzDeepLink/printed-link-over-the-limit.txt); printing that state again
// gives the same link (the printed form is canonical); a refusal points inside the link.
import FuzzCheck
import MVINavigation
import MVINewsApp

// The fuzzer calls the target on one thread.
nonisolated(unsafe) let grammar = NewsDeepLinks.grammar()

@main
enum Main {
    static func main() { runLibFuzzer(fuzzDeepLink) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let link = fuzzText(fuzzBytes(start, count))
    let state: NavigationState<NewsRoute>
    do {
        state = try grammar.parse(link)
    } catch {
        oracle(
            error.position >= 1 && error.position <= max(1, link.count + 1),
            "the error's position \(error.position) is outside the link of \(link.count) characters")
        return 0
    }
    let printed: String
    do {
        printed = try grammar.link(for: state)
    } catch {
        // Encoding makes a value up to three times longer: a link over the limit is refused.
        guard case .tooLong(_, let length, let limit) = error, length > limit else {
            oracle(false, "the state read from \(link.debugDescription) cannot be printed: \(error)")
            return 0
        }
        return 0
    }
    do {
        let again = try grammar.parse(printed)
        oracle(
            again == state,
            "\(link.debugDescription) and its printed form \(printed.debugDescription) read as different states")
        oracle(
            (try? grammar.link(for: again)) == printed, "printing \(printed.debugDescription) again gives another link")
    } catch {
        oracle(
            false, "the printed link \(printed.debugDescription) of \(link.debugDescription) does not read: \(error)")
    }
    return 0
}
