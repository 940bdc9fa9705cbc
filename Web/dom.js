// Small DOM and URL helpers shared by the views. No inline styles or handlers: the page's CSP allows neither.

/** Returns the first element matching `selector`. */
export const $ = (selector, root = document) => root.querySelector(selector);

/** Makes an element: `h('li', {class: 'card', dataset: {minutes: 3}}, child, 'text')`. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) if (child != null && child !== false) el.append(child);
  return el;
}

/** Shows `text` in a status line; `kind` 'error' marks it as an error. */
export function setStatus(el, text, kind = '') {
  el.textContent = text || '';
  el.className = 'status' + (kind ? ' ' + kind : '');
}

/** A query string from an object, skipping empty values; `;`, `,` and `:` stay readable. */
export function query(params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    if (value == null || value === '' || value === false) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const enc = encodeURIComponent(String(v)).replace(/%3B/g, ';').replace(/%2C/g, ',').replace(/%3A/g, ':');
      parts.push(`${key}=${enc}`);
    }
  }
  return parts.join('&');
}

/** Puts the page's state in the address bar: a new history entry unless `replace`. */
export function setURL(params, replace = false) {
  const url = '/?' + query(params);
  if (url === location.pathname + location.search) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', url);
}

/** Splits a `;`-separated list of station names. */
export const splitList = (text) => (text || '').split(';').map((s) => s.trim()).filter(Boolean);

/** Lower case without accents, to compare names as the server does. */
export const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The browser's position, as {lat, lon} rounded to 5 decimals; rejects with a readable message. */
export function locate() {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) return reject(new Error('This browser cannot tell its position.'));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({lat: +p.coords.latitude.toFixed(5), lon: +p.coords.longitude.toFixed(5)}),
      (e) => reject(new Error(e.code === 1 ? 'The position was not allowed; choose a station instead.' : 'The position is not known right now.')),
      {timeout: 15000, maximumAge: 60000});
  });
}
