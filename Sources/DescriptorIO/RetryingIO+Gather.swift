import Platform

extension RetryingIO {
    /// Writes all of `parts`, in order, as one stream of bytes: gathered by `writev`, so a
    /// message framed around a large body is written without first being copied into one
    /// buffer. Retries short and interrupted writes.
    ///
    /// - Returns: as `writeAll(_:_:)`.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, parts: [[UInt8]]) -> Bool {
        withVectors(parts[...], []) { vectors in
            var vectors = vectors[...]
            while let first = vectors.first {
                if first.iov_len == 0 {
                    vectors = vectors.dropFirst()
                    continue
                }
                let count = Int32(min(vectors.count, 16))  // POSIX's least IOV_MAX; the rest goes next round
                var written = vectors.withUnsafeBufferPointer { writev(descriptor, $0.baseAddress, count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                // Drops what was written: whole vectors, then the start of the next.
                while written > 0, let next = vectors.first {
                    if written >= next.iov_len {
                        written -= next.iov_len
                        vectors = vectors.dropFirst()
                    } else {
                        vectors[vectors.startIndex].iov_base = next.iov_base.map { $0 + written }
                        vectors[vectors.startIndex].iov_len -= written
                        written = 0
                    }
                }
            }
            return true
        }
    }

    /// Calls `body` with one `iovec` per part, each pointing into the part's storage.
    private static func withVectors(_ parts: ArraySlice<[UInt8]>, _ vectors: [iovec], _ body: ([iovec]) -> Bool) -> Bool
    {
        guard let first = parts.first else { return body(vectors) }
        return first.withUnsafeBytes { bytes in
            let vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count)
            return withVectors(parts.dropFirst(), vectors + [vector], body)
        }
    }
}
