// A recorded day in the dashboard (docs/dashboard.md "A recorded day"):
// when the server is `autolife replay DAY --serve`, it has a Replay service.
// The page then shows a time slider over the day; letting go of it asks
// Replay.seek(t), and every panel is filled again from the engine at that
// instant (Autolife.snapshot). The controls that would change the day are
// hidden: a recorded day is looked at, not lived again.
// Uses dashboard.js's rpc, h, $ and refreshSnapshot.
'use strict';

const replayDay = {info: null, seeking: false};

// "1:02:03.400"
function dayClock(seconds) {
  const ms = Math.round(seconds * 1000);
  const pad = (n, w) => String(n).padStart(w, '0');
  return Math.floor(ms / 3600000) + ':' + pad(Math.floor(ms / 60000) % 60, 2) + ':' + pad(Math.floor(ms / 1000) % 60, 2) +
         '.' + pad(ms % 1000, 3);
}

// The wall clock the day had at `seconds` (its start is in ns since the epoch).
function dayWallClock(seconds) {
  if (typeof replayDay.info.start !== 'number') return '';
  return new Date(replayDay.info.start / 1e6 + seconds * 1000).toLocaleString();
}

function showInstant(seconds) {
  $('replay-clock').textContent = dayClock(seconds) + ' / ' + dayClock(replayDay.info.end);
  $('replay-wall').textContent = dayWallClock(seconds);
}

function replayBar() {
  const existing = $('replay-bar');
  if (existing) return existing;
  const slider = h('input', {id: 'replay-time', type: 'range', min: 0, step: 0.1, 'aria-label': 'the instant of the day shown'});
  slider.addEventListener('input', () => showInstant(Number(slider.value)));
  slider.addEventListener('change', () => seekDay(Number(slider.value)));
  const bar = h('section', {id: 'replay-bar'},
                h('span', {class: 'replay-title'}, 'recorded day ', h('strong', {id: 'replay-file'})),
                slider,
                h('span', {id: 'replay-clock', class: 'mono'}),
                h('span', {id: 'replay-wall', class: 'muted'}));
  document.body.insertBefore(bar, document.querySelector('main'));
  return bar;
}

async function seekDay(seconds) {
  if (replayDay.seeking) return;
  replayDay.seeking = true;
  $('replay-bar').classList.add('seeking');
  try {
    const r = await rpc.call('Replay.seek', [seconds]);
    // Back in time: the server replays the day again and reconnects the page; forward: here and now.
    if (!r.reloading) {
      $('replay-time').value = r.t;
      showInstant(r.t);
      await refreshSnapshot();
    }
  } catch (e) {
    // the connection closed (going back): the next one shows the instant
  } finally {
    replayDay.seeking = false;
    $('replay-bar').classList.remove('seeking');
  }
}

async function openDay() {
  let info;
  try {
    info = await rpc.call('Replay.day');
  } catch (e) {
    return;  // a live engine: no Replay service
  }
  replayDay.info = info;
  rpc.reconnectMs = 100;  // going back in time restarts the server: come back at once
  document.body.classList.add('replay');
  replayBar();
  $('replay-file').textContent = info.file;
  const slider = $('replay-time');
  slider.max = info.end;
  slider.value = info.now;
  showInstant(info.now);
}

{
  const opened = rpc.onopen;
  rpc.onopen = async () => {
    await opened();
    await openDay();
  };
}
