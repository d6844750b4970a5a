// A deliberate leak in code that is not the toolchain's: two objects that hold each other.
final class Node {
    var next: Node?
    let payload = [UInt8](repeating: 7, count: 4096)
}

@inline(never) func plantLeakCanary() {
    let first = Node()
    let second = Node()
    first.next = second
    second.next = first
}

plantLeakCanary()
print("planted")
