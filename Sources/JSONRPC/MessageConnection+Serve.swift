extension MessageConnection {
    /// Serves a byte stream — standard input — until it ends or `isDone` says so (asked after
    /// each read and each message: the engine's `exit`): the one read loop of every byte-stream
    /// server (`workbench serve`, `workbench mcp`).
    ///
    /// The calling thread reads `input` and frames it (`MessageReader`: LSP headers, or one
    /// message per line when the first byte is `{` or `[`), and hands each message, and each
    /// framing error, to `receive` or `receiveMalformed`. Messages over `maximumMessageSize` are
    /// refused from their header, without being read into memory.
    ///
    /// - Parameter framedOutput: told the client's framing once its first byte is read, so that
    ///   replies use the same (`workbench serve`); nil leaves the output's own (MCP's lines).
    public func serve(
        input: Int32, maximumMessageSize: Int = 64 << 20, framedOutput: ProtocolOutput? = nil,
        until isDone: () -> Bool = { false }
    ) {
        var reader = MessageReader(input: input, maximumMessageSize: maximumMessageSize)
        var toldFraming = framedOutput == nil
        reading: while !isDone(), let events = reader.next() {
            // Once: the framing is the first byte's, and the output's lock is the replies'.
            if !toldFraming, let mode = reader.mode {
                framedOutput?.use(mode)
                toldFraming = true
            }
            for event in events {
                switch event {
                case .message(let bytes): receive(bytes)
                case .malformed(let reason): receiveMalformed(reason)
                }
                if isDone() { break reading }
            }
        }
    }
}
