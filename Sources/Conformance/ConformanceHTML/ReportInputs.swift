import ConformanceFuzzing
import ConformanceKit
import FixtureFormat
import Foundation
import MVIEssentials

/// What the HTML report reads besides the JSON reports: the scenarios' descriptions, tags and
/// goldens from the fixtures folder, the rules from the docs, the fuzz findings. Everything is
/// read, and any error raised, before a file is written.
extension HTMLReport {
    /// Each scenario's first line: its description and tags. A scenario whose first line cannot be
    /// read is left out (its run reports it); the page says it was not found.
    public static func scenarios(in catalog: FixtureCatalog) throws(CatalogError) -> [String: ScenarioInfo] {
        var infos: [String: ScenarioInfo] = [:]
        for entry in try catalog.entries() {
            // Read as the runner reads it: a FIFO or a device in a scenario's place is refused unread.
            guard let data = try? ScenarioText.bytes(entry.scenarioURL, path: entry.id) else { continue }
            let first = data.prefix { $0 != 0x0A }
            guard case .object(let header)? = try? JSONReader.parse(String(decoding: first, as: UTF8.self)) else {
                continue
            }
            var description = ""
            if case .string(let text)? = header["description"] { description = text }
            var tags: [String] = []
            if case .array(let values)? = header["tags"] {
                tags = values.compactMap { if case .string(let tag) = $0 { tag } else { nil } }
            }
            infos[entry.id] = ScenarioInfo(
                description: description, tags: tags, golden: catalog.relativePath(entry.goldenURL))
        }
        return infos
    }

    /// The goldens of the scenarios some report shows as not passing, by id.
    public static func goldens(for reports: [RunReport], in catalog: FixtureCatalog) -> [String: String] {
        var goldens: [String: String] = [:]
        let ids = Set(reports.flatMap { $0.results.filter(ConformancePage.isShown).map(\.id) })
        for id in ids.sorted() {
            let url = catalog.root.appendingPathComponent(id + FixtureCatalog.goldenSuffix)
            // A golden that resolves outside the fixtures folder is not read, as the runner does not read it.
            guard url.resolvingSymlinksInPath().path.hasPrefix(catalog.root.resolvingSymlinksInPath().path + "/"),
                let data = try? FileBytes.readRegular(url, limit: HarnessLimits.maximumFileBytes)
            else { continue }
            goldens[id] = String(decoding: data, as: UTF8.self)
        }
        return goldens
    }

    /// The fuzz findings under `folder` (`conformance fuzz --out`): each `<feature>/fuzz-<seed>.finding.json`
    /// with its fixture, sorted by feature and seed. A record or fixture that cannot be read is an
    /// error that names it.
    public static func findings(in folder: URL, shownAs shown: String) throws(CatalogError) -> [Finding] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unreadable(
                path: shown, reason: "there is no such folder (give the --out folder of conformance fuzz)")
        }
        var findings: [Finding] = []
        let features = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for feature in features {
            let sub = folder.appendingPathComponent(feature)
            guard manager.fileExists(atPath: sub.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let suffix = ".finding.json"
            let names = ((try? manager.contentsOfDirectory(atPath: sub.path)) ?? []).filter { $0.hasSuffix(suffix) }
            for name in names {
                let path = "\(shown)/\(feature)/\(name)"
                let data: Data
                do {
                    data = try FileBytes.readRegular(
                        sub.appendingPathComponent(name), limit: HarnessLimits.maximumFileBytes)
                } catch {
                    throw .unreadable(path: path, reason: ScenarioText.message(error))
                }
                let record = try FindingRecord.read(data, file: path)
                let fixture = "fuzz-\(record.seed).jsonl"
                let fixturePath = "\(shown)/\(feature)/\(fixture)"
                guard record.feature == feature, name == FindingRecord.fileName(seed: record.seed) else {
                    throw .notAFinding(
                        file: path,
                        reason: "its \"feature\" \(record.feature) and \"seed\" \(record.seed) do not match its place")
                }
                let text: String
                do throws(FileRefusal) {
                    let data = try FileBytes.readRegular(
                        sub.appendingPathComponent(fixture), limit: HarnessLimits.maximumFileBytes)
                    guard let decoded = String(data: data, encoding: .utf8) else { throw .unreadable(reason: "") }
                    text = decoded
                } catch .unreadable {
                    throw .unreadable(path: fixturePath, reason: "the finding's fixture is missing or not UTF-8 text")
                } catch {
                    throw .unreadable(
                        path: fixturePath, reason: "the finding's fixture: \(ScenarioText.message(error))")
                }
                let lines = text.split(separator: "\n").map(String.init)
                findings.append(Finding(record: record, file: fixturePath, lines: lines))
            }
        }
        return findings.sorted {
            ($0.record.feature, UInt64($0.record.seed) ?? 0) < ($1.record.feature, UInt64($1.record.seed) ?? 0)
        }
    }

    /// A relative link from `folder` to `target`, both absolute, as a page in `folder` writes it.
    public static func relativeLink(from folder: URL, to target: URL) -> String {
        let from = folder.standardizedFileURL.pathComponents
        let to = target.standardizedFileURL.pathComponents
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty
            ? "."
            : parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
                .joined(separator: "/")
    }
}
