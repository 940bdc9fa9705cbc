// The connections view: from/to/via station lists, date, time and arrival; one schedule of cards per pair.
import {$, h, setStatus, setURL, splitList, locate} from './dom.js';
import {getJSON, messageOf, stationPath, duration, clock} from './api.js';
import {StationField} from './stations.js';

const form = $('#conn-form');
const status = $('#conn-status');
const results = $('#conn-results');
const date = $('#conn-date');
const time = $('#conn-time');
const arrival = $('#conn-arrival');
const positionNote = $('#conn-position');
let position = null;
const fields = {};
for (const box of form.querySelectorAll('.stations')) {
  fields[box.dataset.name] = new StationField(box, {position: () => position});
}
let seq = 0;
let shown = ''; // the address whose answer is on the page

form.addEventListener('submit', (e) => {
  e.preventDefault();
  search(true);
});

$('#conn-locate').addEventListener('click', async () => {
  setStatus(status, 'Finding your position…');
  try {
    position = await locate();
  } catch (err) {
    setStatus(status, err.message, 'error');
    return;
  }
  showPosition();
  setStatus(status, '');
  if (fields.from.values().length === 0) {
    const {doc, response} = await getJSON(`/api/sbb/locations.json?lat=${position.lat}&lon=${position.lon}&limit=1`).catch(() => ({}));
    const near = response?.ok && doc.locations?.[0];
    if (near) fields.from.add(near.name);
  }
  if (fields.from.values().length && fields.to.values().length) search(true);
});

function showPosition() {
  positionNote.hidden = !position;
  if (!position) return;
  positionNote.replaceChildren(`Near ${position.lat}, ${position.lon}: a name several stops share means the nearest. `,
    h('button', {type: 'button', class: 'link', onclick: () => { position = null; showPosition(); }}, 'Forget the position'));
}

/** The form's state as URL parameters. */
function state() {
  for (const f of Object.values(fields)) f.commit();
  return {
    from: fields.from.values().join(';'), to: fields.to.values().join(';'), via: fields.via.values(),
    date: date.value, time: time.value, arrival: arrival.checked ? '1' : '',
    lat: position?.lat, lon: position?.lon,
  };
}

/** Restores the view from the URL (`?from=Bern;Thun&to=Zürich HB&via=…&date=&time=&arrival=1&lat=&lon=`). */
export function restore(params) {
  // Back on this view with the same address: what is shown is kept, not asked for again.
  if (params.toString() === shown && results.childElementCount) return;
  shown = params.toString();
  fields.from.set(splitList(params.get('from')));
  fields.to.set(splitList(params.get('to')));
  fields.via.set(params.getAll('via').flatMap(splitList));
  date.value = params.get('date') || '';
  time.value = params.get('time') || '';
  arrival.checked = params.get('arrival') === '1';
  if (params.get('via') || date.value || time.value || arrival.checked) form.querySelector('details').open = true;
  const lat = Number(params.get('lat')), lon = Number(params.get('lon'));
  position = params.has('lat') && params.has('lon') && isFinite(lat) && isFinite(lon) ? {lat, lon} : null;
  showPosition();
  if (fields.from.values().length && fields.to.values().length) search(false);
  else { results.replaceChildren(); setStatus(status, ''); }
}

/** Searches with the form's state; `push` adds a history entry. */
async function search(push) {
  const s = state();
  if (!s.from || !s.to) {
    setStatus(status, !s.from ? 'Enter a station to leave from.' : 'Enter a station to go to.', 'error');
    (!s.from ? fields.from : fields.to).input.focus();
    return;
  }
  if (push) setURL(s);
  shown = new URLSearchParams(location.search).toString();
  document.title = `${s.from.replaceAll(';', ', ')} → ${s.to.replaceAll(';', ', ')} · GottaGo`;
  const params = new URLSearchParams();
  for (const v of s.via) params.append('via', v);
  for (const k of ['date', 'time', 'arrival', 'lat', 'lon']) if (s[k]) params.set(k, s[k]);
  const mine = ++seq;
  setStatus(status, 'Searching…');
  results.setAttribute('aria-busy', 'true');
  try {
    const {doc, response} = await getJSON(`/api/sbb/from/${stationPath(splitList(s.from))}/to/${stationPath(splitList(s.to))}.json?${params}`);
    if (mine !== seq) return;
    if (!doc.schedules) throw new Error(messageOf(doc, response.status));
    results.replaceChildren(...doc.schedules.map(schedule));
    const n = doc.schedules.reduce((sum, sc) => sum + (sc.links?.length || 0), 0);
    setStatus(status, n ? `${n} connection${n === 1 ? '' : 's'} in ${doc.schedules.length} schedule${doc.schedules.length === 1 ? '' : 's'}.`
      : 'No connections: see below.', n ? '' : 'error');
  } catch (err) {
    if (mine !== seq) return;
    results.replaceChildren();
    setStatus(status, err.message, 'error');
  } finally {
    if (mine === seq) results.removeAttribute('aria-busy');
  }
}

function schedule(sc) {
  const box = h('section', {class: 'schedule'}, h('h2', {}, sc.from, h('span', {class: 'arrow', 'aria-label': 'to'}, ' → '), sc.to));
  if (sc.error) box.append(problem(sc));
  if (sc.stale) box.append(h('p', {class: 'hint'}, `Kept from ${sc.age} s ago; the timetable could not be asked again.`));
  if (sc.links?.length) box.append(h('ol', {class: 'links'}, sc.links.map(card)));
  return box;
}

/** A schedule's error: its message, and its candidates as buttons that search again with one of them. */
function problem(sc) {
  const e = sc.error;
  const box = h('div', {class: 'problem'}, h('p', {class: 'error'}, e.message || 'This schedule failed.'));
  if (e.candidates?.length) {
    const which = ambiguousField(sc, e);
    box.append(h('p', {}, e.code === 'ambiguous_station' ? 'Which one? (Or use your position: the nearest is taken.)' : 'Did you mean:'),
      h('div', {class: 'candidates'}, e.candidates.map((c) => h('button', {type: 'button', class: 'candidate',
        onclick: () => { replaceStation(which, c.name); search(true); }}, c.name))));
  }
  return box;
}

/** Which field and name the error is about: the name the message quotes, else the schedule's from. */
function ambiguousField(sc, e) {
  for (const [field, names] of [['from', [sc.from]], ['to', [sc.to]], ['via', fields.via.values()]]) {
    for (const name of names) if (e.message?.includes(`"${name}"`)) return {field, name};
  }
  return {field: 'from', name: sc.from};
}

function replaceStation({field, name}, replacement) {
  const f = fields[field];
  f.set(f.values().map((n) => (n === name ? replacement : n)));
}

function card(link) {
  const cancelled = link.parts?.some((p) => p.cancelled);
  const changes = link.transfers ?? Math.max(0, (link.parts || []).filter((p) => p.vehicle !== 'Walk').length - 1);
  return h('li', {class: 'card link' + (cancelled ? ' cancelled' : '')},
    h('div', {class: 'card-head'},
      h('span', {class: 'times'}, h('time', {datetime: link.departure}, clock(link.departure)), ' → ',
        h('time', {datetime: link.arrival}, clock(link.arrival)), nextDay(link.departure, link.arrival)),
      h('span', {class: 'meta'}, [duration(link.duration), changes ? `${changes} change${changes > 1 ? 's' : ''}` : 'direct'].filter(Boolean).join(' · ')),
      cancelled ? h('span', {class: 'badge bad'}, 'Cancelled') : null),
    link.info ? h('p', {class: 'info'}, link.info) : null,
    h('ol', {class: 'parts'}, (link.parts || []).map(part)));
}

/** "+1" after an arrival on a later day than the departure. */
function nextDay(from, to) {
  if (!from || !to) return null;
  const days = Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86400000);
  return days > 0 ? h('span', {class: 'next-day', title: `${days} day${days > 1 ? 's' : ''} later`}, `+${days}`) : null;
}

function part(p) {
  if (p.vehicle === 'Walk') {
    return h('li', {class: 'part walk'}, p.duration ? `Walk ${duration(p.duration)} to ${p.to}` : `Walk to ${p.to}`);
  }
  const delay = p.delay ? h('span', {class: 'delay'}, `+${p.delay}′`, h('span', {class: 'sr'}, ' min late')) : null;
  return h('li', {class: 'part' + (p.cancelled ? ' cancelled' : '')},
    h('div', {class: 'line'}, h('span', {class: 'line-name'}, p.line || p.vehicle || ''),
      p.direction ? h('span', {class: 'dir'}, ` towards ${p.direction}`) : null,
      p.cancelled ? h('span', {class: 'badge bad'}, 'Cancelled') : null),
    stop(p.departure, p.from, p.trackfrom, delay),
    stop(p.arrival, p.to, p.trackto, null));
}

function stop(when, name, track, delay) {
  return h('div', {class: 'stop'}, h('time', {datetime: when}, clock(when)), delay, h('span', {class: 'stop-name'}, name),
    track ? h('span', {class: 'track', title: 'Platform'}, `Pl. ${track}`) : null);
}

/** Leaving the view: nothing runs in the background. */
export function leave() {}
