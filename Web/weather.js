// Weather along a route: the event stream's progress and places as they come, then the map and the table.
import {$, h, setStatus, setURL} from './dom.js';
import {getJSON, messageOf, duration} from './api.js';

const form = $('#wx-form');
const from = $('#wx-from');
const to = $('#wx-to');
const day = $('#wx-day');
const depart = $('#wx-depart');
const progressBox = $('#wx-progress-box');
const progress = $('#wx-progress');
const stage = $('#wx-stage');
const status = $('#wx-status');
const summary = $('#wx-summary');
const map = $('#wx-map');
const mapImg = $('#wx-map-img');
const mapCaption = $('#wx-map-caption');
const tableWrap = $('#wx-table-wrap');
const table = $('#wx-table');
const tbody = table.tBodies[0];
const credit = $('#wx-credit');
let source = null;
let shown = ''; // the address whose answer is on the page

// Each stage's share of the bar, in the order the server goes through them.
const STAGES = {geocoding: [0, 5, 'Finding both ends'], route: [5, 15, 'Asking for the route'],
  places: [15, 40, 'Finding the places along it'], weather: [40, 100, 'Asking for the weather']};

const names = ['Today', 'Tomorrow'];
for (let i = 0; i < 7; i++) {
  const d = new Date(Date.now() + i * 86400000);
  day.append(h('option', {value: i}, names[i] || d.toLocaleDateString('en', {weekday: 'long'})));
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  run(true);
});
depart.addEventListener('input', () => { day.disabled = !!depart.value; });
mapImg.addEventListener('load', () => { map.hidden = false; });
mapImg.addEventListener('error', () => {
  map.hidden = true;
  if (mapImg.getAttribute('src')) setStatus(status, 'The map could not be drawn; the table has every place.', 'error');
});

/** Restores the view from the URL (`?view=weather&from=…&to=…&day=1` or `&depart=2026-12-03T08:00`). */
export function restore(params) {
  document.title = 'Weather along a route · GottaGo';
  // Back on this view with the same address: what is shown is kept, not asked for again.
  if (params.toString() === shown) return;
  shown = params.toString();
  from.value = params.get('from') || '';
  to.value = params.get('to') || '';
  day.value = /^[0-6]$/.test(params.get('day') || '') ? params.get('day') : '0';
  depart.value = params.get('depart') || '';
  day.disabled = !!depart.value;
  if (from.value.trim() && to.value.trim()) run(false);
  else clear();
}

function clear() {
  stop();
  progressBox.hidden = true;
  summary.hidden = true;
  map.hidden = true;
  mapImg.removeAttribute('src');
  tableWrap.hidden = true;
  tbody.replaceChildren();
  credit.textContent = '';
  setStatus(status, '');
}

function stop() {
  if (source) source.close();
  source = null;
}

/** Leaving the view closes the stream; what it has not finished is asked for again on return. */
export function leave() {
  if (source) shown = '';
  stop();
}

function run(push) {
  const f = from.value.trim(), t = to.value.trim();
  if (!f || !t) {
    setStatus(status, !f ? 'Enter where the drive starts.' : 'Enter where the drive ends.', 'error');
    (!f ? from : to).focus();
    return;
  }
  const when = depart.value ? {depart: depart.value.slice(0, 16)} : {day: day.value};
  if (push) setURL({view: 'weather', from: f, to: t, ...when});
  shown = new URLSearchParams(location.search).toString();
  document.title = `${f} → ${t}: weather · GottaGo`;
  clear();
  const base = `/api/weather/route/from/${encodeURIComponent(f)}/to/${encodeURIComponent(t)}`;
  const params = new URLSearchParams(when);
  table.classList.toggle('with-arrival', !!when.depart);
  progressBox.hidden = false;
  progress.value = 0;
  stage.textContent = 'Starting…';
  const es = new EventSource(`${base}.json?${params}`);
  source = es;
  es.addEventListener('progress', (e) => {
    const p = JSON.parse(e.data);
    const [lo, hi, label] = STAGES[p.stage] || [progress.value, progress.value, p.stage];
    progress.value = Math.max(progress.value, lo + (hi - lo) * (p.total ? p.done / p.total : 1));
    stage.textContent = p.total > 2 ? `${label}: ${p.done} of ${p.total}` : `${label}…`;
  });
  es.addEventListener('place', (e) => {
    tableWrap.hidden = false;
    addRow(JSON.parse(e.data).place);
  });
  let finished = false;
  es.addEventListener('done', (e) => {
    finished = true;
    done(JSON.parse(e.data).routeweather, `${base}.svg?${params}`);
    // A proxy that holds the finished stream open would otherwise keep it forever.
    setTimeout(() => { if (source === es) stop(); }, 5000);
  });
  es.addEventListener('error', (e) => {
    if (es !== source) return;
    if (e.data) {
      finished = true;
      progressBox.hidden = true;
      setStatus(status, messageOf(JSON.parse(e.data)), 'error');
      return;
    }
    // The stream ended (or failed). Closed here, before the EventSource reconnects and starts the whole
    // route again; not at `done`, whose stream may still be ending (closing it then aborts the request).
    stop();
    if (!finished) {
      progressBox.hidden = true;
      explain(`${base}.json?${params}`);
    }
  });
}

/** The stream failed before it started (a refused parameter): the plain request says why. */
async function explain(path) {
  try {
    const {doc, response} = await getJSON(path);
    setStatus(status, response.ok ? 'The connection to the server was lost; try again.' : messageOf(doc, response.status), 'error');
  } catch (err) {
    setStatus(status, err.message, 'error');
  }
}

function done(doc, svg) {
  progress.value = 100;
  stage.textContent = 'Done';
  progressBox.hidden = true;
  tbody.replaceChildren();
  for (const place of doc.places) addRow(place);
  tableWrap.hidden = false;
  const ends = `${placeName(doc.from)} to ${placeName(doc.to)}`;
  table.caption.textContent = `${doc.places.length} places from ${ends}`;
  summary.hidden = false;
  summary.replaceChildren(h('strong', {}, ends), ` · ${Math.round(doc.distance.km).toLocaleString('en')} km (${Math.round(doc.distance.miles).toLocaleString('en')} mi)`,
    ` · about ${duration(doc.duration)} of driving`, doc.depart ? ` · leaving ${doc.depart.slice(0, 16).replace('T', ' ')}` : ` · ${doc.date}`);
  for (const end of ['from', 'to']) {
    const others = doc.alternatives?.[end];
    if (others?.length) summary.append(h('span', {class: 'hint alts'}, `Not ${placeName(doc[end])}? Also called ${doc[end].name}: ${others.map(placeName).join('; ')}. Add the state or country.`));
  }
  mapImg.alt = `Map of the route from ${ends}, with ${doc.places.length} places coloured by their high temperature.`;
  mapCaption.replaceChildren(`The route from ${ends}. `, h('a', {href: svg}, 'Open the map on its own'));
  mapImg.src = svg;
  credit.textContent = doc.credit || '';
  setStatus(status, `Done: ${doc.places.length} places.`);
}

const placeName = (p) => [p.name, p.admin || p.country].filter(Boolean).join(', ');

const temp = (t) => `${Math.round(t.c)}°`;

/** A row for a place, kept in driving order (place events come out of order). */
function addRow(p) {
  const w = p.weather;
  const hour = w?.hour;
  const row = h('tr', {dataset: {index: p.index}},
    h('th', {scope: 'row', class: 'c-place'}, h('span', {class: 'place'}, p.name), ' ', h('span', {class: 'meta'}, [p.admin, p.postcode].filter(Boolean).join(' '))),
    h('td', {class: 'num c-km', title: `${p.distance.miles} miles`}, Math.round(p.distance.km).toLocaleString('en')),
    h('td', {class: 'arrival c-arr'}, p.arrival ? p.arrival.slice(11, 16) : ''),
    h('td', {class: 'c-wx'}, p.error ? h('span', {class: 'error'}, p.error.message) : (hour ? `${hour.condition}, ${temp(hour.temperature)}C` : w?.condition || '')),
    h('td', {class: 'num c-temp', title: w ? `${w.low.f}–${w.high.f} °F` : ''}, w ? `${temp(w.low)} / ${temp(w.high)}C` : ''),
    h('td', {class: 'num c-rain'}, w ? [w.precipitation != null ? `${w.precipitation}%` : null, w.precipitation_mm != null ? `${w.precipitation_mm} mm` : null].filter(Boolean).join(' ') : ''));
  const next = [...tbody.rows].find((r) => Number(r.dataset.index) > p.index);
  tbody.insertBefore(row, next || null);
}
