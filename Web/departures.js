// Departures: the nearest BART stations (by position, or one chosen from the list) with their trains counting
// down, fetched again each time the answer's freshness runs out; or a Swiss station's board (board.js).
import {$, h, setStatus, setURL, locate} from './dom.js';
import {getOK, freshFor} from './api.js';
import {StationField} from './stations.js';
import {when} from './realtime.js';
import {showBoard, stopBoard, boardAddress} from './board.js';

const status = $('#dep-status');
const results = $('#dep-results');
const select = $('#dep-station');
const boardForm = $('#board-form');
const boardStation = new StationField(boardForm.querySelector('.stations'), {max: 1});
const boardTime = $('#board-datetime');
let target = null; // {lat, lon}, {abbr} or {board, datetime, cursor}
let timer = 0;
let seq = 0;
let stationsLoaded = null;

$('#dep-locate').addEventListener('click', async () => {
  setStatus(status, 'Finding your position…');
  try {
    const position = await locate();
    select.value = '';
    start(position, true);
  } catch (err) {
    setStatus(status, err.message, 'error');
  }
});

select.addEventListener('change', () => {
  if (select.value) start({abbr: select.value}, true);
});

boardForm.addEventListener('submit', (e) => {
  e.preventDefault();
  boardStation.commit();
  const name = boardStation.values()[0];
  if (!name) {
    setStatus(status, 'Enter a station in Switzerland.', 'error');
    boardStation.input.focus();
    return;
  }
  start({board: name, datetime: boardTime.value, cursor: ''}, true);
});

// A hidden tab asks nothing; it catches up when shown again. A board is of a set time: it is not refreshed.
document.addEventListener('visibilitychange', () => {
  if (!target || target.board || document.getElementById('departures').hidden) return;
  if (document.hidden) clearTimeout(timer);
  else refresh();
});

function loadStations() {
  stationsLoaded ||= getOK('/api/bart/stations.json').then(({doc}) => {
    select.append(...doc.stations.map((s) => h('option', {value: s.abbr}, `${s.name} (${s.city})`)));
  }).catch((err) => {
    stationsLoaded = null;
    setStatus(status, `The station list is not available: ${err.message}`, 'error');
  });
  return stationsLoaded;
}

/** Restores the view from the URL (`?view=departures&lat=&lon=`, `&station=EMBR` or `&board=Bern&datetime=…&cursor=…`). */
export async function restore(params) {
  document.title = params.get('board') ? `${params.get('board')} departures · GottaGo` : 'Departures near me · GottaGo';
  await loadStations();
  const lat = Number(params.get('lat')), lon = Number(params.get('lon'));
  if (params.get('board')) {
    const t = {board: params.get('board'), datetime: params.get('datetime') || '', cursor: params.get('cursor') || ''};
    // Back on this view with the same board: what is shown is kept, not asked for again.
    if (target?.board && JSON.stringify(boardAddress(t)) === JSON.stringify(boardAddress(target)) && results.childElementCount) return;
    select.value = '';
    boardStation.set([t.board]);
    boardTime.value = t.datetime;
    start(t, false);
  } else if (params.get('station')) {
    select.value = params.get('station').toUpperCase();
    start({abbr: params.get('station')}, false);
  } else if (params.has('lat') && isFinite(lat) && isFinite(lon)) {
    select.value = '';
    start({lat, lon}, false);
  } else {
    leave();
    results.replaceChildren();
    setStatus(status, 'Use your position, or choose a BART station or a station in Switzerland.');
  }
}

function start(t, push) {
  target = t;
  if (push) setURL(t.board ? boardAddress(t) : t.abbr ? {view: 'departures', station: t.abbr} : {view: 'departures', lat: t.lat, lon: t.lon});
  if (!t.board) {
    stopBoard();
    refresh();
    return;
  }
  clearTimeout(timer);
  seq++;
  document.title = `${t.board} departures · GottaGo`;
  showBoard(t, {results, status, pick: (name) => {
    boardStation.set([name]);
    start({board: name, datetime: t.datetime, cursor: ''}, true);
  }});
}

/** Fetches the departures, shows them and plans the next fetch for when they go stale. */
async function refresh() {
  clearTimeout(timer);
  const mine = ++seq;
  const path = target.abbr
    ? `/api/bart/stations/${encodeURIComponent(target.abbr)}/departures.json`
    : `/api/bart/nearby.json?lat=${target.lat}&lon=${target.lon}&limit=3`;
  if (!results.childElementCount) setStatus(status, 'Loading departures…');
  let wait = 30;
  try {
    const {doc, response} = await getOK(path, {cache: 'no-cache'});
    if (mine !== seq || target.board) return;
    const feed = doc.nearby || doc.departures;
    const stations = doc.nearby ? feed.stations : [feed];
    results.dataset.generated = feed.generated || '';
    results.replaceChildren(...stations.map(station));
    const fresh = freshFor(response);
    // The server's max-age is the feed's freshness left; past it, the next request starts a refresh, so ask
    // again a moment after (at least a second: a stale answer has max-age=0 while the refresh runs).
    wait = fresh != null ? fresh : Math.max(30 - (feed.age || 0), 0);
    setStatus(status, `Feed of ${clock(feed.generated)}${feed.age ? `, ${feed.age} s old` : ''}. Updates by itself.`);
  } catch (err) {
    if (mine !== seq) return;
    setStatus(status, err.message, 'error');
    wait = 30;
  }
  timer = setTimeout(refresh, Math.max(wait, 1) * 1000 + 300);
}

const clock = (iso) => (iso || '').slice(11, 19);

function station(s) {
  const dist = s.distance?.miles ? `${s.distance.miles} mi` : '';
  return h('section', {class: 'card station', dataset: {abbr: s.abbr}},
    h('h2', {}, s.name, h('span', {class: 'meta'}, dist)),
    s.message ? h('p', {class: 'notice'}, s.message) : null,
    (s.destinations || []).length
      ? h('ul', {class: 'dests'}, s.destinations.map(destination))
      : h('p', {class: 'hint'}, 'No trains are listed right now.'));
}

function destination(d) {
  const first = d.trains?.[0];
  const swatch = h('span', {class: 'swatch', 'aria-hidden': 'true'});
  if (first?.hexcolor && /^#[0-9a-f]{6}$/i.test(first.hexcolor)) swatch.style.background = first.hexcolor;
  return h('li', {class: 'dest', dataset: {abbr: d.abbr}},
    h('div', {class: 'dest-name'}, swatch, d.name),
    h('ol', {class: 'trains'}, (d.trains || []).map(train)));
}

function train(t) {
  const text = t.leaving || t.minutes === 0 ? 'Leaving' : `${t.minutes} min`;
  const details = [t.platform && `Pl. ${t.platform}`, t.length && `${t.length} cars`].filter(Boolean).join(' · ');
  const delay = t.delay ? h('span', {class: 'delay', title: `${t.delay} min late`}, `+${t.delay}`) : null;
  // The clock time as planned, struck through beside the predicted one when the train is late.
  const at = t.cancelled || !t.time ? null : when(t.time, t.time_predicted, t.realtime);
  return h('li', {class: 'train' + (t.cancelled ? ' cancelled' : ''), dataset: {minutes: t.minutes}},
    h('span', {}, h('strong', {class: 'mins'}, t.cancelled ? 'Cancelled' : text), delay),
    h('span', {class: 'meta'}, at, at && details ? ' · ' : '', details));
}

/** Leaving the view stops the refreshes. */
export function leave() {
  clearTimeout(timer);
  seq++;
  stopBoard();
}
