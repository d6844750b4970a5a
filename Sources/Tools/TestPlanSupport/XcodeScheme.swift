import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of an Xcode scheme (`.xcscheme`, XML), reduced to names, attributes and children.
public struct SchemeElement: Equatable, Sendable {
    public let name: String
    public let attributes: [String: String]
    public var children: [SchemeElement]

    /// The direct children called `name`.
    public func all(_ name: String) -> [SchemeElement] { children.filter { $0.name == name } }

    /// The first direct child called `name`.
    public func first(_ name: String) -> SchemeElement? { children.first { $0.name == name } }

    /// Reads a scheme; a malformed file is an error naming the file, line and column.
    public static func parse(_ data: Data, file: String) throws(TestPlanError) -> SchemeElement {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw TestPlanError(
                "\(file):\(parser.lineNumber):\(parser.columnNumber): not a well-formed XML scheme"
                    + (parser.parserError.map { " (\($0.localizedDescription))" } ?? ""))
        }
        return root
    }

    /// The `<BuildActionEntry>` Xcode writes for a package test target, built for testing only.
    public static func testTargetBuildEntry(_ name: String) -> String {
        """
                 <BuildActionEntry
                    buildForTesting = "YES"
                    buildForRunning = "NO"
                    buildForProfiling = "NO"
                    buildForArchiving = "NO"
                    buildForAnalyzing = "YES">
                    <BuildableReference
                       BuildableIdentifier = "primary"
                       BlueprintIdentifier = "\(name)"
                       BuildableName = "\(name)"
                       BlueprintName = "\(name)"
                       ReferencedContainer = "container:">
                    </BuildableReference>
                 </BuildActionEntry>
        """
    }
}

/// Collects `XMLParser` callbacks into a tree. Used on the parsing thread only.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [SchemeElement] = []
    var root: SchemeElement?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        stack.append(SchemeElement(name: elementName, attributes: attributeDict, children: []))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard let done = stack.popLast() else { return }
        if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
    }
}
