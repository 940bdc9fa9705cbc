// How a stop event reads today, alike on connection cards and station boards: the planned time and platform
// beside the predicted ones, cancelled runs, skipped stops, runs without real-time and the upstream's notices.
import {h} from './dom.js';
import {clock} from './api.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Whole minutes from one ISO 8601 time to another (seconds ignored, as the board's clock shows none). */
const minutes = (from, to) => Math.round((Date.parse(to.slice(0, 16) + to.slice(19)) - Date.parse(from.slice(0, 16) + from.slice(19))) / 60000);

/**
 * A stop event's time: the planned one alone, or struck through with the predicted one beside it when the
 * upstream expects another minute. `propagated` says the prediction is an earlier stop's delay carried on.
 */
export function when(planned, predicted, realtime) {
  if (!planned) return null;
  const time = h('time', {datetime: planned}, clock(planned));
  const diff = predicted ? minutes(planned, predicted) : 0;
  if (!diff) return h('span', {class: 'when'}, time);
  const estimated = realtime === 'propagated';
  return h('span', {class: 'when changed', title: `Planned ${clock(planned)}, ${estimated ? 'estimated' : 'expected'} ${clock(predicted)}`},
    h('del', {}, h('span', {class: 'sr'}, 'planned '), time),
    h('span', {class: 'sr'}, estimated ? ', estimated ' : ', expected '),
    h('time', {datetime: predicted, class: `predicted ${diff > 0 ? 'late' : 'early'}${estimated ? ' estimated' : ''}`}, clock(predicted)));
}

/** A platform badge; a changed platform shows the planned one struck through and the new one highlighted. */
export function platform(planned, predicted) {
  if (!planned && !predicted) return null;
  if (!planned || !predicted || predicted === planned) {
    return h('span', {class: 'track', title: 'Platform'}, `Pl. ${planned || predicted}`);
  }
  return h('span', {class: 'track changed', title: `Platform changed from ${planned} to ${predicted}`}, 'Pl. ',
    h('del', {}, h('span', {class: 'sr'}, 'planned '), planned), ' ',
    h('span', {class: 'sr'}, 'now '), h('strong', {}, predicted));
}

/**
 * What is known of a run as a whole: cancelled, minutes late or early, on time, or "no real-time" when the
 * upstream has nothing for it (its times are the timetable's, so it is never called on time).
 */
export function runState({cancelled, realtime, delay}) {
  if (cancelled) return h('span', {class: 'badge bad'}, 'Cancelled');
  if (realtime === 'scheduled') {
    return h('span', {class: 'rt-none', title: 'The operator has no real-time for this run: the time is the timetable\'s'}, 'no real-time');
  }
  if (!realtime || delay == null) return null;
  const estimated = realtime === 'propagated' ? ' (estimated from an earlier stop)' : '';
  if (delay === 0) return h('span', {class: 'on-time', title: `On time${estimated}`}, 'on time');
  const text = delay > 0 ? ` min late${estimated}` : ` min early${estimated}`;
  return h('span', {class: delay > 0 ? 'delay' : 'early', title: `${Math.abs(delay)}${text}`},
    `${delay > 0 ? '+' : '−'}${Math.abs(delay)}′`, h('span', {class: 'sr'}, text));
}

/** The note for a stop the run passes without stopping. */
export const skipped = (name) => h('span', {class: 'skip'}, name ? `Does not stop at ${name}` : 'Does not stop here');

/** The same id, or else the same text, is one notice. */
const alertKey = (a) => a.id || `${a.header}\n${a.description}`;

/** The distinct notices of several lists, in the order met. */
export function distinctAlerts(...lists) {
  const seen = new Set();
  const out = [];
  for (const a of lists.flat()) {
    if (!a || !(a.header || a.description) || seen.has(alertKey(a))) continue;
    seen.add(alertKey(a));
    out.push(a);
  }
  return out;
}

/**
 * Splits the notices of a page's items (one distinct list each): `shared`, those every one of two or more items
 * carries, to be shown once above them (a station's lift notice is on each of its departures), and each item's `own`.
 */
export function splitAlerts(lists) {
  const keys = lists.map((list) => new Set(list.map(alertKey)));
  const shared = lists.length > 1 ? lists[0].filter((a) => keys.every((k) => k.has(alertKey(a)))) : [];
  const common = new Set(shared.map(alertKey));
  return {shared, own: lists.map((list) => list.filter((a) => !common.has(alertKey(a))))};
}

/** Notices as disclosures: the header, opening onto the description, the period it applies and a link. */
export function alerts(list, label = 'Notices') {
  return list.length ? h('ul', {class: 'alerts', 'aria-label': label}, list.map(alert)) : null;
}

/** The notices every item of a page carries, once above them; `what` names the items ("connection"). */
export function sharedAlerts(list, what) {
  return list.length ? [h('p', {class: 'hint'}, `On every ${what} shown:`), alerts(list, `Notices on every ${what} shown`)] : [];
}

function alert(a) {
  const period = validity(a.from, a.until);
  // Only a web address becomes a link: the text comes from the upstream.
  const url = /^https?:\/\/[^\s]+$/i.test(a.url || '') ? a.url : null;
  return h('li', {class: 'alert'}, h('details', {},
    h('summary', {}, h('span', {class: 'sr'}, 'Notice: '), a.header || a.description),
    a.header && a.description ? h('p', {}, a.description) : null,
    period ? h('p', {class: 'period'}, period) : null,
    url ? h('p', {}, h('a', {href: url, rel: 'noopener noreferrer'}, `More on ${new URL(url).host}`)) : null));
}

/** "Valid 1 Dec 2026, 20:00 – 23:59" (or up to another day's time); station times as written. */
export function validity(from, until) {
  const at = (iso, withDay) => h('time', {datetime: iso}, withDay ? `${day(iso)}, ${clock(iso)}` : clock(iso));
  if (from && until) return ['Valid ', at(from, true), ' – ', at(until, until.slice(0, 10) !== from.slice(0, 10))];
  if (from) return ['Valid from ', at(from, true)];
  if (until) return ['Valid until ', at(until, true)];
  return null;
}

const day = (iso) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
