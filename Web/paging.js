// "Earlier" and "Later" around a list the API pages with its `earlier` and `later` cursors.
import {h} from './dom.js';

/**
 * Two buttons for the pages before and after the list `controls` (an element id); `what` names it for screen
 * readers ("connections from Bern to Zürich HB"); `where` is `top` or `bottom`. A click calls
 * `turn('earlier' | 'later', button)`; a button whose cursor is missing is disabled.
 */
export function pager(what, controls, cursors, turn, where) {
  const button = (which, ...label) => h('button', {type: 'button', class: 'page', dataset: {page: which}, 'aria-controls': controls,
    disabled: !cursors[which], onclick: (e) => turn(which, e.currentTarget)}, ...label);
  return h('div', {class: 'pager', role: 'group', dataset: {where}, 'aria-label': `Earlier or later ${what}`},
    button('earlier', h('span', {'aria-hidden': 'true'}, '‹ '), 'Earlier'),
    button('later', 'Later', h('span', {'aria-hidden': 'true'}, ' ›')));
}

/**
 * Turns a page of `box`: marks it busy (a click meanwhile does nothing), runs `load`, which resolves true once
 * the new page is shown, then moves the focus. A click at the bottom moves it to `heading` and scrolls there, as
 * the new page starts above; a click at the top leaves it on the button, which is still there.
 */
export async function turnPage(box, button, heading, load) {
  if (box.getAttribute('aria-busy') === 'true') return;
  box.setAttribute('aria-busy', 'true');
  const atBottom = button.closest('.pager')?.dataset.where === 'bottom';
  let shown = false;
  try {
    shown = await load();
  } finally {
    box.removeAttribute('aria-busy');
  }
  if (!shown) return;
  if (atBottom || !button.isConnected || button.disabled) heading.focus();
  else button.focus();
}

/** Enables each of `box`'s pager buttons whose cursor the page shown has. */
export function updatePagers(box, cursors) {
  for (const b of box.querySelectorAll('.pager .page')) b.disabled = !cursors[b.dataset.page];
}
