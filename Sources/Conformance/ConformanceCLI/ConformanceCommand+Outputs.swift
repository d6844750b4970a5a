import ConformanceKit
import Foundation

extension ConformanceCommand {
    /// Why a report cannot be written at `path`, or nil: its folder is missing or not a folder, or
    /// the path is a folder.
    static func outputProblem(_ path: String) -> String? {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder; give the name of a file to write"
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard files.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return "the folder \(folder) does not exist"
        }
        guard isFolder.boolValue else { return "\(folder) is not a folder" }
        guard files.isWritableFile(atPath: folder) else { return "the folder \(folder) is not writable" }
        return nil
    }
}
