// The page's router: three views, each restored from the address (`?view=`), history kept by pushState.
import * as connections from './connections.js';
import * as departures from './departures.js';
import * as weather from './weather.js';

const views = {connections, departures, weather};
// Each view's last address, so that going back to a view by its tab finds it as it was left.
const last = {};
let current = null;

function route() {
  const params = new URLSearchParams(location.search);
  const name = views[params.get('view')] ? params.get('view') : 'connections';
  if (current && current !== name) views[current].leave();
  current = name;
  last[name] = location.search;
  for (const key of Object.keys(views)) document.getElementById(key).hidden = key !== name;
  for (const a of document.querySelectorAll('nav a')) {
    if (a.dataset.view === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  if (name === 'connections') document.title = 'GottaGo';
  views[name].restore(params);
}

document.querySelector('nav').addEventListener('click', (e) => {
  const a = e.target.closest('a[data-view]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button) return;
  e.preventDefault();
  if (a.dataset.view === current) return;
  last[current] = location.search;
  history.pushState(null, '', '/' + (last[a.dataset.view] || `?view=${a.dataset.view}`));
  route();
  document.getElementById(`${a.dataset.view}-title`).focus({preventScroll: true});
});

addEventListener('popstate', route);
route();
document.body.dataset.ready = 'yes';
