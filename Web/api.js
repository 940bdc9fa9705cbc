// The public API through fetch, as any other page would use it.

/** A failure to show: the error document's message, or what went wrong on the way. */
export class APIError extends Error {
  constructor(message, status = 0, doc = null) {
    super(message);
    this.status = status;
    this.doc = doc;
  }
}

/** The human message of an error document (XML-style `error` in JSON, or problem+json). */
export function messageOf(doc, status) {
  const e = doc && (doc.error || doc);
  return (e && (e.message || e.detail || e.title)) || `The server answered ${status || 'nothing usable'}.`;
}

/**
 * GETs a JSON document; resolves with `{doc, response}` for any answer with a JSON body (4xx included, for
 * documents that carry per-item errors), and rejects with an APIError when there is none.
 */
export async function getJSON(path, init = {}) {
  let response;
  try {
    response = await fetch(path, {headers: {Accept: 'application/json'}, ...init});
  } catch {
    throw new APIError('The server cannot be reached. Check the connection and try again.');
  }
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    throw new APIError(`The server answered ${response.status} without a document.`, response.status);
  }
  return {doc, response};
}

/** GETs a JSON document and rejects with its message unless the answer is 2xx. */
export async function getOK(path, init) {
  const {doc, response} = await getJSON(path, init);
  if (!response.ok) throw new APIError(messageOf(doc, response.status), response.status, doc);
  return {doc, response};
}

/** Seconds until a response goes stale: `Cache-Control: max-age` (already net of `Age`), else null. */
export function freshFor(response) {
  const m = /max-age=(\d+)/.exec(response.headers.get('Cache-Control') || '');
  return m ? Number(m[1]) : null;
}

/** The path of a station list: names percent-encoded one by one, joined by literal `;`. */
export const stationPath = (names) => names.map(encodeURIComponent).join(';');

/** "PT1H41M" as "1 h 41 min". */
export function duration(iso) {
  const m = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?/.exec(iso || '');
  if (!m) return '';
  const hours = Number(m[1] || 0) * 24 + Number(m[2] || 0);
  const mins = Number(m[3] || 0);
  return hours ? `${hours} h${mins ? ` ${mins} min` : ''}` : `${mins} min`;
}

/** The local clock time of an ISO 8601 time with offset, as written (the station's own time). */
export const clock = (iso) => (iso || '').slice(11, 16);
