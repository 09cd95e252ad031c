// JSON-RPC 2.0 over the preview's WebSocket: one text message per JSON-RPC message. The calls
// it sends are protocol.js's.

export class RPCError extends Error {
  constructor(error) {
    super(error.message);
    this.code = error.code;
    this.data = error.data;
  }
}

export class RPC {
  /** Connects to `url`; `onNotification(method, params)` hears what the server sends unasked. */
  static connect(url, onNotification) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.onopen = () => resolve(new RPC(socket, onNotification));
      socket.onerror = () => reject(new Error(`cannot connect to ${url}`));
    });
  }

  constructor(socket, onNotification) {
    this.socket = socket;
    this.nextID = 1;
    this.pending = new Map();
    this.onNotification = onNotification;
    this.onClose = () => {};
    socket.onmessage = (event) => this.received(JSON.parse(event.data));
    socket.onclose = () => {
      for (const { reject } of this.pending.values()) reject(new Error('the connection closed'));
      this.pending.clear();
      this.onClose();
    };
  }

  /** Sends one call (protocol.js: `{method, params}`); resolves with its result, rejects with an RPCError. */
  request({ method, params }) {
    const [message, promise] = this.prepared(method, params);
    this.socket.send(JSON.stringify(message));
    return promise;
  }

  /** Sends calls as one batch (one round trip); resolves with their results, in order. */
  batch(calls) {
    const prepared = calls.map(({ method, params }) => this.prepared(method, params));
    this.socket.send(JSON.stringify(prepared.map(([message]) => message)));
    return Promise.all(prepared.map(([, promise]) => promise));
  }

  prepared(method, params) {
    const id = this.nextID++;
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    return [{ jsonrpc: '2.0', id, method, params }, promise];
  }

  received(message) {
    if (Array.isArray(message)) { message.forEach((part) => this.received(part)); return; }
    if (message.method !== undefined) { this.onNotification(message.method, message.params); return; }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.error) waiting.reject(new RPCError(message.error)); else waiting.resolve(message.result);
  }
}
