import Foundation

/// Small questions about files the commands ask before acting.
enum FileSystem {
    /// True when `path` is a file with at least one byte.
    static func fileHasContent(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber
        else { return false }
        return size.intValue > 0
    }

    /// The bytes of the file at `path`, or an error that says why they cannot be read.
    static func readBytes(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandError.failed("there is no file \(path)")
        }
        guard !isDirectory.boolValue else { throw CommandError.failed("\(path) is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError.failed("cannot read \(path); check its permissions")
        }
        return Array(data)
    }
}
