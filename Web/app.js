// The page's router: three views, each restored from the address (`?view=`), history kept by pushState.
import * as connections from './connections.js';
import * as departures from './departures.js';
import * as weather from './weather.js';

const views = {connections, departures, weather};
let current = null;

function route() {
  const params = new URLSearchParams(location.search);
  const name = views[params.get('view')] ? params.get('view') : 'connections';
  if (current && current !== name) views[current].leave();
  current = name;
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
  if (a.dataset.view !== current || location.search !== `?view=${a.dataset.view}`) history.pushState(null, '', a.href);
  route();
  document.getElementById(`${a.dataset.view}-title`).focus({preventScroll: true});
});

addEventListener('popstate', route);
route();
document.body.dataset.ready = 'yes';
