// The World panel (docs/dashboard.md): the simulated robot's surroundings
// placed by hand, as a scenario's steps place them: people at a distance
// and an angle (Autolife.setPeople), the battery, charging and the pod
// (Autolife.setWorld), a touch sensor pressed (Autolife.touch). A map
// shows the people around the robot. Uses dashboard.js's rpc, h, svg, $.
'use strict';

const world = {
  people: [],  // the rows being edited: {id, distance, angle, looking, waving}
  loaded: false,  // the form was filled from the server once
};

// The map, seen from above: the robot in the middle facing up, rings every
// metre up to 3 m; a positive angle is to the robot's left (NAOqi's).
function drawWorldMap(people) {
  const root = $('world-map');
  const scale = 28;  // pixels a metre
  const center = {x: 100, y: 100};
  root.replaceChildren();
  for (const r of [1, 2, 3]) {
    root.append(svg('circle', {cx: center.x, cy: center.y, r: r * scale, class: 'ring'}));
    const at = r * scale * Math.SQRT1_2;  // lower right, away from the people ahead
    root.append(svg('text', {x: center.x + at + 1, y: center.y + at + 7, class: 'ring-label'}, r + ' m'));
  }
  root.append(svg('polygon', {points: '100,90 93,106 107,106', class: 'robot'}, svg('title', {}, 'the robot, facing up')));
  for (const p of people) {
    const a = (Number(p.angle) || 0) * Math.PI / 180;
    const d = Math.min(Number(p.distance) || 0, 3.5) * scale;
    const x = center.x - Math.sin(a) * d;
    const y = center.y - Math.cos(a) * d;
    const classes = 'person' + (p.looking ? ' looking' : '') + (p.waving ? ' waving' : '');
    root.append(svg('circle', {cx: x, cy: y, r: 6, class: classes},
                    svg('title', {}, p.id + ': ' + p.distance + ' m at ' + p.angle + '°')));
    root.append(svg('text', {x: x + 8, y: y + 4, class: 'person-label'}, p.id));
  }
}

function personRow(p, i) {
  const edit = (field, parse) => (ev) => {
    world.people[i][field] = parse(ev.target);
    drawWorldMap(world.people);
  };
  const number = (t) => Number(t.value);
  const checked = (t) => t.checked;
  return h('tr', {'data-person': p.id},
    h('td', {}, h('input', {type: 'text', value: p.id, 'aria-label': 'id', oninput: edit('id', (t) => t.value)})),
    h('td', {}, h('input', {type: 'number', value: p.distance, step: 0.1, min: 0, 'aria-label': 'distance (m)',
                           class: 'distance', oninput: edit('distance', number)})),
    h('td', {}, h('input', {type: 'number', value: p.angle, step: 5, min: -180, max: 180, 'aria-label': 'angle (degrees)',
                           class: 'angle', oninput: edit('angle', number)})),
    h('td', {}, h('input', {type: 'checkbox', checked: p.looking, 'aria-label': 'looking', onchange: edit('looking', checked)})),
    h('td', {}, h('input', {type: 'checkbox', checked: p.waving, 'aria-label': 'waving', onchange: edit('waving', checked)})),
    h('td', {}, h('button', {type: 'button', title: 'remove ' + p.id, 'aria-label': 'remove', onclick: () => {
      world.people.splice(i, 1);
      showPeopleRows();
    }}, '×')));
}

function showPeopleRows() {
  $('people-rows').replaceChildren(...world.people.map(personRow));
  drawWorldMap(world.people);
}

function nextPersonId() {
  for (let n = 1; ; n++) if (!world.people.some((p) => p.id === 'p' + n)) return 'p' + n;
}

// What the server holds now; the form is filled once (later answers only
// update the summary, so that a half-typed row is not replaced).
function showWorld(w, fill) {
  $('world-now').textContent = w.simulated
    ? w.people.length + (w.people.length === 1 ? ' person' : ' people') + ' perceived; battery ' +
      Math.round(w.battery) + ' %' + (w.charging ? ', charging' : '') + (w.onPod ? ', on its pod' : '')
    : 'the world is a real robot\'s: it cannot be placed by hand';
  if (!fill && world.loaded) return;
  world.loaded = true;
  world.people = w.people.map((p) => ({...p}));
  showPeopleRows();
  $('world-battery').value = Math.round(w.battery);
  $('world-battery-value').textContent = Math.round(w.battery) + ' %';
  $('world-charging').checked = w.charging;
  $('world-pod').checked = w.onPod;
  const select = $('touch-sensor');
  if (select.options.length !== w.touchSensors.length) {
    select.replaceChildren(...w.touchSensors.map((s) => h('option', {}, s)));
  }
}

async function worldCall(method, params) {
  try {
    const w = await rpc.call(method, params);
    if (method !== 'Autolife.touch') showWorld(w, true);
    setStatus('world-status', method.replace('Autolife.', '') + ' done', true);
  } catch (e) {
    setStatus('world-status', e.message, false);
  }
  refreshActivities();
}

const refreshWorld = single(async () => showWorld(await rpc.call('Autolife.world'), false));

function wireWorld() {
  $('person-add').addEventListener('click', () => {
    world.people.push({id: nextPersonId(), distance: 1.0, angle: 0, looking: true, waving: false});
    showPeopleRows();
  });
  $('people-apply').addEventListener('click', () => worldCall('Autolife.setPeople', [world.people]));
  $('world-battery').addEventListener('input', (ev) => {
    $('world-battery-value').textContent = ev.target.value + ' %';
  });
  $('world-apply').addEventListener('click', () => worldCall('Autolife.setWorld', [{
    battery: Number($('world-battery').value), charging: $('world-charging').checked, onPod: $('world-pod').checked}]));
  $('touch-send').addEventListener('click', async () => {
    try {
      const pressed = await rpc.call('Autolife.touch', [$('touch-sensor').value, Number($('touch-seconds').value) || 0.2]);
      setStatus('world-status', pressed ? 'touched ' + $('touch-sensor').value : 'this robot has no such sensor', pressed);
    } catch (e) {
      setStatus('world-status', e.message, false);
    }
  });
  onConnected(async () => {
    world.loaded = false;
    await refreshWorld();
  }, refreshWorld);
}

wireWorld();
