internal import CLayoutABI
import PluginHost

/// A plugin process's reply to one `PluginRequest`, written by the child and read by the
/// parent through the same type: each reply's layout is stated once.
protocol PluginReply {
    func write(to message: inout MessageWriter)
    init(reading message: inout MessageParser) throws(ChannelError)
}

extension PluginReply {
    /// The reply as a message.
    var encoded: MessageWriter {
        var message = MessageWriter()
        write(to: &message)
        return message
    }
}

/// `hello`'s reply: the plugin loaded (its name), or why not.
enum HelloReply: PluginReply {
    case loaded(name: String)
    case refused(reason: String)

    func write(to message: inout MessageWriter) {
        switch self {
        case .loaded(let name):
            message.append(UInt8(0))
            message.append(name)
        case .refused(let reason):
            message.append(UInt8(1))
            message.append(reason)
        }
    }

    init(reading message: inout MessageParser) throws(ChannelError) {
        let status = try message.read(UInt8.self), text = try message.readString()
        self = status == 0 ? .loaded(name: text) : .refused(reason: text)
    }
}

/// `create`'s reply: the new layout's id and what it said of itself, or the plugin's error.
enum CreateReply: PluginReply {
    case made(id: UInt32, facts: InstanceFacts)
    case refused(wb_error)

    func write(to message: inout MessageWriter) {
        switch self {
        case .made(let id, let facts):
            message.append(UInt8(1))
            message.append(id)
            InstanceFactsMessage.append(facts, to: &message)
        case .refused(let error):
            message.append(UInt8(0))
            message.append(error)
        }
    }

    init(reading message: inout MessageParser) throws(ChannelError) {
        if try message.read(UInt8.self) == 1 {
            self = .made(id: try message.read(UInt32.self), facts: try InstanceFactsMessage.read(&message))
        } else {
            self = .refused(try message.readError())
        }
    }
}

/// A call's status and, when it failed, the plugin's error (`prepare`, `prepare_for_updates`).
struct StatusReply {
    var status: Int32
    var error: wb_error
}

extension StatusReply: PluginReply {
    func write(to message: inout MessageWriter) {
        message.append(status)
        message.append(error)
    }

    init(reading message: inout MessageParser) throws(ChannelError) {
        status = try message.read(Int32.self)
        error = try message.readError()
    }
}

/// Records written into the child's result memory (whose descriptor comes beside the reply
/// when it is new): the status, the sink's counts and the memory's capacities, the plugin's
/// error, and for `changed_elements` the total.
struct RecordsReply {
    var status: Int32
    var count: Int64, extraLength: Int64
    var recordCapacity: Int64, extraCapacity: Int64
    var error: wb_error
    var total: Int64?
}

extension RecordsReply: PluginReply {
    func write(to message: inout MessageWriter) {
        message.append(status)
        message.append(count)
        message.append(extraLength)
        message.append(recordCapacity)
        message.append(extraCapacity)
        message.append(error)
        if let total { message.append(total) }
    }

    init(reading message: inout MessageParser) throws(ChannelError) {
        status = try message.read(Int32.self)
        count = try message.read(Int64.self)
        extraLength = try message.read(Int64.self)
        recordCapacity = try message.read(Int64.self)
        extraCapacity = try message.read(Int64.self)
        error = try message.readError()
        total = message.isAtEnd ? nil : try message.read(Int64.self)
    }
}

/// `preferred_attributes`' answers, one per size, up to the first failure and its error.
struct PreferredReply: PluginReply {
    var answers: [(status: Int32, answer: wb_preferred_answer)] = []
    var error: wb_error?

    init() {}

    func write(to message: inout MessageWriter) {
        for (status, answer) in answers {
            message.append(status)
            message.append(answer.size.width, answer.size.height)
            message.append(answer.invalidation)
        }
        if let error { message.append(error) }
    }

    init(reading message: inout MessageParser) throws(ChannelError) {
        while !message.isAtEnd {
            let status = try message.read(Int32.self)
            let answer = wb_preferred_answer(
                size: try message.readSize(), invalidation: try message.read(UInt32.self), reserved: 0)
            answers.append((status, answer))
            if status < 0 {
                error = try message.readError()
                return
            }
        }
    }
}

/// `target_for_moving_item`'s status, target and error.
struct MoveTargetReply {
    var status: Int32
    var target: wb_element
    var error: wb_error
}

extension MoveTargetReply: PluginReply {
    func write(to message: inout MessageWriter) {
        message.append(status)
        message.append(target)
        message.append(error)
    }

    init(reading message: inout MessageParser) throws(ChannelError) {
        status = try message.read(Int32.self)
        target = try message.readElement()
        error = try message.readError()
    }
}

/// The reply of a request that answers nothing (`invalidate`): one byte, as an empty datagram
/// would read as the end of the channel.
struct Acknowledgement: PluginReply {
    init() {}
    func write(to message: inout MessageWriter) { message.append(UInt8(0)) }
    init(reading message: inout MessageParser) throws(ChannelError) { _ = try message.read(UInt8.self) }
}

extension Int32: PluginReply {
    func write(to message: inout MessageWriter) { message.append(self) }
    init(reading message: inout MessageParser) throws(ChannelError) { self = try message.read() }
}

extension UInt32: PluginReply {
    func write(to message: inout MessageWriter) { message.append(self) }
    init(reading message: inout MessageParser) throws(ChannelError) { self = try message.read() }
}

extension Int64: PluginReply {
    func write(to message: inout MessageWriter) { message.append(self) }
    init(reading message: inout MessageParser) throws(ChannelError) { self = try message.read() }
}

extension wb_size: PluginReply {
    func write(to message: inout MessageWriter) { message.append(width, height) }
    init(reading message: inout MessageParser) throws(ChannelError) { self = try message.readSize() }
}

extension wb_point: PluginReply {
    func write(to message: inout MessageWriter) { message.append(x, y) }
    init(reading message: inout MessageParser) throws(ChannelError) { self = try message.readPoint() }
}
