import Foundation
import Platform

/// `run --output DIR`'s folder, made ready before any view is laid out, and file-system
/// failures said in words: the path and the reason, never a Foundation error code.
public enum OutputFolder {
    /// Makes `path` (and its parents) a folder the batch can write into.
    ///
    /// - Returns: nil when it is ready; else what is wrong, naming the path ("'afile' is not a
    ///   folder", "cannot make the folder 'out': permission denied").
    public static func prepare(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { return "'\(path)' is not a folder" }
            guard access(path, W_OK | X_OK) == 0 else {
                return "cannot write into the folder '\(path)': \(reason(errno))"
            }
            return nil
        }
        // Each missing part made in turn, so that the failure names its POSIX reason.
        var made = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + part
            guard mkdir(made, 0o777) != 0 else { continue }
            let failure = errno
            var isFolder: ObjCBool = false
            if failure == EEXIST, FileManager.default.fileExists(atPath: made, isDirectory: &isFolder) {
                if isFolder.boolValue { continue }
                return "cannot make the folder '\(path)': \(reason(ENOTDIR))"
            }
            return "cannot make the folder '\(path)': \(reason(failure))"
        }
        return nil
    }

    /// A Foundation file error's reason in words: the POSIX reason under it ("not a directory",
    /// "permission denied", "no space left on device"), or its description.
    public static func words(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(Int32(underlying.code))
        }
        if error.domain == NSPOSIXErrorDomain { return reason(Int32(error.code)) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileWriteFileExists: return "a file of that name is in the way"
        default: return error.localizedDescription
        }
    }

    /// `strerror`'s text, lowercased as a clause: "permission denied".
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
