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

    /// The most an input file may hold: far above any club's roster (100,000 rows are 5 MiB), and a
    /// guard against reading `/dev/zero` or a runaway pipe until memory runs out.
    static let inputLimit = 256 << 20

    /// The bytes of the file at `path` (a regular file, a pipe or a FIFO, such as `<(command)`), or an
    /// error that says why they cannot be read.
    static func readBytes(_ path: String) throws -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { throw CommandError.failed("there is no file \(path)") }
            throw CommandError.failed("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw CommandError.failed("\(path) is a folder, not a file")
        case S_IFCHR, S_IFBLK: throw CommandError.failed("\(path) is a device, not a file")
        case S_IFSOCK: throw CommandError.failed("\(path) is a socket, not a file")
        default: break
        }
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError.failed("cannot read \(path); check its permissions") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw CommandError.failed("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
            guard bytes.count <= inputLimit else {
                throw CommandError.failed("\(path) is larger than \(inputLimit >> 20) MiB, far more than a roster")
            }
        }
    }
}
