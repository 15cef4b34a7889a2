// autolife fleet (docs/fleet.md): one WebSocket to this server's /api; the
// first paint (and each reconnection) from Fleet.robots, then each robot's
// changes from the Fleet.robot signal, drawn once per animation frame
// whatever their rate. Each robot is an element [data-robot=NAME] with
// data-online; its buttons call the robot over the broker (Fleet.call).
// h() and Rpc come from shared.js (the dashboard's).
'use strict';

const RECONNECT_MS = 2000;
const STATES = ['solitary', 'interactive', 'safeguard', 'disabled'];
const LOW_BATTERY = 20;

const $ = (id) => document.getElementById(id);

const robots = new Map();  // name -> the robot as the server last said (FleetView's map)
const cards = new Map();   // name -> its card's elements
const dirty = new Set();   // names whose card is behind its robot
let drawQueued = false;

const tokenParam = new URLSearchParams(location.search).get('token');
const apiUrl = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api' +
               (tokenParam ? '?token=' + encodeURIComponent(tokenParam) : '');
const rpc = new Rpc(apiUrl);

// ---- one robot's card -------------------------------------------------------

function makeCard(name) {
  const c = {};
  c.online = h('span', {class: 'online'}, '…');
  c.link = h('a', {class: 'dashboard', target: '_blank', rel: 'noopener', hidden: true}, 'dashboard');
  c.state = h('span', {class: 'state'}, '…');
  c.focus = h('dd', {class: 'focus'});
  c.battery = h('dd', {class: 'battery'});
  c.transition = h('dd', {class: 'transition'});
  c.problem = h('dd', {class: 'problem'});
  c.problemTerm = h('dt', {}, 'problem');
  c.triggers = h('dd', {class: 'triggers'});
  c.select = h('select', {class: 'state-choice', 'aria-label': 'state'}, STATES.map((s) => h('option', {value: s}, s)));
  c.setState = h('button', {class: 'set-state', onclick: () => control(name, 'ALAutonomousLife.setState', [c.select.value])},
                 'setState');
  c.stopAll = h('button', {class: 'stop-all', onclick: () => control(name, 'ALAutonomousLife.stopAll', [])}, 'stopAll');
  c.status = h('span', {class: 'call-status'});
  c.root = h('article', {class: 'robot', 'data-robot': name, 'data-online': 'unknown'},
    h('div', {class: 'title'}, h('h2', {}, name), c.online, c.link),
    h('dl', {},
      h('dt', {}, 'state'), h('dd', {}, c.state),
      h('dt', {}, 'focus'), c.focus,
      h('dt', {}, 'battery'), c.battery,
      h('dt', {}, 'last transition'), c.transition,
      h('dt', {}, 'triggers true'), c.triggers,
      c.problemTerm, c.problem),
    h('div', {class: 'controls'}, c.select, c.setState, c.stopAll, c.status));
  return c;
}

function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}

function transitionText(t) {
  if (!t || typeof t !== 'object') return '—';
  const from = t.PreviousActivityName || '—', to = t.FocusedActivityName || '—';
  const why = t.FocusedActivityName ? t.FocusedActivityStartReason : t.PreviousActivityStopReason;
  return from + ' → ' + to + (why ? ' (' + why + ')' : '');
}

function batteryText(b) {
  if (!b || typeof b !== 'object' || typeof b.level !== 'number') return '—';
  return b.level + ' %' + (b.charging ? ' ⚡ charging' : '');
}

function triggersText(list) {
  if (!Array.isArray(list)) return '—';
  const names = list.filter((a) => a && a.value === true).map((a) => a.name);
  return names.length + ' of ' + list.length + (names.length ? ': ' + names.join(', ') : '');
}

// A problem as a card has room for: its message, a file's folders left out
// ("behavior.xar:20:9: box 'Say' raised ...": the activity is in the title).
function shortProblem(p) {
  return String(p.message).replace(/^\S*\/([^/\s]+:\d+:\d+: )/, '$1');
}

function draw(name) {
  const r = robots.get(name);
  const c = cards.get(name);
  const online = r.online === true ? 'true' : r.online === false ? 'false' : 'unknown';
  if (c.root.dataset.online !== online) c.root.dataset.online = online;
  setText(c.online, online === 'true' ? 'online' : online === 'false' ? 'offline' : 'unknown');
  const state = typeof r.state === 'string' ? r.state : '—';
  setText(c.state, state);
  c.state.className = 'state ' + state;
  setText(c.focus, typeof r.focus === 'string' && r.focus ? r.focus : '—');
  setText(c.battery, batteryText(r.battery));
  c.battery.classList.toggle('low', !!(r.battery && r.battery.level < LOW_BATTERY));
  setText(c.transition, transitionText(r.transition));
  c.transition.classList.toggle('error', !!(r.transition && r.transition.PreviousActivityStopReason === 'error'));
  setText(c.triggers, triggersText(r.activities));
  const problem = r.problem && typeof r.problem === 'object' ? r.problem.activity + ': ' + r.problem.message : '';
  c.problem.hidden = c.problemTerm.hidden = !problem;
  setText(c.problem, problem ? shortProblem(r.problem) : '');
  if (c.problem.title !== problem) c.problem.title = problem;  // the whole of it
  const link = r.reachable === true && online === 'true' && typeof r.dashboard === 'string' ? r.dashboard : '';
  c.link.hidden = !link;
  if (link && c.link.getAttribute('href') !== link) c.link.setAttribute('href', link);
  c.setState.disabled = c.stopAll.disabled = online !== 'true';
}

// A robot's card, made and placed in name order the first time.
function cardOf(name) {
  let c = cards.get(name);
  if (c) return c;
  c = makeCard(name);
  cards.set(name, c);
  $('robots').querySelector('.loading-note, .empty')?.remove();
  const names = [...cards.keys()].sort();
  const next = names[names.indexOf(name) + 1];
  $('robots').insertBefore(c.root, next ? cards.get(next).root : null);
  return c;
}

function drawDirty() {
  drawQueued = false;
  for (const name of dirty) {
    cardOf(name);
    draw(name);
  }
  dirty.clear();
  setText($('robot-count'), String(robots.size));
  setText($('online-count'), String([...robots.values()].filter((r) => r.online === true).length));
}

function changed(name) {
  dirty.add(name);
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(drawDirty);
}

// ---- what the server says ----------------------------------------------------

function merge(change) {
  if (!change || typeof change.name !== 'string') return;
  robots.set(change.name, Object.assign(robots.get(change.name) || {}, change));
  changed(change.name);
}

function showBroker(status) {
  if (!status) return;
  setText($('broker-url'), status.url);
  const e = $('broker');
  e.textContent = status.connected ? 'broker reached' : 'broker unreachable';
  e.className = 'connection ' + (status.connected ? 'connected' : 'failed');
}

async function control(name, method, params) {
  const c = cards.get(name);
  setText(c.status, method.split('.')[1] + '…');
  c.status.className = 'call-status';
  try {
    await rpc.call('Fleet.call', [name, method, params]);
    setText(c.status, method.split('.')[1] + ' done');
    c.status.className = 'call-status ok';
  } catch (e) {
    setText(c.status, e.message);
    c.status.className = 'call-status error';
  }
}

function setConnection(text, kind) {
  const e = $('connection');
  e.textContent = text;
  e.className = 'connection ' + kind;
}

rpc.onopen = async () => {
  setConnection('page connected', 'connected');
  try {
    await rpc.subscribe({signal: 'Fleet.robot'}, (p) => merge(p.value));
    await rpc.subscribe({signal: 'Fleet.broker'}, (p) => showBroker(p.value));
    const [list, broker] = await Promise.all([rpc.call('Fleet.robots'), rpc.call('Fleet.broker')]);
    showBroker(broker);
    for (const r of list) merge(r);
    if (robots.size === 0) $('robots').replaceChildren(h('p', {class: 'muted empty'}, 'No robot on the broker yet.'));
    document.body.classList.remove('loading');
  } catch (e) {
    setConnection('failed: ' + e.message, 'failed');
  }
};

rpc.onclose = () => {
  const hint = tokenParam ? '' : ' (away from loopback, open this page as /?token=TOKEN)';
  setConnection('disconnected, retrying' + hint, 'failed');
  setTimeout(() => rpc.connect(), RECONNECT_MS);
};

rpc.connect();
