import DemoApp
import Foundation

// `swift run mvi-demo`: the reference features in a terminal (docs/demo.md).
exit(Demo.main(Array(CommandLine.arguments.dropFirst())))
