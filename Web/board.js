// A Swiss station's board (/api/sbb/stationboard) in the departures view: its departures from a date and time,
// each with today's real-time and notices, paged with Earlier and Later.
import {h, setStatus, setURL} from './dom.js';
import {getJSON, messageOf, clock} from './api.js';
import {when, platform, runState, skipped, distinctAlerts, splitAlerts, sharedAlerts, alerts} from './realtime.js';
import {pager, turnPage, updatePagers} from './paging.js';

let seq = 0;

/** The address of a board: `?view=departures&board=Bern&datetime=2026-12-01T07:00`, and `cursor=` for another page. */
export const boardAddress = (t) => ({view: 'departures', board: t.board, datetime: t.datetime, cursor: t.cursor});

/** Stops what a board was asking for: its answer is not shown. */
export function stopBoard() {
  seq++;
}

const boardPath = (name, params) => `/api/sbb/stationboard/${encodeURIComponent(name)}.json?${new URLSearchParams(params)}`;

/**
 * Shows the board of `target` (`{board, datetime, cursor}`) in `results`; `pick(name)` is called with a candidate
 * a person chooses when the name is ambiguous or unknown.
 */
export async function showBoard(target, {results, status, pick}) {
  const mine = ++seq;
  setStatus(status, `Asking for the departures at ${target.board}…`);
  results.setAttribute('aria-busy', 'true');
  try {
    let {doc, response} = await getJSON(boardPath(target.board, target.cursor ? {cursor: target.cursor} : dateParams(target)));
    let note = '';
    // A cursor from an old address (another server's, or damaged): the board from its date and time instead.
    if (mine === seq && target.cursor && (doc.code || doc.error?.code) === 'invalid_cursor') {
      target.cursor = '';
      setURL(boardAddress(target), true);
      note = ' The page in the address is no longer known; this is the first.';
      ({doc, response} = await getJSON(boardPath(target.board, dateParams(target))));
    }
    if (mine !== seq) return;
    const board = doc.stationboard;
    if (!board) throw new Error(messageOf(doc, response.status));
    if (board.error) {
      results.replaceChildren(problem(board.error, pick));
      setStatus(status, board.error.message || 'This board failed.', 'error');
      return;
    }
    results.replaceChildren(render(target, board, status));
    setStatus(status, summary(board) + note);
  } catch (err) {
    if (mine !== seq) return;
    results.replaceChildren();
    setStatus(status, err.message, 'error');
  } finally {
    if (mine === seq) results.removeAttribute('aria-busy');
  }
}

const dateParams = (t) => (t.datetime ? {datetime: t.datetime} : {});

function summary(board) {
  const js = board.journeys || [];
  const kind = board.type === 'arrival' ? 'Arrivals' : 'Departures';
  return js.length ? `${kind} at ${board.station?.name || board.query}, ${clock(js[0].time)} to ${clock(js[js.length - 1].time)}.`
    : `No ${kind.toLowerCase()} at ${board.station?.name || board.query} then.`;
}

function render(target, board, status) {
  const heading = h('h2', {id: 'board-title', tabindex: '-1'}, board.station?.name || board.query,
    h('span', {class: 'meta'}, board.type === 'arrival' ? 'arrivals' : 'departures'));
  const list = h('ol', {class: 'journeys', id: 'board-journeys'});
  const notices = h('div', {class: 'shared-alerts'});
  show(board, list, notices);
  const box = h('section', {class: 'card board', 'aria-labelledby': heading.id}, heading);
  const page = {earlier: board.earlier, later: board.later};
  const turn = (which, button) => turnPage(box, button, heading, () => turnBoard(target, board, page, page[which], {list, notices, box, status}));
  const what = `${board.type === 'arrival' ? 'arrivals' : 'departures'} at ${board.station?.name || board.query}`;
  box.append(pager(what, list.id, page, turn, 'top'), notices, list, pager(what, list.id, page, turn, 'bottom'));
  // The attribution the timetable upstream's terms ask for (Transitous's).
  if (board.credit) box.append(h('p', {class: 'hint credit'}, board.credit));
  return box;
}

/** A page's journeys in `list`, and in `notices` those every journey of it carries, shown once above them. */
function show(board, list, notices) {
  const journeys = board.journeys || [];
  const {shared, own} = splitAlerts(journeys.map((j) => distinctAlerts(j.alerts || [])));
  const stale = board.stale
    ? [h('p', {class: 'hint'}, `As the timetable answered ${board.age} s ago: a newer answer is on its way, or the timetable could not be reached.`)]
    : [];
  notices.replaceChildren(...stale, ...sharedAlerts(shared, board.type === 'arrival' ? 'arrival' : 'departure'));
  list.replaceChildren(...journeys.map((j, i) => journey(j, board.type, own[i])));
}

/**
 * Shows the page `cursor` names, asked for with the board's name as asked. It replaces the journeys shown (rather
 * than adding to them), so that the board stays one page long and its address names what is shown; Back returns
 * to the page before. Resolves true once it is shown.
 */
async function turnBoard(target, board, page, cursor, {list, notices, box, status}) {
  const mine = seq;
  setStatus(status, 'Asking for other departures…');
  try {
    const {doc, response} = await getJSON(boardPath(board.query, {cursor}));
    if (mine !== seq || !box.isConnected) return false;
    const next = doc.stationboard;
    if (!next || next.error) throw new Error(next?.error?.message || messageOf(doc, response.status));
    if (!next.journeys?.length) throw new Error('There are no other departures.');
    show(next, list, notices);
    page.earlier = next.earlier;
    page.later = next.later;
    updatePagers(box, page);
    target.cursor = cursor;
    setURL(boardAddress(target));
    setStatus(status, summary(next));
    return true;
  } catch (err) {
    if (mine === seq) setStatus(status, err.message, 'error');
    return false;
  }
}

/** A board's journey; `notices` are its own, less those shown above. */
function journey(j, type, notices) {
  const skip = type === 'arrival' ? j.arrival_cancelled : j.departure_cancelled;
  const off = j.cancelled || skip;
  const struck = h('s', {class: 'when'}, h('span', {class: 'sr'}, 'planned '), h('time', {datetime: j.time}, clock(j.time)));
  const towards = type === 'arrival' ? (j.origin ? `from ${j.origin}` : '') : j.direction;
  return h('li', {class: 'journey' + (j.cancelled ? ' cancelled' : skip ? ' skipped' : ''), dataset: {time: j.time}},
    h('span', {class: 'j-time'}, off ? struck : when(j.time, j.time_predicted, j.realtime)),
    h('div', {class: 'j-main'},
      h('div', {}, h('strong', {class: 'line-name'}, j.line || j.category || j.vehicle || ''), ' ',
        h('span', {class: 'j-dir'}, towards || ''), ' ', skip && !j.cancelled ? skipped() : runState(j)),
      alerts(notices)),
    h('span', {class: 'j-track'}, off ? null : platform(j.platform, j.platform_predicted)));
}

/** A board's error: its message, and its candidates as buttons that show one of them. */
function problem(e, pick) {
  return h('div', {class: 'problem'}, h('p', {class: 'error'}, e.message || 'This board failed.'),
    e.candidates?.length ? [h('p', {}, 'Which one?'), h('div', {class: 'candidates'},
      e.candidates.map((c) => h('button', {type: 'button', class: 'candidate', onclick: () => pick(c.name)}, c.name)))] : null);
}
