// The Box logs panel (docs/dashboard.md): what the behaviors' boxes log
// (self.log, self.logger, print, ALLogger), newest first, from the level
// chosen up; an idle behavior is a warning saying why. Autolife.logs at
// each connection, then each Autolife.log signal. Uses dashboard.js's
// rpc, h, $.
'use strict';

const BOX_LOG_LEVELS = ['debug', 'info', 'warning', 'error', 'fatal'];
const BOX_LOG_LIMIT = 300;

function boxLogItem(entry) {
  const where = entry.activity + (entry.box ? ' · ' + entry.box : '');
  return h('li', {class: 'level-' + entry.level, 'data-level': entry.level},
           h('span', {class: 'time'}, seconds(entry.t)), ' ',
           h('span', {class: 'level'}, entry.level), ' ',
           h('span', {class: 'where'}, where), ' ',
           h('span', {class: 'message'}, entry.message));
}

function boxLogShown(entry) {
  return BOX_LOG_LEVELS.indexOf(entry.level) >= BOX_LOG_LEVELS.indexOf($('box-log-level').value);
}

const boxLog = {entries: []};

function showBoxLogs() {
  const shown = boxLog.entries.filter(boxLogShown).reverse().map(boxLogItem);
  $('box-logs').replaceChildren(...(shown.length ? shown : [h('li', {class: 'empty'}, 'No box log at this level yet.')]));
}

function addBoxLog(entry) {
  boxLog.entries.push(entry);
  if (boxLog.entries.length > BOX_LOG_LIMIT) boxLog.entries.shift();
  if (!boxLogShown(entry)) return;
  const list = $('box-logs');
  list.querySelector('li.empty')?.remove();
  list.prepend(boxLogItem(entry));
  while (list.children.length > BOX_LOG_LIMIT) list.lastChild.remove();
}

function wireBoxLogs() {
  $('box-log-level').addEventListener('change', showBoxLogs);
  onConnected(async () => {
    await rpc.subscribe({signal: 'Autolife.log'}, (p) => addBoxLog(p.value));
    boxLog.entries = await rpc.call('Autolife.logs');
    showBoxLogs();
  });
}

wireBoxLogs();
