/**
 * The browser tests run offline, but Firebase's popup sign-in (and the Auth emulator's helper
 * iframe) load Google's `gapi` script from apis.google.com only to pass messages between the page
 * and a hidden iframe. The e2e serves this stand-in under that address: the same calls
 * (`gapi.load('gapi.iframes')`, `getContext().open()`, `register`, `send`, `ping`,
 * `getParentIframe()`), carried by postMessage. Everything else in the flow is the real Firebase
 * SDK, the real emulator pages and our real server.
 */
export const GAPI_SHIM = String.raw`
(function () {
  var TAG = '__gapiShim';
  var seq = 0;
  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.queue = [];
    this.replies = {};
    this.ready = false;
    this.waiting = [];
  }
  Channel.prototype.post = function (msg) { msg[TAG] = true; this.target.postMessage(msg, '*'); };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var pending = this.queue.filter(function (m) { return m.name === name; });
    this.queue = this.queue.filter(function (m) { return m.name !== name; });
    for (var i = 0; i < pending.length; i++) this.deliver(pending[i]);
  };
  Channel.prototype.send = function (name, data, cb) {
    var id = ++seq;
    if (cb) this.replies[id] = cb;
    this.post({ kind: 'send', name: name, data: data, id: id });
  };
  Channel.prototype.deliver = function (msg) {
    var handler = this.handlers[msg.name];
    if (!handler) return this.queue.push(msg);
    var result = handler(msg.data);
    this.post({ kind: 'reply', id: msg.id, result: [result] });
  };
  Channel.prototype.receive = function (msg) {
    if (msg.kind === 'ready') {
      this.ready = true;
      this.waiting.splice(0).forEach(function (f) { f(); });
    } else if (msg.kind === 'send') this.deliver(msg);
    else if (msg.kind === 'reply' && this.replies[msg.id]) {
      var cb = this.replies[msg.id];
      delete this.replies[msg.id];
      cb(msg.result);
    }
  };
  Channel.prototype.ping = function (cb) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () { if (cb) cb(); resolve(); };
      if (self.ready) done(); else self.waiting.push(done);
    });
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };

  var children = [];
  var parentChannel = null;
  window.addEventListener('message', function (e) {
    if (!e.data || !e.data[TAG]) return;
    if (parentChannel && e.source === window.parent) return parentChannel.receive(e.data);
    for (var i = 0; i < children.length; i++) if (children[i].frame.contentWindow === e.source) children[i].receive(e.data);
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attrs = (options.attributes && options.attributes.style) || {};
      for (var k in attrs) frame.style[k] = attrs[k];
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = new Channel(frame.contentWindow);
      channel.frame = frame;
      frame.addEventListener('load', function () { channel.target = frame.contentWindow; });
      children.push(channel);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(window.parent);
        parentChannel.post({ kind: 'ready' });
      }
      return parentChannel;
    },
  };

  var iframes = { Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, getContext: function () { return context; } };
  window.gapi = window.gapi || {};
  window.gapi.iframes = iframes;
  window.gapi.load = function (_name, opts) {
    var cb = typeof opts === 'function' ? opts : opts && opts.callback;
    setTimeout(function () { if (cb) cb(); }, 0);
  };
  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
`;
