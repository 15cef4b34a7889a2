// The behavior view (docs/dashboard.md, "The behavior view"): an activity's
// behavior drawn from its file's own coordinates (Autolife.behaviorDiagram),
// live box states from the Autolife.boxEvent signal, links flashing, a
// timeline's playhead, a Dialog box's lines; replay of a logged run
// (Autolife.behaviorLog) with a slider at 1x, 4x, 16x; breakpoints on input
// ports and injected faults. Opened at /#behavior=<activity name>. Uses the
// dashboard's connection (`rpc`) and DOM helpers (dashboard.js).
'use strict';

const BV = (() => {
  const BOX_W = 110, HEAD_H = 20, ROW_H = 14, MIN_H = 54, MARGIN = 70;
  const RULER_STEPS = [5, 10, 25, 50, 100, 250, 500, 1000];  // frames between the ruler's labels
  const EVENTS_SHOWN = 60;

  // ---- what the view shows ---------------------------------------------------

  // The state of a run as its events build it (live, or replayed to a time).
  function freshRun(boxes) {
    return {states: new Map(boxes.map((p) => [p, 'idle'])), beforePause: new Map(), errors: new Map(),
            dialog: new Map(), frames: new Map(), events: []};
  }

  const view = {
    activity: null, diagram: null, paths: [], byPath: new Map(),
    stack: [],  // [{box, kind: 'diagram' | 'timeline', diagram, label}]
    live: null, replay: null,  // runs (freshRun)
    runNumber: 0, runs: [], controls: {breakpoints: [], faults: [], paused: false},
    selected: null, subscription: null, error: null,
    replayLog: null, replayTime: 0, playing: false, speed: 1, lastFrame: 0,
    lastDrawMs: 0,
    elements: new Map(), shownBoxes: new Set(), linksFrom: new Map(),  // what is drawn (indexDrawn)
    dirty: new Set(), flashes: [],  // live events not painted yet
  };

  const root = h('div', {id: 'behavior-view', class: 'behavior-view', hidden: true});
  const el = {};

  // ---- the model --------------------------------------------------------------

  function indexBoxes(box, into) {
    into.set(box.path, box);
    if (box.timeline) for (const layer of box.timeline.layers)
      for (const k of layer.keyframes) for (const b of k.diagram.boxes) indexBoxes(b, into);
  }

  // What an event does to a run's state (Autolife.behaviorState's rules).
  function apply(run, e) {
    run.events.push(e);
    if (run.events.length > EVENTS_SHOWN) run.events.shift();
    if (e.box === '' && e.event === 'start') {  // a new run
      for (const p of run.states.keys()) run.states.set(p, 'idle');
      run.errors.clear(); run.dialog.clear(); run.frames.clear(); run.beforePause.clear();
    }
    const state = run.states.get(e.box);
    if (e.event === 'start') run.states.set(e.box, 'running');
    else if (e.event === 'stop') run.states.set(e.box, 'idle');
    else if (e.event === 'error') {
      run.states.set(e.box, 'error');
      run.errors.set(e.box, e.detail);
    } else if (e.event === 'paused') {
      if (state !== 'paused') run.beforePause.set(e.box, state || 'idle');
      run.states.set(e.box, 'paused');
    } else if (e.event === 'input' && run.beforePause.has(e.box)) {
      run.states.set(e.box, run.beforePause.get(e.box));
      run.beforePause.delete(e.box);
    } else if (e.event === 'frame') {
      const m = /^(\d+) (?:at (\d+) fps|held)$/.exec(e.detail);
      if (m) run.frames.set(e.box, {frame: Number(m[1]), fps: Number(m[2] || 0), t: e.t});
    } else if (e.event === 'heard' || e.event === 'said') {
      const lines = run.dialog.get(e.box) || {};
      lines[e.event] = e.detail;
      run.dialog.set(e.box, lines);
    }
    if (!e.box) run.states.delete('');
  }

  // ---- drawing ------------------------------------------------------------------

  function portsShown(box, outside) {
    return {inputs: box.inputs.filter((p) => !(outside && p.inner)), outputs: box.outputs.filter((p) => !(outside && p.inner))};
  }

  function boxHeight(box) {
    const {inputs, outputs} = portsShown(box, true);
    return Math.max(MIN_H, HEAD_H + Math.max(inputs.length, outputs.length) * ROW_H + 8);
  }

  // Where each port of the current diagram is: "boxId:portId" -> [x, y].
  function portPlaces(owner, diagram) {
    const places = new Map();
    let minX = Infinity, maxX = -Infinity, minY = Infinity;
    for (const b of diagram.boxes) {
      minX = Math.min(minX, b.x); maxX = Math.max(maxX, b.x + BOX_W); minY = Math.min(minY, b.y);
      const {inputs, outputs} = portsShown(b, true);
      inputs.forEach((p, i) => places.set(b.id + ':' + p.id, [b.x, b.y + HEAD_H + i * ROW_H + 6]));
      outputs.forEach((p, i) => places.set(b.id + ':' + p.id, [b.x + BOX_W, b.y + HEAD_H + i * ROW_H + 6]));
    }
    if (!diagram.boxes.length) { minX = 0; maxX = BOX_W; minY = 0; }
    // The owner's own ports on the diagram's edges (owner 0).
    owner.inputs.forEach((p, i) => places.set('0:' + p.id, [minX - MARGIN, minY + i * ROW_H * 1.6]));
    owner.outputs.forEach((p, i) => places.set('0:' + p.id, [maxX + MARGIN, minY + i * ROW_H * 1.6]));
    return places;
  }

  // A box row's input and output labels share its width: long names are
  // cut (the port's title still has the whole name).
  const ROW_CHARS = 18;
  function rowLabels(inputName, outputName) {
    const a = inputName || '', b = outputName || '';
    const fitA = Math.max(Math.min(a.length, ROW_CHARS / 2), ROW_CHARS - b.length);
    const fitB = Math.max(Math.min(b.length, ROW_CHARS / 2), ROW_CHARS - a.length);
    const cut = (text, n) => (text.length > n ? text.slice(0, n - 1) + '…' : text);
    return [cut(a, fitA), cut(b, fitB)];
  }

  // `label`: the text drawn beside the port (inside a box), or null.
  function portElement(box, port, x, y, input, label) {
    const cls = 'bv-port ' + (input ? 'bv-in' : 'bv-out') + ' bv-' + port.nature;
    const g = svg('g', {class: cls, 'data-port': port.name, transform: `translate(${x},${y})`},
                  svg('title', {}, port.name + ' (' + port.nature + ')' + (port.tooltip ? ': ' + port.tooltip : '')));
    g.append(input ? svg('path', {d: 'M-5,-5 L3,0 L-5,5 Z'}) : svg('path', {d: 'M-3,-5 L5,0 L-3,5 Z'}));
    if (label !== null) g.append(svg('text', {x: input ? 7 : -7, y: 4, class: 'bv-port-label', 'text-anchor': input ? 'start' : 'end'}, label));
    if (box.inputs.includes(port)) g.addEventListener('click', (ev) => {
      ev.stopPropagation();
      toggleBreakpoint(box.path, port.name);
    });
    return g;
  }

  function boxElement(b) {
    const height = boxHeight(b);
    const opens = Boolean(b.timeline);
    const kind = b.dialog ? 'dialog' : opens ? (b.timeline.enable ? 'timeline' : 'diagram') : b.python ? 'python' : 'plain';
    const g = svg('g', {class: 'bv-box bv-' + kind, 'data-box': b.path, 'data-state': 'idle',
                        transform: `translate(${b.x},${b.y})`});
    g.append(svg('title', {}, b.name + (b.tooltip ? '\n' + b.tooltip : '')));
    g.append(svg('rect', {class: 'bv-body', width: BOX_W, height: height, rx: 5}));
    g.append(svg('rect', {class: 'bv-head', width: BOX_W, height: HEAD_H, rx: 5}));
    g.append(svg('text', {class: 'bv-name', x: 6, y: 14}, b.name.length > 16 ? b.name.slice(0, 15) + '…' : b.name));
    if (opens) g.append(svg('text', {class: 'bv-opens', x: BOX_W - 6, y: height - 6, 'text-anchor': 'end'}, kind === 'timeline' ? '▶ timeline' : '▣ diagram'));
    const {inputs, outputs} = portsShown(b, true);
    const labels = inputs.map((p, i) => rowLabels(p.name, outputs[i] && outputs[i].name)[0]);
    const outLabels = outputs.map((p, i) => rowLabels(inputs[i] && inputs[i].name, p.name)[1]);
    inputs.forEach((p, i) => g.append(portElement(b, p, 0, HEAD_H + i * ROW_H + 6, true, labels[i])));
    outputs.forEach((p, i) => g.append(portElement(b, p, BOX_W, HEAD_H + i * ROW_H + 6, false, outLabels[i])));
    if (b.dialog) g.append(svg('g', {class: 'bv-dialog-lines', transform: `translate(0,${height + 12})`},
                               svg('text', {class: 'bv-heard', y: 0}), svg('text', {class: 'bv-said', y: 14})));
    g.addEventListener('click', () => select(b.path));
    if (opens) g.addEventListener('dblclick', () => openBox(b));
    return g;
  }

  function linkPath([x1, y1], [x2, y2]) {
    const dx = Math.max(40, Math.abs(x2 - x1) / 2);
    return `M${x1},${y1} C${x1 + dx},${y1} ${x2 - dx},${y2} ${x2},${y2}`;
  }

  function drawDiagram(owner, diagram) {
    const started = performance.now();
    const places = portPlaces(owner, diagram);
    const links = svg('g', {class: 'bv-links'});
    for (const l of diagram.links) {
      const from = places.get(l.from[0] + ':' + l.from[1]), to = places.get(l.to[0] + ':' + l.to[1]);
      if (!from || !to) continue;
      links.append(svg('path', {class: 'bv-link', d: linkPath(from, to), 'data-from': l.from.join(':'), 'data-to': l.to.join(':')}));
    }
    const boxes = svg('g', {class: 'bv-boxes'}, diagram.boxes.map(boxElement));
    const edges = svg('g', {class: 'bv-edges'});
    for (const p of owner.inputs) edges.append(portElement(owner, p, ...places.get('0:' + p.id), false, null),
                                               svg('text', {class: 'bv-edge-label', x: places.get('0:' + p.id)[0] - 8, y: places.get('0:' + p.id)[1] + 4, 'text-anchor': 'end'}, p.name));
    for (const p of owner.outputs) edges.append(portElement(owner, p, ...places.get('0:' + p.id), true, null),
                                                svg('text', {class: 'bv-edge-label', x: places.get('0:' + p.id)[0] + 8, y: places.get('0:' + p.id)[1] + 4}, p.name));
    const all = [...places.values()];
    const xs = all.map((p) => p[0]).concat(diagram.boxes.map((b) => b.x + BOX_W));
    const ys = all.map((p) => p[1]).concat(diagram.boxes.map((b) => b.y + boxHeight(b) + 30));
    const [x0, y0] = [Math.min(...xs) - 90, Math.min(...ys) - 30];
    const [w, hgt] = [Math.max(...xs) - x0 + 90, Math.max(...ys) - y0 + 30];
    el.canvas.replaceChildren(svg('svg', {class: 'bv-diagram', viewBox: `${x0} ${y0} ${w} ${hgt}`,
                                          width: Math.max(w, 300), height: Math.max(hgt, 200)}, links, boxes, edges));
    indexDrawn();
    paint();
    el.canvas.getBoundingClientRect();  // laid out: what the bar counts
    view.lastDrawMs = performance.now() - started;
  }

  function drawTimeline(box) {
    const t = box.timeline;
    const end = Math.max(t.endFrame, t.size, 1, ...t.layers.flatMap((l) => l.keyframes.map((k) => k.index)),
                         ...t.curves.flatMap((c) => c.frames));
    const scale = Math.max(2, Math.min(12, 900 / end));
    const x = (f) => 120 + f * scale;
    const rows = [...t.layers.map((l) => ({label: l.name, layer: l})), ...t.curves.map((c) => ({label: c.actuator, curve: c}))];
    const s = svg('svg', {class: 'bv-timeline', 'data-timeline': box.path, width: x(end) + 40, height: 40 + rows.length * 26});
    const step = RULER_STEPS.find((n) => n * scale >= 40) || RULER_STEPS[RULER_STEPS.length - 1];
    for (let f = 0; f <= end; f += step)
      s.append(svg('line', {x1: x(f), x2: x(f), y1: 14, y2: 20, class: 'bv-tick'}), svg('text', {x: x(f) + 2, y: 12, class: 'bv-ruler'}, f));
    rows.forEach((row, i) => {
      const y = 26 + i * 26;
      s.append(svg('text', {x: 0, y: y + 14, class: 'bv-row-label'}, row.label));
      s.append(svg('line', {x1: x(0), x2: x(end), y1: y + 10, y2: y + 10, class: 'bv-row-line'}));
      if (row.layer) for (const k of row.layer.keyframes) {
        const g = svg('g', {class: 'bv-keyframe', 'data-keyframe': k.name, transform: `translate(${x(k.index)},${y})`},
                      svg('title', {}, k.name + ' at frame ' + k.index + ' (double-click: its diagram)'),
                      svg('rect', {width: 10, height: 20, rx: 2}), svg('text', {x: 13, y: 14}, k.name));
        g.addEventListener('dblclick', () => push({box, kind: 'diagram', diagram: k.diagram, label: row.layer.name + ' / ' + k.name}));
        s.append(g);
      }
      if (row.curve) for (const f of row.curve.frames) s.append(svg('circle', {cx: x(f), cy: y + 10, r: 3, class: 'bv-key'}));
    });
    s.append(svg('line', {class: 'bv-playhead', x1: x(0), x2: x(0), y1: 14, y2: 40 + rows.length * 26}));
    s.dataset.scale = scale;
    s.dataset.end = end;
    el.canvas.replaceChildren(s);
    indexDrawn();
    paint();
  }

  // What is drawn, by name: each box's element, each output's links.
  function indexDrawn() {
    view.elements = new Map([...el.canvas.querySelectorAll('.bv-box')].map((g) => [g.dataset.box, g]));
    view.shownBoxes = new Set(view.elements.keys());
    view.linksFrom = new Map();
    for (const link of el.canvas.querySelectorAll('.bv-link')) {
      const list = view.linksFrom.get(link.dataset.from) || [];
      list.push(link);
      view.linksFrom.set(link.dataset.from, list);
    }
  }

  // ---- painting states onto what is drawn --------------------------------------

  function shownRun() {
    return view.replay || view.live;
  }

  function paintBox(g, run) {
    const path = g.dataset.box;
    const state = run.states.get(path) || 'idle';
    if (g.dataset.state !== state) g.dataset.state = state;
    const error = run.errors.get(path);
    g.querySelector('title').textContent = (view.byPath.get(path)?.name || path) + (error ? '\n' + error : '');
    const lines = run.dialog.get(path);
    const heard = g.querySelector('.bv-heard'), said = g.querySelector('.bv-said');
    if (heard) heard.textContent = lines && lines.heard ? 'heard: ' + lines.heard : '';
    if (said) said.textContent = lines && lines.said ? 'said: ' + lines.said : '';
    const breaks = new Set(view.controls.breakpoints.filter((b) => b.box === path).map((b) => b.input));
    for (const p of g.querySelectorAll('.bv-port.bv-in')) p.classList.toggle('bv-break', breaks.has(p.dataset.port));
    g.classList.toggle('bv-selected', view.selected === path);
    g.classList.toggle('bv-faulted', view.controls.faults.some((f) => f.box === path));
  }

  function paint() {
    const run = shownRun();
    if (!run) return;
    for (const g of el.canvas.querySelectorAll('.bv-box')) paintBox(g, run);
    const top = view.stack[view.stack.length - 1];
    if (top) for (const p of el.canvas.querySelectorAll('.bv-edges .bv-port.bv-out')) {
      const breaks = view.controls.breakpoints.some((b) => b.box === top.box.path && b.input === p.dataset.port);
      p.classList.toggle('bv-break', breaks);
    }
    paintSide(run);
    paintPlayhead();
  }

  function engineNow() {
    if (view.replay) return view.replayTime;
    return view.liveAnchor ? view.liveAnchor.t + (performance.now() - view.liveAnchor.at) / 1000 : 0;
  }

  function paintPlayhead() {
    const s = el.canvas.querySelector('svg.bv-timeline');
    const run = shownRun();
    if (!s || !run) return;
    const f = run.frames.get(s.dataset.timeline);
    let frame = 0;
    if (f) frame = f.fps ? Math.min(Number(s.dataset.end), f.frame + Math.max(0, engineNow() - f.t) * f.fps) : f.frame;
    const x = 120 + frame * Number(s.dataset.scale);
    const line = s.querySelector('.bv-playhead');
    line.setAttribute('x1', x);
    line.setAttribute('x2', x);
    el.frame.textContent = f ? 'frame ' + Math.floor(frame) + (f.fps ? ' at ' + f.fps + ' fps' : ', held') : 'frame 0';
  }

  // The links a signal leaves by: an output of a box drawn here, or an
  // input of the box whose diagram this is (its links from owner 0).
  function linksOf(e) {
    const top = view.stack[view.stack.length - 1];
    if (!top || top.kind !== 'diagram') return [];
    let from = null;
    if (e.event === 'output' && view.shownBoxes.has(e.box)) {
      const b = view.byPath.get(e.box);
      const port = b.outputs.find((p) => p.name === e.detail.split(' = ')[0]);
      if (port) from = b.id + ':' + port.id;
    } else if (e.event === 'input' && e.box === top.box.path) {
      const port = top.box.inputs.find((p) => p.name === e.detail.split(' = ')[0]);
      if (port) from = '0:' + port.id;
    }
    return (from && view.linksFrom.get(from)) || [];
  }

  const FLASH = [{stroke: '#f5a623', strokeWidth: 5}, {stroke: '#f5a623', strokeWidth: 5, offset: 0.4}, {}];
  function flashLinks(links) {
    for (const link of links) link.animate(FLASH, 600);
  }

  function flash(e) {
    flashLinks(linksOf(e));
  }

  function paintSide(run) {
    el.errors.replaceChildren(...[...run.errors].map(([path, text]) => h('li', {'data-error-box': path}, h('strong', {}, path), ' ', text)));
    if (!run.errors.size) el.errors.append(h('li', {class: 'empty'}, 'No error.'));
    el.dialogLines.replaceChildren(...[...run.dialog].map(([path, l]) =>
      h('li', {}, h('strong', {}, path), l.heard ? h('div', {}, 'heard: ', l.heard) : null, l.said ? h('div', {}, 'said: ', l.said) : null)));
    el.events.replaceChildren(...run.events.slice().reverse().map((e) =>
      h('li', {class: 'bv-ev-' + e.event}, h('span', {class: 'bv-t'}, e.t.toFixed(3)), ' ', e.box || '(root)', ' ',
        h('b', {}, e.event), e.detail ? ' ' + e.detail : '')));
    const paused = [...run.states].filter(([, s]) => s === 'paused').map(([p]) => p);
    const live = !view.replay;
    el.resume.disabled = !live || !view.controls.paused;
    el.status.textContent = view.replay ? 'replay of run ' + view.replay.number
                                        : 'live · run ' + (view.runNumber || '–') + (paused.length ? ' · held before ' + paused.join(', ') : '');
    el.status.className = 'bv-status' + (paused.length && live ? ' bv-held' : '');
    const sel = view.selected && view.byPath.get(view.selected);
    el.selected.replaceChildren(...(sel ? [
      h('div', {}, h('strong', {}, sel.path), ' ', h('span', {class: 'bv-state-' + (run.states.get(sel.path) || 'idle')}, run.states.get(sel.path) || 'idle')),
      run.errors.get(sel.path) ? h('div', {class: 'bv-error-text'}, run.errors.get(sel.path)) : null,
      h('div', {class: 'row'},
        h('button', {id: 'bv-fault-error', type: 'button', onclick: () => injectFault(sel.path, 'error')}, 'inject error'),
        h('button', {id: 'bv-fault-skip', type: 'button', onclick: () => injectFault(sel.path, 'skip')}, 'inject skip')),
      h('p', {class: 'muted'}, 'for the next time it starts; click an input port for a breakpoint')] :
      [h('p', {class: 'muted'}, 'Click a box to select it; double-click one with a diagram or timeline to open it.')]).filter(Boolean));
    el.faults.replaceChildren(...view.controls.faults.map((f) => h('li', {}, f.box, ': ', f.kind, ' at its next start')),
                              ...view.controls.breakpoints.map((b) => h('li', {}, 'breakpoint ', b.box, '.', b.input)));
  }

  // ---- navigation ---------------------------------------------------------------

  function push(entry) {
    view.stack.push(entry);
    redraw();
  }

  function openBox(b) {
    const t = b.timeline;
    if (!t.enable && t.layers.length === 1 && t.layers[0].keyframes.length === 1)
      push({box: b, kind: 'diagram', diagram: t.layers[0].keyframes[0].diagram, label: b.name});
    else push({box: b, kind: 'timeline', label: b.name + ' (timeline)'});
  }

  function redraw() {
    const top = view.stack[view.stack.length - 1];
    el.crumbs.replaceChildren(...view.stack.map((entry, i) => {
      const a = h('a', {href: '#', 'data-depth': i}, i === 0 ? 'root' : entry.label);
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        view.stack.length = i + 1;
        redraw();
      });
      return i ? [' › ', a] : a;
    }).flat());
    el.frame.textContent = '';
    if (top.kind === 'timeline') drawTimeline(top.box);
    else drawDiagram(top.box, top.diagram);
  }

  // The root's diagram: its flow diagram, or its timeline.
  function openRoot() {
    const r = view.diagram.root;
    view.stack = [];
    if (r.timeline && !r.timeline.enable && r.timeline.layers.length === 1 && r.timeline.layers[0].keyframes.length === 1)
      view.stack.push({box: r, kind: 'diagram', diagram: r.timeline.layers[0].keyframes[0].diagram, label: 'root'});
    else if (r.timeline) view.stack.push({box: r, kind: 'timeline', label: 'root'});
    else view.stack.push({box: r, kind: 'diagram', diagram: {boxes: [], links: []}, label: 'root'});
    redraw();
  }

  function select(path) {
    view.selected = view.selected === path ? null : path;
    paint();
  }

  // ---- talking to the engine ------------------------------------------------------

  function fail(e) {
    el.message.textContent = e.message;
    el.message.className = 'status error';
  }

  function note(text) {
    el.message.textContent = text;
    el.message.className = 'status ok';
  }

  async function refreshControls() {
    view.controls = await rpc.call('Autolife.behaviorControls', [view.activity]);
    paint();
  }

  async function refreshRuns() {
    view.runs = await rpc.call('Autolife.behaviorRuns', [view.activity]);
    const chosen = el.runs.value;
    el.runs.replaceChildren(h('option', {value: ''}, 'choose a run to replay'), ...view.runs.map((r) =>
      h('option', {value: r.run}, 'run ' + r.run + ' · ' + new Date(r.lifeTime * 1000).toLocaleTimeString() + ' · ' +
        (r.end || 'running') + ' · ' + r.events + ' events')));
    if ([...el.runs.options].some((o) => o.value === chosen)) el.runs.value = chosen;
  }

  async function toggleBreakpoint(box, input) {
    const on = view.controls.breakpoints.some((b) => b.box === box && b.input === input);
    try {
      await rpc.call(on ? 'Autolife.clearBreakpoint' : 'Autolife.setBreakpoint', [view.activity, box, input]);
      note((on ? 'cleared the breakpoint on ' : 'breakpoint on ') + box + '.' + input);
      await refreshControls();
    } catch (e) {
      fail(e);
    }
  }

  async function injectFault(box, kind) {
    try {
      await rpc.call('Autolife.injectFault', [view.activity, box, kind]);
      note('fault ' + kind + ' for ' + box + ' at its next start');
      await refreshControls();
    } catch (e) {
      fail(e);
    }
  }

  async function resume() {
    try {
      await rpc.call('Autolife.resume', [view.activity]);
      note('resumed');
      await refreshControls();
    } catch (e) {
      fail(e);
    }
  }

  function onBoxEvent(params) {
    const [activity, box, event, detail] = params.value;
    if (activity !== view.activity || !view.live) return;
    const e = {t: params.t, box, event, detail};
    view.liveAnchor = {t: params.t, at: performance.now()};
    apply(view.live, e);
    if (box === '' && event === 'start') {
      view.runNumber += 1;
      refreshRuns().catch(() => {});
    }
    if (event === 'paused' || (event === 'stop' && box === '')) refreshControls().catch(() => {});
    if (event === 'stop' && box === '') refreshRuns().catch(() => {});
    if (view.replay) return;
    view.dirty.add(box);
    if (e.event === 'input' || e.event === 'output') view.flashes.push(e);
    schedulePaint();
  }

  // Live events are painted once a frame: a burst of hundreds costs one
  // paint of the boxes it touched.
  let paintPending = false;
  function schedulePaint() {
    if (paintPending) return;
    paintPending = true;
    requestAnimationFrame(() => {
      paintPending = false;
      const run = shownRun();
      if (!run) return;
      for (const path of view.dirty) {
        const g = view.elements.get(path);
        if (g) paintBox(g, run);
      }
      flashLinks(new Set(view.flashes.flatMap(linksOf)));
      view.dirty.clear();
      view.flashes = [];
      paintSide(run);
    });
  }

  // The activity's behavior, its states now, its controls and runs.
  async function load() {
    const activity = view.activity;
    try {
      if (!view.subscription) view.subscription = await rpc.subscribe({signal: 'Autolife.boxEvent'}, onBoxEvent);
      const [diagram, state] = await Promise.all([rpc.call('Autolife.behaviorDiagram', [activity]),
                                                  rpc.call('Autolife.behaviorState', [activity])]);
      if (activity !== view.activity) return;
      view.diagram = diagram;
      view.byPath = new Map();
      indexBoxes(diagram.root, view.byPath);
      view.paths = [...view.byPath.keys()].filter((p) => p !== '');
      view.live = freshRun(view.paths);
      // Its latest run's events give the errors, dialog lines and frames;
      // the states are the engine's.
      const log = state.run ? await rpc.call('Autolife.behaviorLog', [activity, 0]).catch(() => []) : [];
      for (const e of log) apply(view.live, e);
      for (const [path, s] of Object.entries(state.boxes)) view.live.states.set(path, s);
      view.runNumber = state.run;
      view.error = null;
      el.message.textContent = '';
      el.file.textContent = diagram.file + ' (' + diagram.format + ')';
      openRoot();
      await Promise.all([refreshControls(), refreshRuns()]);
    } catch (e) {
      view.error = e;
      el.canvas.replaceChildren(h('p', {class: 'status error bv-refused'}, e.message));
    }
  }

  // ---- replay ---------------------------------------------------------------------

  async function chooseRun(run) {
    stopPlaying();
    if (!run) return goLive();
    try {
      const log = await rpc.call('Autolife.behaviorLog', [view.activity, Number(run)]);
      const info = view.runs.find((r) => String(r.run) === String(run));
      view.replayLog = log;
      const first = info ? info.started : (log.length ? log[0].t : 0);
      const last = info && info.ended !== null ? info.ended : (log.length ? log[log.length - 1].t : first);
      el.slider.min = first;
      el.slider.max = Math.max(last, first + 0.001);
      el.slider.step = 'any';
      view.replay = freshRun(view.paths);
      view.replay.number = Number(run);
      seek(first);
      el.replayBar.classList.add('bv-replaying');
    } catch (e) {
      fail(e);
    }
  }

  function goLive() {
    stopPlaying();
    view.replay = null;
    view.replayLog = null;
    el.runs.value = '';
    el.replayBar.classList.remove('bv-replaying');
    paint();
  }

  // Shows the run as it was at `t`: its events up to then applied (again
  // from its start when going back); links crossed going forward flash.
  function seek(t) {
    const back = t < view.replayTime || !view.replay.applied;
    if (back) {
      const number = view.replay.number;
      view.replay = freshRun(view.paths);
      view.replay.number = number;
      view.replay.applied = 0;
    }
    const log = view.replayLog;
    while (view.replay.applied < log.length && log[view.replay.applied].t <= t) {
      const e = log[view.replay.applied++];
      apply(view.replay, e);
      if (!back) flash(e);
    }
    view.replayTime = t;
    el.slider.value = t;
    el.time.textContent = 't = ' + t.toFixed(3) + ' s';
    paint();
  }

  function tick(now) {
    if (!view.playing) return;
    const dt = (now - view.lastFrame) / 1000;
    view.lastFrame = now;
    const t = Math.min(Number(el.slider.max), view.replayTime + dt * view.speed);
    seek(t);
    if (t >= Number(el.slider.max)) stopPlaying();
    else requestAnimationFrame(tick);
  }

  function startPlaying() {
    if (!view.replay) return;
    if (view.replayTime >= Number(el.slider.max)) seek(Number(el.slider.min));
    view.playing = true;
    el.play.textContent = 'pause';
    view.lastFrame = performance.now();
    requestAnimationFrame(tick);
  }

  function stopPlaying() {
    view.playing = false;
    el.play.textContent = 'play';
  }

  // ---- the page around it -----------------------------------------------------------

  function build() {
    el.title = h('h2', {});
    el.status = h('span', {class: 'bv-status'});
    el.resume = h('button', {id: 'bv-resume', type: 'button', disabled: true, onclick: resume}, 'Resume');
    el.crumbs = h('nav', {class: 'bv-crumbs'});
    el.file = h('span', {class: 'muted mono bv-file'});
    el.frame = h('span', {class: 'bv-frame mono'});
    el.canvas = h('div', {class: 'bv-canvas'});
    el.message = h('p', {class: 'status'});
    el.selected = h('div', {id: 'bv-selected'});
    el.errors = h('ul', {id: 'bv-errors', class: 'bv-list'});
    el.dialogLines = h('ul', {id: 'bv-dialog', class: 'bv-list'});
    el.faults = h('ul', {id: 'bv-faults', class: 'bv-list'});
    el.events = h('ol', {id: 'bv-events', class: 'bv-list bv-events'});
    el.runs = h('select', {id: 'bv-runs', onchange: () => chooseRun(el.runs.value)});
    el.play = h('button', {id: 'bv-play', type: 'button', onclick: () => (view.playing ? stopPlaying() : startPlaying())}, 'play');
    el.slider = h('input', {id: 'bv-slider', type: 'range', min: 0, max: 1, value: 0, step: 'any',
                            oninput: () => { stopPlaying(); if (view.replay) seek(Number(el.slider.value)); }});
    el.time = h('span', {class: 'mono bv-time'});
    el.replayBar = h('div', {class: 'bv-replay row'}, h('label', {for: 'bv-runs'}, 'Replay'), el.runs, el.play,
      ...[1, 4, 16].map((s) => h('button', {type: 'button', class: 'bv-speed' + (s === 1 ? ' bv-on' : ''), 'data-speed': s,
                                            onclick: (ev) => setSpeed(s, ev.target)}, s + 'x')),
      el.slider, el.time, h('button', {id: 'bv-live', type: 'button', onclick: goLive}, 'live'));
    root.append(
      h('div', {class: 'bv-top'}, h('a', {href: '#', class: 'bv-back'}, '← dashboard'), el.title, el.status, el.resume, el.file),
      h('div', {class: 'bv-bar'}, el.crumbs, el.frame),
      el.replayBar,
      h('div', {class: 'bv-main'},
        h('div', {class: 'bv-stage'}, el.canvas, el.message),
        h('aside', {class: 'bv-side'},
          h('h3', {}, 'Selected box'), el.selected,
          h('h3', {}, 'Errors'), el.errors,
          h('h3', {}, 'Dialog'), el.dialogLines,
          h('h3', {}, 'Breakpoints and faults'), el.faults,
          h('h3', {}, 'Events'), el.events)));
    document.body.append(root);
  }

  function setSpeed(s, button) {
    view.speed = s;
    for (const b of root.querySelectorAll('.bv-speed')) b.classList.toggle('bv-on', b === button);
  }

  function animatePlayhead() {
    if (!root.hidden && !view.replay && el.canvas.querySelector('svg.bv-timeline')) paintPlayhead();
    requestAnimationFrame(animatePlayhead);
  }

  function route() {
    const m = /^#behavior=(.*)$/.exec(location.hash);
    if (!m) {
      root.hidden = true;
      document.body.classList.remove('bv-open');
      if (view.subscription !== null) {
        rpc.handlers.delete(view.subscription);
        rpc.call('unsubscribe', [view.subscription]).catch(() => {});
      }
      view.subscription = null;
      view.activity = null;
      stopPlaying();
      return;
    }
    const activity = decodeURIComponent(m[1]);
    root.hidden = false;
    document.body.classList.add('bv-open');
    if (activity === view.activity) return;
    view.activity = activity;
    view.replay = null;
    view.selected = null;
    el.replayBar.classList.remove('bv-replaying');
    el.title.textContent = activity;
    el.canvas.replaceChildren(h('p', {class: 'loading-note'}, 'Loading…'));
    if (rpc.socket && rpc.socket.readyState === WebSocket.OPEN) load();  // else once connected
  }

  build();
  window.addEventListener('hashchange', route);
  // (Re)connected: subscriptions are gone with the old connection.
  document.addEventListener('autolife-connected', () => {
    view.subscription = null;
    if (view.activity) load();
  });
  requestAnimationFrame(animatePlayhead);
  route();
  return {view, load, drawDiagram};
})();
