// What the dashboard and the fleet page (docs/dashboard.md, docs/fleet.md)
// share: h(), the one way they make elements, and Rpc, JSON-RPC 2.0 over one
// WebSocket to /api with subscriptions. Loaded before each page's script.
'use strict';

// h('li', {class: 'x'}, 'text', child...): an element; text is never parsed as HTML.
function h(tag, attributes, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

// ---- JSON-RPC over one WebSocket -----------------------------------------

class Rpc {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.pending = new Map();  // id -> {resolve, reject}
    this.handlers = new Map();  // subscription id -> function(params)
    this.onopen = () => {};
    this.onclose = () => {};
  }

  connect() {
    this.socket = new WebSocket(this.url);
    this.socket.onopen = () => this.onopen();
    this.socket.onmessage = (m) => this.receive(m.data);
    this.socket.onclose = () => {
      for (const p of this.pending.values()) p.reject(new Error('the connection closed'));
      this.pending.clear();
      this.handlers.clear();
      this.onclose();
    };
  }

  receive(text) {
    const message = JSON.parse(text);
    for (const m of Array.isArray(message) ? message : [message]) {
      if (m.id !== undefined && this.pending.has(m.id)) {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error) p.reject(new Error(m.error.message + (m.error.data ? ' (' + m.error.data.reason + ')' : '')));
        else p.resolve(m.result);
      } else if (m.method === 'event' || m.method === 'signal') {
        const handler = this.handlers.get(m.params.subscription);
        if (handler) handler(m.params);
      }
    }
  }

  // `rawParams`, when given, is sent as written: a value typed by the user
  // keeps its spelling (1.0 stays a float, which JSON.parse would lose).
  call(method, params = [], rawParams = null) {
    const id = this.nextId++;
    const body = '{"jsonrpc": "2.0", "id": ' + id + ', "method": ' + JSON.stringify(method) +
                 ', "params": ' + (rawParams !== null ? rawParams : JSON.stringify(params)) + '}';
    return new Promise((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected'));
        return;
      }
      this.pending.set(id, {resolve, reject});
      this.socket.send(body);
    });
  }

  async subscribe(spec, handler) {
    const id = await this.call('subscribe', spec);
    this.handlers.set(id, handler);
    return id;
  }
}
