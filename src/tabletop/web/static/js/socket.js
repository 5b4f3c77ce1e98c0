// One table's live connection (docs/server.md, "WebSocket protocol"): authenticate as a
// seat or watch, receive the whole view with every frame ("views": true), send actions
// with the last sequence number seen, and reconnect after any loss: the server's
// fresh welcome frame then brings the client back in step.

const FATAL_CLOSES = new Set([4401, 4404]); // refused auth, unknown table: retrying won't help

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{seat:number, token:string}|null} auth  null to watch as a spectator
   * @param {{frame:Function, status:Function}} on  frame(frame), status("open"|"closed"|"failed", why)
   */
  constructor(tableId, auth, on) {
    this.tableId = tableId;
    this.auth = auth;
    this.on = on;
    this.seq = 0;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.waiting = new Map(); // ref -> {resolve, reject}
    this.nextRef = 1;
    this.fatal = null;
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.onopen = () => {
      const first = this.auth
        ? { type: "auth", seat: this.auth.seat, token: this.auth.token, views: true }
        : { type: "spectate", views: true };
      ws.send(JSON.stringify(first));
    };
    ws.onmessage = (message) => this.receive(JSON.parse(message.data));
    ws.onclose = (event) => this.lost(event);
  }

  receive(frame) {
    if (frame.type === "welcome") {
      this.retry = 0;
      this.on.status("open");
    }
    if (typeof frame.seq === "number") this.seq = frame.seq;
    if (frame.type === "error" && ["auth_failed", "bad_seat", "unknown_table"].includes(frame.code)) {
      this.fatal = frame;
    }
    const ref = frame.type === "error" ? frame.ref : frame.ack;
    if (ref !== undefined && ref !== null && this.waiting.has(ref)) {
      const pending = this.waiting.get(ref);
      this.waiting.delete(ref);
      if (frame.type === "error") pending.reject(frame);
      else pending.resolve(frame);
    }
    this.on.frame(frame);
  }

  lost(event) {
    for (const pending of this.waiting.values()) {
      pending.reject({ code: "connection_lost", message: "connection lost" });
    }
    this.waiting.clear();
    if (this.closed) return;
    if (this.fatal || FATAL_CLOSES.has(event.code)) {
      this.on.status("failed", this.fatal || { code: String(event.code), message: event.reason });
      return;
    }
    this.on.status("closed");
    const delay = Math.min(5000, 300 * 2 ** this.retry);
    this.retry += 1;
    setTimeout(() => {
      if (!this.closed) this.connect();
    }, delay);
  }

  /** Send an action (notation) for the seat's decision `decision` (its id from the
   * server, checked there: a control of an earlier decision is refused as
   * stale_decision); resolves with the frame that acknowledges it, or rejects with
   * the server's error frame ({code, message}). */
  act(action, decision) {
    const ref = `a${this.nextRef++}`;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject({ code: "connection_lost", message: "not connected; reconnecting" });
        return;
      }
      this.waiting.set(ref, { resolve, reject });
      const message = { type: "action", seq: this.seq, action, ref };
      if (decision !== null && decision !== undefined) message.decision = decision;
      this.ws.send(JSON.stringify(message));
    });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
