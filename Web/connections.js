// The connections view: from/to/via station lists, date, time, arrival and stops; one schedule of cards per pair,
// each card with today's real-time and notices, and each schedule paged on its own with Earlier and Later.
import {$, h, setStatus, setURL, splitList, locate} from './dom.js';
import {getJSON, messageOf, stationPath, duration, clock} from './api.js';
import {StationField} from './stations.js';
import {when, platform, runState, skipped, distinctAlerts, splitAlerts, sharedAlerts, alerts} from './realtime.js';
import {pager, turnPage, updatePagers} from './paging.js';

const form = $('#conn-form');
const status = $('#conn-status');
const results = $('#conn-results');
const date = $('#conn-date');
const time = $('#conn-time');
const arrival = $('#conn-arrival');
const withStops = $('#conn-stops');
const positionNote = $('#conn-position');
let position = null;
const fields = {};
for (const box of form.querySelectorAll('.stations')) {
  fields[box.dataset.name] = new StationField(box, {position: () => position});
}
let seq = 0;
let shown = ''; // the address whose answer is on the page
let searched = null; // the state of the search on the page, which its pages keep
// Each paged schedule's cursor (by the schedule's index): the address holds them as `cursor=INDEX.CURSOR`, and one
// request with all of them restores every schedule's page (the API tells a cursor's pair itself).
let cursors = {};

form.addEventListener('submit', (e) => {
  e.preventDefault();
  cursors = {};
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
  if (fields.from.values().length && fields.to.values().length) {
    cursors = {};
    search(true);
  }
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
    date: date.value, time: time.value, arrival: arrival.checked ? '1' : '', stops: withStops.checked ? '1' : '',
    lat: position?.lat, lon: position?.lon,
  };
}

/** The address of the search `s` with the schedules' pages. */
const address = (s) => ({...s, cursor: Object.entries(cursors).map(([i, c]) => `${i}.${c}`)});

/** The API's parameters for the search `s` (without the pairs, which are the path), asking for the pages `pages`. */
function apiParams(s, pages) {
  const params = new URLSearchParams();
  for (const v of s.via) params.append('via', v);
  for (const k of ['date', 'time', 'arrival', 'stops', 'lat', 'lon']) if (s[k]) params.set(k, s[k]);
  for (const c of pages) params.append('cursor', c);
  return params;
}

/**
 * Restores the view from the URL (`?from=Bern;Thun&to=Zürich HB&via=…&date=&time=&arrival=1&stops=1&lat=&lon=`,
 * and `cursor=0.…` for a schedule shown at another page).
 */
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
  withStops.checked = params.get('stops') === '1';
  cursors = {};
  for (const value of params.getAll('cursor')) {
    const m = /^(\d+)\.([\w-]+)$/.exec(value);
    if (m) cursors[m[1]] = m[2];
  }
  if (params.get('via') || date.value || time.value || arrival.checked || withStops.checked) form.querySelector('details').open = true;
  const lat = Number(params.get('lat')), lon = Number(params.get('lon'));
  position = params.has('lat') && params.has('lon') && isFinite(lat) && isFinite(lon) ? {lat, lon} : null;
  showPosition();
  if (fields.from.values().length && fields.to.values().length) search(false);
  else { results.replaceChildren(); setStatus(status, ''); }
}

/** Searches with the form's state and the schedules' pages in `cursors`; `push` adds a history entry. */
async function search(push) {
  const s = state();
  if (!s.from || !s.to) {
    setStatus(status, !s.from ? 'Enter a station to leave from.' : 'Enter a station to go to.', 'error');
    (!s.from ? fields.from : fields.to).input.focus();
    return;
  }
  if (push) setURL(address(s));
  shown = new URLSearchParams(location.search).toString();
  document.title = `${s.from.replaceAll(';', ', ')} → ${s.to.replaceAll(';', ', ')} · GottaGo`;
  const mine = ++seq;
  setStatus(status, 'Searching…');
  results.setAttribute('aria-busy', 'true');
  try {
    const path = `/api/sbb/from/${stationPath(splitList(s.from))}/to/${stationPath(splitList(s.to))}.json`;
    let {doc, response} = await getJSON(`${path}?${apiParams(s, Object.values(cursors))}`);
    let note = '';
    // A page's cursor from an old address (another server's, or damaged): the search's own time instead.
    if (mine === seq && !doc.schedules && errorCode(doc) === 'invalid_cursor' && Object.keys(cursors).length) {
      cursors = {};
      setURL(address(s), true);
      shown = new URLSearchParams(location.search).toString();
      note = ' The page in the address is no longer known; these are the first.';
      ({doc, response} = await getJSON(`${path}?${apiParams(s, [])}`));
    }
    if (mine !== seq) return;
    if (!doc.schedules) throw new Error(messageOf(doc, response.status));
    searched = s;
    results.replaceChildren(...doc.schedules.map(schedule));
    const n = doc.schedules.reduce((sum, sc) => sum + (sc.links?.length || 0), 0);
    setStatus(status, n ? `${n} connection${n === 1 ? '' : 's'} in ${doc.schedules.length} schedule${doc.schedules.length === 1 ? '' : 's'}.${note}`
      : 'No connections: see below.', n ? '' : 'error');
  } catch (err) {
    if (mine !== seq) return;
    results.replaceChildren();
    setStatus(status, err.message, 'error');
  } finally {
    if (mine === seq) results.removeAttribute('aria-busy');
  }
}

/** The code of an error document (problem+json, or the XML-style `error`). */
const errorCode = (doc) => doc?.error?.code || doc?.code;

function schedule(sc, index) {
  const id = `schedule-${index}`;
  const heading = h('h2', {id: `${id}-title`, tabindex: '-1'}, sc.from, h('span', {class: 'arrow', 'aria-label': 'to'}, ' → '), sc.to);
  const box = h('section', {class: 'schedule', 'aria-labelledby': heading.id}, heading);
  if (sc.error) box.append(problem(sc));
  if (sc.stale) box.append(h('p', {class: 'hint'}, `As the timetable answered ${sc.age} s ago: a newer answer is on its way, or the timetable could not be reached.`));
  if (!sc.links?.length && !sc.earlier && !sc.later) return box;
  const list = h('ol', {class: 'links', id: `${id}-links`});
  const notices = h('div', {class: 'shared-alerts'});
  show(sc.links || [], list, notices);
  const page = {earlier: sc.earlier, later: sc.later};
  const turn = (which, button) => turnPage(box, button, heading, () => turnSchedule(box, sc, index, page, page[which], list, notices));
  const what = `connections from ${sc.from} to ${sc.to}`;
  box.append(pager(what, list.id, page, turn, 'top'), notices, list, pager(what, list.id, page, turn, 'bottom'));
  // The attribution the timetable upstream's terms ask for (Transitous's).
  if (sc.credit) box.append(h('p', {class: 'hint credit'}, sc.credit));
  return box;
}

/** A page's cards in `list`, and in `notices` those every card of it carries, shown once above them. */
function show(links, list, notices) {
  const {shared, own} = splitAlerts(links.map((l) => distinctAlerts(l.alerts || [], ...(l.parts || []).map((p) => p.alerts || []))));
  notices.replaceChildren(...sharedAlerts(shared, 'connection'));
  list.replaceChildren(...links.map((l, i) => card(l, own[i])));
}

/**
 * Shows the page of one schedule that `cursor` names, asked for with that schedule's own pair as the path. The page
 * replaces the links shown (rather than adding to them), so that a schedule stays a few cards long and the address
 * names what is shown; Back returns to the page before. Resolves true once it is shown.
 */
async function turnSchedule(box, sc, index, page, cursor, list, notices) {
  const mine = seq;
  const what = `from ${sc.from} to ${sc.to}`;
  setStatus(status, `Asking for other connections ${what}…`);
  try {
    const {doc, response} = await getJSON(`/api/sbb/from/${stationPath([sc.from])}/to/${stationPath([sc.to])}.json?${apiParams(searched, [cursor])}`);
    const next = doc.schedules?.[0];
    if (mine !== seq || !box.isConnected) return false;
    if (!next) throw new Error(messageOf(doc, response.status));
    if (!next.links?.length) throw new Error(next.error?.message || `No other connections ${what}.`);
    show(next.links, list, notices);
    page.earlier = next.earlier;
    page.later = next.later;
    updatePagers(box, page);
    cursors[index] = cursor;
    setURL(address(searched));
    shown = new URLSearchParams(location.search).toString();
    const links = next.links;
    setStatus(status, `Connections ${what}, leaving ${clock(links[0].departure)} to ${clock(links[links.length - 1].departure)}.`);
    return true;
  } catch (err) {
    if (mine === seq) setStatus(status, err.message, 'error');
    return false;
  }
}

/** A schedule's error: its message, and its candidates as buttons that search again with one of them. */
function problem(sc) {
  const e = sc.error;
  const box = h('div', {class: 'problem'}, h('p', {class: 'error'}, e.message || 'This schedule failed.'));
  if (e.candidates?.length) {
    const which = ambiguousField(sc, e);
    box.append(h('p', {}, e.code === 'ambiguous_station' ? 'Which one? (Or use your position: the nearest is taken.)' : 'Did you mean:'),
      h('div', {class: 'candidates'}, e.candidates.map((c) => h('button', {type: 'button', class: 'candidate',
        onclick: () => { replaceStation(which, c.name); cursors = {}; search(true); }}, c.name))));
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

/** A connection's card; `notices` are its own (those of its link and parts, once each, less those shown above). */
function card(link, notices) {
  const parts = link.parts || [];
  const rides = parts.filter((p) => p.vehicle !== 'Walk');
  const cancelled = rides.some((p) => p.cancelled);
  const skips = rides.flatMap((p) => [p.departure_cancelled && p.from, p.arrival_cancelled && p.to]).filter(Boolean);
  const changes = link.transfers ?? Math.max(0, rides.length - 1);
  const missed = cancelled ? [] : tightChanges(parts);
  // A walk at either end has no prediction: the card's times are then the walk's, as planned.
  const first = parts[0]?.vehicle !== 'Walk' ? parts[0] : null;
  const last = parts[parts.length - 1]?.vehicle !== 'Walk' ? parts[parts.length - 1] : null;
  return h('li', {class: 'card link' + (cancelled ? ' cancelled' : skips.length ? ' broken' : ''), dataset: {departure: link.departure}},
    h('div', {class: 'card-head'},
      h('span', {class: 'times'}, when(link.departure, !cancelled && first?.departure_predicted, first?.realtime), ' → ',
        when(link.arrival, !cancelled && last?.arrival_predicted, last?.realtime), nextDay(link.departure, link.arrival)),
      h('span', {class: 'meta'}, [duration(link.duration), changes ? `${changes} change${changes > 1 ? 's' : ''}` : 'direct'].filter(Boolean).join(' · ')),
      cancelled ? h('span', {class: 'badge bad'}, 'Cancelled') : null,
      !cancelled && skips.length ? h('span', {class: 'badge bad'}, skipped(skips[0])) : null,
      missed.map((name) => h('span', {class: 'badge warn'}, `The change at ${name} may be missed`))),
    link.info ? h('p', {class: 'info'}, link.info) : null,
    h('ol', {class: 'parts'}, parts.map((p) => part(p, rides.length > 1))),
    alerts(notices));
}

/**
 * The stations where a ride's expected arrival, and the walk after it, come after the next ride's expected departure:
 * the timetable's change no longer works today.
 */
function tightChanges(parts) {
  const at = (time, predicted) => Date.parse(predicted || time);
  const out = [];
  let ready = null; // when the last ride's traveller can board the next one
  let station = '';
  for (const p of parts) {
    if (p.vehicle === 'Walk') {
      if (ready != null) ready += at(p.arrival) - at(p.departure);
      continue;
    }
    if (ready != null && ready > at(p.departure, p.departure_predicted)) out.push(station);
    ready = at(p.arrival, p.arrival_predicted);
    station = p.to;
  }
  return out;
}

/** "+1" after an arrival on a later day than the departure. */
function nextDay(from, to) {
  if (!from || !to) return null;
  const days = Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86400000);
  return days > 0 ? h('span', {class: 'next-day', title: `${days} day${days > 1 ? 's' : ''} later`}, `+${days}`) : null;
}

/** One part of a card; `several` when the card has other rides, which its own "Cancelled" tells apart. */
function part(p, several) {
  if (p.vehicle === 'Walk') {
    return h('li', {class: 'part walk'}, p.duration ? `Walk ${duration(p.duration)} to ${p.to}` : `Walk to ${p.to}`);
  }
  const predicted = (time) => (p.cancelled ? null : time);
  return h('li', {class: 'part' + (p.cancelled ? ' cancelled' : '')},
    h('div', {class: 'line'}, h('span', {class: 'line-name'}, p.line || p.vehicle || ''),
      p.direction ? h('span', {class: 'dir'}, ` towards ${p.direction}`) : null, ' ', p.cancelled && !several ? null : runState(p)),
    stop(p.departure, predicted(p.departure_predicted), p.realtime, p.from, p.trackfrom, p.trackfrom_predicted, p.departure_cancelled),
    p.stops?.length ? stopList(p.stops) : null,
    stop(p.arrival, predicted(p.arrival_predicted), p.realtime, p.to, p.trackto, p.trackto_predicted, p.arrival_cancelled));
}

/** One end of a part: its time, the station (or that the run does not stop there) and the platform. */
function stop(planned, predicted, realtime, name, track, trackPredicted, skip) {
  return h('div', {class: 'stop' + (skip ? ' skipped' : '')},
    skip ? h('s', {}, h('span', {class: 'sr'}, 'planned '), h('time', {datetime: planned}, clock(planned))) : when(planned, predicted, realtime),
    h('span', {class: 'stop-name'}, skip ? skipped(name) : name),
    skip ? null : platform(track, trackPredicted));
}

/** The stops between a part's ends (asked for with `stops=1`), folded under a summary that names those skipped. */
function stopList(stops) {
  const skips = stops.filter((s) => s.arrival_cancelled && s.departure_cancelled).map((s) => s.name);
  return h('details', {class: 'stops'},
    h('summary', {}, `${stops.length} stop${stops.length > 1 ? 's' : ''} between`,
      skips.length ? [' · ', h('span', {class: 'skip'}, `does not stop at ${skips.join(', ')}`)] : null),
    h('ol', {class: 'stop-list'}, stops.map((s) => {
      const skip = s.arrival_cancelled && s.departure_cancelled;
      const note = !skip && (s.departure_cancelled ? ' (no boarding)' : s.arrival_cancelled ? ' (no getting off)' : '');
      const planned = s.departure || s.arrival;
      return h('li', {class: 'stop' + (skip ? ' skipped' : '')},
        skip ? h('s', {}, h('span', {class: 'sr'}, 'planned '), h('time', {datetime: planned}, clock(planned)))
          : when(planned, s.departure ? s.departure_predicted : s.arrival_predicted, s.realtime),
        h('span', {class: 'stop-name'}, skip ? skipped(s.name) : [s.name, note || null]),
        skip ? null : platform(s.platform, s.platform_predicted));
    })));
}

/** Leaving the view: nothing runs in the background. */
export function leave() {}
