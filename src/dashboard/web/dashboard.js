// autolife dashboard (docs/dashboard.md): one WebSocket to /api carries the
// JSON-RPC calls and the subscriptions; the first paint (and each
// reconnection) fills every panel from one Autolife.snapshot; explanations
// and memory are then polled (they change with time, not only with events).
// No framework, no build step. h() and the JSON-RPC client (Rpc) are in
// shared.js, which the fleet page loads too.
'use strict';

const EXPLAIN_PERIOD_MS = 500;
const MEMORY_PERIOD_MS = 1000;
const STATUS_PERIOD_MS = 2000;
const RECONNECT_MS = 2000;
const LOG_LIMIT = 100;
const SAFEGUARDS = ['RobotFell', 'RobotPushed', 'RobotMoved', 'CriticalDiagnosis', 'CriticalTemperature'];

// ---- small DOM helpers ---------------------------------------------------

const $ = (id) => document.getElementById(id);

function svg(tag, attributes, ...children) {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  for (const c of children.flat()) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

function show(value) {
  return value === undefined ? '' : JSON.stringify(value);
}

function truthClass(value) {
  if (value === true) return 'true';
  if (value === false || value === null || value === 0 || value === '') return 'false';
  return Array.isArray(value) && value.length === 0 ? 'false' : 'true';
}

function setStatus(id, text, ok) {
  const e = $(id);
  e.textContent = text;
  e.className = 'status ' + (ok ? 'ok' : 'error');
}

function seconds(s) {
  return (Math.round(s * 10) / 10).toString() + ' s';
}

// ---- what the page knows -------------------------------------------------

const model = {
  focused: null,  // unknown until the first answer
  activities: [],
  activityNames: [],
  lifeOffset: 0,  // life time (s since the epoch, the server's) minus Date.now()/1000
  stateHistory: [],  // [[state, lifeTime], ...]
  focusHistory: [],  // [[activity, lifeTime], ...]
  statistics: {},  // activity -> {prevFocusTime, prevUnfocusTime, ...}
  unfocusedAt: [],  // life times at which this page saw the focus become ""
  memory: new Map(),  // key -> JSON of its value and time, to flash changes
  memoryShown: '',  // the entries the table shows, as JSON
};

const tokenParam = new URLSearchParams(location.search).get('token');
const apiUrl = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api' +
               (tokenParam ? '?token=' + encodeURIComponent(tokenParam) : '');
const rpc = new Rpc(apiUrl);

function lifeNow() {
  return Date.now() / 1000 + model.lifeOffset;
}

// ---- header: state, focus, stack -----------------------------------------

function showState(state) {
  const e = $('life-state');
  e.textContent = state;
  e.className = 'state ' + state;
  $('state-select').value = state;
}

function showFocus(name) {
  if (model.focused && !name) model.unfocusedAt.push(lifeNow());
  model.focused = name;
  $('focused-activity').textContent = name || '(none)';
  drawTimeline();
}

function showStack(stack) {
  $('focus-stack').textContent = stack.length ? stack.join(' ← ') : '(empty)';
}

function showSuggestions(list) {
  const ul = $('suggestions');
  ul.replaceChildren(...list.map((name) => h('li', {}, name)));
  if (!list.length) ul.append(h('li', {class: 'empty'}, '(none)'));
}

// ---- activities and their explanations -----------------------------------

function explainNode(node) {
  const skipped = node.evaluated === false;
  const li = h('li', {class: skipped ? 'skipped' : ''},
               h('code', {class: 'expr'}, node.expression),
               ' → ',
               h('span', {class: 'value ' + (skipped ? '' : truthClass(node.value))}, skipped ? 'skipped' : show(node.value)));
  const t = node.temporal;
  if (t && t.operator === '~' && t.window && t.operandTrue) {
    const fraction = Math.min(1, (t.held || 0) / t.window);
    const bar = h('span');
    bar.style.width = (fraction * 100).toFixed(1) + '%';  // CSSOM: the page's CSP forbids style attributes
    li.append(h('span', {class: 'progress', title: seconds(t.held) + ' of ' + seconds(t.window)}, bar));
  }
  if (node.note) li.append(h('span', {class: 'note'}, node.note));
  if (node.warning) li.append(h('span', {class: 'warning'}, '⚠ ' + node.warning));
  const children = (node.children || []).filter((c) => !isConstant(c));
  if (children.length) li.append(h('ul', {}, children.map(explainNode)));
  return li;
}

// A leaf that is a constant (`60`, `"solitary"`, `[1, 2]`): its value is its
// text, so the tree does not repeat it ("60 → 60").
function isConstant(node) {
  if (node.children && node.children.length) return false;
  try {
    return JSON.stringify(JSON.parse(node.expression)) === JSON.stringify(node.value);
  } catch (e) {
    return false;  // a key ('Launchpad/...'), a function call...
  }
}

// Why it is not focused (Autolife.whyNot, docs/life.md): the reason and its sentence.
function whyNotLine(w) {
  return h('div', {class: 'why-not', 'data-reason': w.reason},
           h('span', {class: 'reason'}, w.reason), ' ', w.message);
}

// Its behavior runs but nothing in it will happen by itself (docs/behaviors.md
// "Idle behaviors"): why, and what its boxes still wait for.
function idleLines(idle) {
  return h('div', {class: 'idle-why'},
    idle.waiting.length ? 'idle: no box runs; it waits for' : 'idle: ' + idle.why,
    idle.waiting.length > 0 && h('ul', {}, idle.waiting.map((w) => h('li', {}, (w.box ? w.box + ': ' : '') + w.for))));
}

function activityCard(a) {
  const value = a.explanation ? a.explanation.value : null;
  const failed = Boolean(a.failure);
  const classes = ['activity', a.explanation && truthClass(value) === 'true' ? 'true' : '', a.focused ? 'focused' : '',
                   failed ? 'failed' : ''];
  return h('article', {class: classes.join(' ') + (a.idle ? ' idle' : ''), 'data-name': a.name},
    h('div', {class: 'title'},
      a.app && h('span', {class: 'app'}, a.app),
      h('span', {class: a.app ? 'name secondary' : 'name'}, a.name),
      h('span', {class: 'badge'}, a.nature),
      a.idle && h('span', {class: 'badge idle'}, 'idle'),
      a.focused && h('span', {class: 'badge focused'}, 'focused'),
      a.suggested && h('span', {class: 'badge suggested'}, 'suggested'),
      a.stacked && h('span', {class: 'badge stacked'}, 'stacked'),
      failed && h('span', {class: 'badge problem failed', title: 'at t=' + a.failure.t + ' s'}, 'failed'),
      a.problem && !failed && h('span', {class: 'badge problem'}, 'cannot run'),
      a.behavior && h('a', {class: 'behavior-link', href: '#behavior=' + encodeURIComponent(a.name)}, 'behavior')),
    a.problem && h('div', {class: 'problem'}, a.problem),
    a.whyNot && whyNotLine(a.whyNot),
    a.idle && idleLines(a.idle),
    a.violations.length > 0 && h('div', {class: 'violations'}, 'not now: ' + a.violations.join(', ')),
    a.unresolved && a.unresolved.length > 0 &&
      h('div', {class: 'unresolved'}, 'no service provides: ' + a.unresolved.join(', ')),
    a.explanation
      ? h('ul', {class: 'explain'}, explainNode(a.explanation.tree))
      : h('p', {class: 'muted'}, a.launchTrigger ? 'trigger not loaded' : 'no launch trigger (started by switchFocus only)'));
}

function showActivities(list) {
  model.activities = list;
  const container = $('activities');
  if (!list.length) {
    // once an answer came: "loading" until then (index.html)
    container.replaceChildren(h('p', {class: 'empty'}, 'No activity loaded.'));
  } else {
    // A card is rebuilt only when what it shows changed (keeps text selectable).
    const old = new Map([...container.querySelectorAll('article.activity')].map((e) => [e.dataset.name, e]));
    const cards = list.map((a) => {
      const signature = JSON.stringify([a, a.explanation && a.explanation.tree]).replace(/"t":[^,}]*/g, '');
      const previous = old.get(a.name);
      if (previous && previous.dataset.signature === signature) return previous;
      const card = activityCard(a);
      card.dataset.signature = signature;
      return card;
    });
    container.replaceChildren(...cards);
  }
  const names = list.map((a) => a.name);
  if (JSON.stringify(names) !== JSON.stringify(model.activityNames)) {
    model.activityNames = names;
    const select = $('focus-select');
    const chosen = select.value;
    select.replaceChildren(...names.map((n) => h('option', {}, n)));
    if (names.includes(chosen)) select.value = chosen;
  }
}

// ---- memory browser --------------------------------------------------------

function showMemory(entries) {
  const fingerprint = JSON.stringify(entries);
  if (fingerprint === model.memoryShown) return;  // unchanged: keep the table (and any selection in it)
  model.memoryShown = fingerprint;
  const seen = new Map();
  const rows = entries.map((e) => {
    const fingerprint = show(e.value) + '@' + e.t;
    const changed = model.memory.has(e.key) && model.memory.get(e.key) !== fingerprint;
    seen.set(e.key, fingerprint);
    return h('tr', {class: changed ? 'changed' : '', 'data-key': e.key, onclick: () => pickKey(e)},
             h('td', {}, e.key), h('td', {}, e.type), h('td', {}, show(e.value)), h('td', {}, seconds(e.t)));
  });
  model.memory = seen;
  $('memory-table').tBodies[0].replaceChildren(...rows);
  $('memory-count').textContent = entries.length + (entries.length === 1 ? ' key' : ' keys');
}

function pickKey(entry) {
  $('memory-key').value = entry.key;
  $('memory-value').value = show(entry.value);
}

// The value field as JSON text; a bare word is taken as a string.
function typedValue() {
  const text = $('memory-value').value.trim();
  try {
    JSON.parse(text);
    return text;
  } catch (e) {
    return JSON.stringify(text);
  }
}

async function writeMemory(method) {
  const key = $('memory-key').value.trim();
  if (!key) {
    setStatus('memory-status', 'a key is needed', false);
    return;
  }
  const value = typedValue();
  try {
    await rpc.call('ALMemory.' + method, null, '[' + JSON.stringify(key) + ', ' + value + ']');
    setStatus('memory-status', method + '(' + JSON.stringify(key) + ', ' + value + ') done', true);
    refreshMemory();
    refreshActivities();
  } catch (e) {
    setStatus('memory-status', e.message, false);
  }
}

// ---- controls --------------------------------------------------------------

// What a person says: heard by ALSpeechRecognition and ALDialog; the
// answer (or why there is none) is shown.
async function sayToRobot() {
  const text = $('say-text').value;
  if (!text.trim()) return;
  try {
    const r = await rpc.call('Autolife.hear', [text, 1.0]);
    const said = r.answers.length ? 'robot: ' + r.answers.join(' / ') + ' — ' : '';
    setStatus('say-status', said + r.reason, r.outcome === 'answered');
    $('say-text').value = '';
  } catch (e) {
    setStatus('say-status', e.message, false);
  }
}

async function control(method, params) {
  try {
    await rpc.call(method, params);
    setStatus('control-status', method + ' done', true);
  } catch (e) {
    setStatus('control-status', e.message, false);
  }
  refreshStatus();
  refreshActivities();
}

// Toggles are updated in place when the same ones are shown, so that one
// being clicked is never replaced under the pointer.
function sameToggles(ul, attribute, names) {
  const shown = [...ul.querySelectorAll('input')].map((i) => i.getAttribute(attribute));
  return JSON.stringify(shown) === JSON.stringify(names);
}

function showAbilities(list) {
  const ul = $('abilities');
  if (sameToggles(ul, 'data-ability', list.map((a) => a.name))) {
    list.forEach((a, i) => {
      ul.querySelectorAll('input')[i].checked = a.enabled;
      ul.querySelectorAll('.running')[i].textContent = a.running ? ' running' : '';
    });
    return;
  }
  ul.replaceChildren(...list.map((a) => h('li', {},
    h('label', {class: 'check'},
      h('input', {type: 'checkbox', checked: a.enabled, 'data-ability': a.name,
                  onchange: (ev) => control('ALAutonomousLife.setAutonomousAbilityEnabled', [a.name, ev.target.checked])}),
      a.name),
    h('span', {class: 'running'}, a.running ? ' running' : ''))));
}

function showSafeguards(enabled) {
  const ul = $('safeguards');
  if (sameToggles(ul, 'data-safeguard', SAFEGUARDS)) {
    ul.querySelectorAll('input').forEach((input, i) => { input.checked = enabled[i]; });
    return;
  }
  ul.replaceChildren(...SAFEGUARDS.map((name, i) => h('li', {},
    h('label', {class: 'check'},
      h('input', {type: 'checkbox', checked: enabled[i], 'data-safeguard': name,
                  onchange: (ev) => control('ALAutonomousLife.setSafeguardEnabled', [name, ev.target.checked])}),
      name))));
}

// ---- packages --------------------------------------------------------------

// One item per package: its uuid on a line of its own (uuids are long),
// then version, name and the remove button.
function showPackages(list) {
  const ul = $('packages');
  ul.replaceChildren(...list.map((p) => h('li', {'data-uuid': p.uuid},
    h('div', {class: 'uuid mono'}, p.uuid),
    h('div', {class: 'meta'},
      h('span', {class: 'version'}, p.version),
      h('span', {class: 'package-name'}, Object.values(p.names || {})[0] || ''),
      h('button', {type: 'button', onclick: () => removePackage(p.uuid)}, 'remove')))));
  if (!list.length) ul.append(h('li', {class: 'empty'}, 'No package installed.'));
}

async function installPackage() {
  const path = $('package-path').value.trim();
  try {
    await rpc.call('PackageManager.install', [path]);
    setStatus('package-status', 'installed ' + path, true);
  } catch (e) {
    setStatus('package-status', e.message, false);
  }
  refreshPackages();
  refreshActivities();
}

async function removePackage(uuid) {
  try {
    await rpc.call('PackageManager.removePkg', [uuid]);
    setStatus('package-status', 'removed ' + uuid, true);
  } catch (e) {
    setStatus('package-status', e.message, false);
  }
  refreshPackages();
  refreshActivities();
}

// ---- transitions log -------------------------------------------------------

// A transition as the log shows it; one that ended in an error is marked red, with its message.
function transitionItem(t) {
  const time = new Date((t.TransitionTime || lifeNow()) * 1000).toLocaleTimeString();
  const from = t.PreviousActivityName ? t.PreviousActivityName + ' (' + t.PreviousActivityStopReason + ')' : '—';
  const to = t.FocusedActivityName ? t.FocusedActivityName + ' (' + t.FocusedActivityStartReason + ')' : '—';
  const error = t.PreviousActivityStopReason === 'error';
  return h('li', {class: error ? 'error' : ''}, error && h('span', {class: 'mark', title: 'error'}, '✖ '),
           time + '  ' + from + ' → ' + to,
           error && t.PreviousActivityError && h('div', {class: 'error-message'}, t.PreviousActivityError));
}

function logTransition(t) {
  const log = $('log');
  log.querySelector('li.empty')?.remove();
  log.prepend(transitionItem(t));
  while (log.children.length > LOG_LIMIT) log.lastChild.remove();
}

// The snapshot's transitions, oldest first: the log shows them newest first.
function showTransitions(list) {
  const items = list.slice(-LOG_LIMIT).reverse().map(transitionItem);
  $('log').replaceChildren(...(items.length ? items : [h('li', {class: 'empty'}, 'No transition yet.')]));
}

// ---- timeline ----------------------------------------------------------------

const STATE_COLORS = {solitary: '#3a9d5d', interactive: '#2d6fd3', safeguard: '#d04a2b', disabled: '#8a909c'};

function colorOf(name) {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.codePointAt(0)) >>> 0;
  return 'hsl(' + (hash % 360) + ', 55%, 55%)';
}

// [name, start, end] segments from [name, start] entries: each lasts until
// the next; the last until now.
function segments(history, now) {
  return history.map(([name, start], i) => [name, start, i + 1 < history.length ? history[i + 1][1] : now]);
}

// Focus ends before the next focus when the activity stopped in between:
// its prevUnfocusTime (its last run) or an unfocus this page saw.
function focusSegments(now) {
  return segments(model.focusHistory, now).map(([name, start, end], i, all) => {
    const last = i + 1 === all.length;
    if (last && model.focused === name) return [name, start, now];
    let stop = last ? start : end;
    const stats = model.statistics[name];
    if (stats && stats.prevFocusTime === start && stats.prevUnfocusTime >= start) stop = Math.min(end, stats.prevUnfocusTime);
    for (const u of model.unfocusedAt) if (u >= start && u < stop) stop = u;
    return [name, start, stop];
  });
}

function timelineSpan() {
  return Number($('timeline-span').value);
}

function drawRow(root, y, label, list, colors, from, now) {
  const x = (t) => 80 + (Math.max(from, Math.min(now, t)) - from) / (now - from) * 910;
  root.append(svg('text', {x: 0, y: y + 15, class: 'row-label'}, label));
  for (const [name, start, end] of list) {
    if (end < from || !name) continue;
    const left = x(start);
    const width = Math.max(x(end) - left, 1);
    const rect = svg('rect', {x: left, y: y, width: width, height: 22, fill: colors(name), rx: 2},
                     svg('title', {}, name + ': ' + new Date(start * 1000).toLocaleTimeString() + ' – ' +
                                      new Date(end * 1000).toLocaleTimeString()));
    root.append(rect);
    if (width > name.length * 6.5) root.append(svg('text', {x: left + 4, y: y + 15, fill: '#fff'}, name));
  }
}

function drawTimeline() {
  const root = $('timeline');
  const now = lifeNow();
  const span = timelineSpan();
  const from = now - span;
  root.replaceChildren();
  drawRow(root, 4, 'state', segments(model.stateHistory, now), (n) => STATE_COLORS[n] || '#888', from, now);
  drawRow(root, 32, 'focus', focusSegments(now), colorOf, from, now);
  for (let i = 0; i <= 6; i++) {
    const ago = span - i * span / 6;  // six ticks, "-60:00" ... "now"
    const label = ago ? '-' + Math.floor(ago / 60) + ':' + String(Math.round(ago % 60)).padStart(2, '0') : 'now';
    const xm = 80 + i / 6 * 910;
    root.append(svg('line', {x1: xm, x2: xm, y1: 58, y2: 64, stroke: '#999'}));
    root.append(svg('text', {x: Math.min(xm - 10, 960), y: 78, class: 'axis'}, label));
  }
}

// ---- refreshing ----------------------------------------------------------------

// Runs `task` unless its previous run is still waiting for an answer.
function single(task) {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (e) {
      // a closed connection: the next connection refreshes everything
    } finally {
      running = false;
    }
  };
}

const refreshActivities = single(async () => showActivities(await rpc.call('Autolife.activities')));

const refreshMemory = single(async () => showMemory(await rpc.call('Autolife.memory', [$('memory-filter').value])));

const refreshStatus = single(async () => {
  const [state, focused, stack, suggestions, abilities, ...safeguards] = await Promise.all([
    rpc.call('ALAutonomousLife.getState'), rpc.call('ALAutonomousLife.focusedActivity'),
    rpc.call('ALAutonomousLife.getFocusStack'), rpc.call('ALAutonomousLife.getLaunchSuggestions'),
    rpc.call('ALAutonomousLife.getAutonomousAbilitiesStatus'),
    ...SAFEGUARDS.map((s) => rpc.call('ALAutonomousLife.isSafeguardEnabled', [s]))]);
  showState(state);
  if (focused !== model.focused) showFocus(focused);
  showStack(stack);
  showSuggestions(suggestions);
  showAbilities(abilities);
  showSafeguards(safeguards);
});

function showHistories(lifeTime, states, focus, statistics) {
  model.lifeOffset = lifeTime - Math.floor(Date.now() / 1000);
  model.stateHistory = states;
  model.focusHistory = focus;
  model.statistics = statistics;
  drawTimeline();
}

const refreshHistories = single(async () => {
  showHistories(...await Promise.all([
    rpc.call('ALAutonomousLife.getLifeTime'), rpc.call('ALAutonomousLife.getStateHistory'),
    rpc.call('ALAutonomousLife.getFocusHistory'), rpc.call('ALAutonomousLife.getActivityStatistics')]));
});

// Every panel from one answer (Autolife.snapshot): the first paint shows
// one instant, and "loading" until then.
function showSnapshot(s) {
  showState(s.state);
  if (s.focused !== model.focused) showFocus(s.focused);
  showStack(s.stack);
  showSuggestions(s.suggestions);
  showAbilities(s.abilities);
  showSafeguards(SAFEGUARDS.map((name) => s.safeguards[name] !== false));
  showActivities(s.activities);
  showMemory(s.memory);
  showHistories(s.lifeTime, s.stateHistory, s.focusHistory, s.statistics);
  showPackages(s.packages);
  showTransitions(s.transitions);
  document.body.classList.remove('loading');
}

const refreshSnapshot = single(async () => showSnapshot(await rpc.call('Autolife.snapshot', [$('memory-filter').value])));

const refreshPackages = single(async () => showPackages(await rpc.call('PackageManager.packages')));

// ---- warnings: NAOqi methods the simulated robot answers without modelling them ----

function showWarnings(list) {
  const ul = $('warnings');
  ul.replaceChildren(...(list.length ? list.map((w) => h('li', {}, w))
                                      : [h('li', {class: 'empty'}, 'Every method called so far is modelled.')]));
}

const refreshWarnings = single(async () => showWarnings(await rpc.call('Autolife.warnings')));

async function subscribe() {
  await rpc.subscribe({event: 'AutonomousLife/State'}, (p) => {
    showState(p.value);
    refreshHistories();
  });
  await rpc.subscribe({event: 'AutonomousLife/FocusedActivity'}, (p) => {
    showFocus(p.value);
    refreshActivities();
    refreshStatus();
  });
  await rpc.subscribe({event: 'AutonomousLife/LaunchSuggestions'}, (p) => showSuggestions(p.value || []));
  await rpc.subscribe({signal: 'ALAutonomousLife.activityTransition'}, (p) => {
    logTransition(p.value);
    refreshHistories();
    refreshStatus();
  });
  await rpc.subscribe({signal: 'Autolife.warning'}, () => refreshWarnings());
}

function setConnection(text, kind) {
  const e = $('connection');
  e.textContent = text;
  e.className = 'connection ' + kind;
}

let timers = [];

// What the panels of other files do at each connection (after the
// snapshot) and every STATUS_PERIOD_MS while connected.
const connectedHooks = [];
function onConnected(atConnection, periodically) {
  connectedHooks.push({atConnection, periodically});
}

rpc.onopen = async () => {
  setConnection('connected', 'connected');
  try {
    await subscribe();
  } catch (e) {
    setConnection('subscriptions failed: ' + e.message, 'failed');
  }
  await refreshSnapshot();
  refreshWarnings();
  document.dispatchEvent(new Event('autolife-connected'));  // the behavior view (behavior_view.js)
  // (Not while the behavior view covers the panels: it needs the page's time.)
  const whileShown = (task) => () => document.body.classList.contains('bv-open') || task();
  timers = [setInterval(whileShown(refreshActivities), EXPLAIN_PERIOD_MS), setInterval(whileShown(refreshMemory), MEMORY_PERIOD_MS),
            setInterval(whileShown(refreshStatus), STATUS_PERIOD_MS), setInterval(whileShown(drawTimeline), STATUS_PERIOD_MS)];
  for (const hook of connectedHooks) {
    if (hook.periodically) timers.push(setInterval(whileShown(hook.periodically), STATUS_PERIOD_MS));
    hook.atConnection().catch(() => {});  // a closed connection: the next one runs it again
  }
};

rpc.onclose = () => {
  timers.forEach(clearInterval);
  timers = [];
  const hint = tokenParam ? '' : ' (away from loopback, open this page as /?token=TOKEN)';
  setConnection('disconnected, retrying' + hint, 'failed');
  setTimeout(() => rpc.connect(), rpc.reconnectMs || RECONNECT_MS);
};

// ---- wiring --------------------------------------------------------------------

function wire() {
  $('memory-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    writeMemory('insertData');
  });
  $('memory-raise').addEventListener('click', () => writeMemory('raiseEvent'));
  $('memory-filter').addEventListener('input', () => refreshMemory());
  $('timeline-span').addEventListener('change', drawTimeline);
  $('set-state').addEventListener('click', () => control('ALAutonomousLife.setState', [$('state-select').value]));
  $('switch-focus').addEventListener('click', () => {
    const flags = $('focus-stack-current').checked ? 1 : 0;
    control('ALAutonomousLife.switchFocus', [$('focus-select').value, flags]);
  });
  $('stop-focus').addEventListener('click', () => control('ALAutonomousLife.stopFocus', []));
  $('stop-all').addEventListener('click', () => control('ALAutonomousLife.stopAll', []));
  $('say-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    sayToRobot();
  });
  $('package-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    installPackage();
  });
  drawTimeline();
  // Connected once every script of the page has run: the other files
  // (voice.js, replay_view.js...) wrap rpc.onopen as they run, and a
  // connection opened before one of them ran was never seen by it.
  document.addEventListener('DOMContentLoaded', () => rpc.connect());
}

wire();
