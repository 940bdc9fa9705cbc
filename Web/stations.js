// A list of stations typed with autocomplete: chips for the chosen ones, and an ARIA 1.2 combobox
// (input + listbox, arrow keys, Enter, Escape) fed by /api/sbb/locations.
import {h, fold} from './dom.js';
import {getOK} from './api.js';

/** Suggestions for `text`; with a position, same-scored stations nearest first. */
async function suggest(text, position) {
  const params = new URLSearchParams({query: text, limit: '8'});
  if (position) { params.set('lat', position.lat); params.set('lon', position.lon); }
  const {doc} = await getOK(`/api/sbb/locations.json?${params}`);
  const list = doc.locations || [];
  if (position) list.sort((a, b) => (b.score - a.score) || ((a.distance ?? 0) - (b.distance ?? 0)));
  return list;
}

/** One from, to or via field: its chips, its input and its suggestions. */
export class StationField {
  /** `box` holds a `.chips` list, a combobox input and its listbox; `max` stations at most. */
  constructor(box, {max = 5, position = () => null} = {}) {
    this.box = box;
    this.chips = box.querySelector('.chips');
    this.input = box.querySelector('input');
    this.list = box.querySelector('[role=listbox]');
    this.max = max;
    this.position = position;
    this.placeholder = this.input.placeholder;
    this.names = [];
    this.options = [];
    this.active = -1;
    this.seq = 0;
    this.timer = 0;
    this.input.addEventListener('input', () => this.typed());
    this.input.addEventListener('keydown', (e) => this.key(e));
    this.input.addEventListener('blur', () => this.close());
    // mousedown would blur the input and close the list before the click lands.
    this.list.addEventListener('mousedown', (e) => e.preventDefault());
    this.list.addEventListener('click', (e) => {
      const li = e.target.closest('[role=option]');
      if (li) this.pick(Number(li.dataset.index));
    });
  }

  /** The stations chosen, with what is still typed in the input. */
  values() {
    const typed = this.input.value.trim();
    return typed && !this.names.includes(typed) ? [...this.names, typed] : [...this.names];
  }

  /** Replaces the stations. */
  set(names) {
    this.names = names.slice(0, this.max);
    this.input.value = '';
    this.render();
  }

  /** Adds a station (ignored when already there or when the field is full; a field of one takes the new one). */
  add(name) {
    name = name.trim();
    if (!name || this.names.includes(name)) return;
    if (this.names.length >= this.max && this.max > 1) return;
    if (this.names.length >= this.max) this.names = [];
    this.names.push(name);
    this.input.value = '';
    this.render();
  }

  /** Takes the typed text as what is chosen (the form is being sent). */
  commit() {
    this.add(this.input.value);
    this.close();
  }

  render() {
    this.chips.replaceChildren(...this.names.map((name, i) => h('li', {class: 'chip'},
      h('span', {}, name),
      h('button', {type: 'button', class: 'chip-x', 'aria-label': `Remove ${name}`, title: 'Remove',
        onclick: () => { this.names.splice(i, 1); this.render(); this.input.focus(); }}, '×'))));
    this.chips.hidden = this.names.length === 0;
    this.input.placeholder = !this.names.length ? this.placeholder : this.max > 1 ? 'Add another' : 'Another station';
  }

  typed() {
    clearTimeout(this.timer);
    const text = this.input.value.trim();
    if (text.endsWith(';')) { this.add(text.slice(0, -1)); this.close(); return; }
    if (text.length < 2) { this.close(); return; }
    this.timer = setTimeout(() => this.load(text), 150);
  }

  async load(text) {
    const seq = ++this.seq;
    let list;
    try {
      list = await suggest(text, this.position());
    } catch {
      list = [];
    }
    // An older answer arriving after a newer one is dropped (requests are not aborted: nothing fails).
    if (seq !== this.seq || fold(this.input.value.trim()) !== fold(text)) return;
    this.show(list);
  }

  show(list) {
    this.options = list;
    this.active = -1;
    const base = this.list.id;
    this.list.replaceChildren(...list.map((s, i) => h('li', {role: 'option', id: `${base}-${i}`, 'aria-selected': 'false', dataset: {index: i}},
      h('span', {class: 'opt-name'}, s.name),
      h('span', {class: 'opt-meta'}, [s.kind, s.distance != null ? km(s.distance) : null].filter(Boolean).join(' · ')))));
    if (list.length === 0) this.list.append(h('li', {class: 'opt-none', 'aria-disabled': 'true'}, 'No station found'));
    this.list.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.input.removeAttribute('aria-activedescendant');
  }

  close() {
    clearTimeout(this.timer);
    this.seq++;
    this.options = [];
    this.active = -1;
    this.list.hidden = true;
    this.list.replaceChildren();
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  move(step) {
    const n = this.options.length;
    if (!n) return;
    this.active = this.active < 0 ? (step > 0 ? 0 : n - 1) : (this.active + step + n) % n;
    [...this.list.children].forEach((li, i) => li.setAttribute('aria-selected', String(i === this.active)));
    const li = this.list.children[this.active];
    this.input.setAttribute('aria-activedescendant', li.id);
    li.scrollIntoView({block: 'nearest'});
  }

  pick(index) {
    const s = this.options[index];
    if (!s) return;
    this.close();
    this.add(s.name);
    this.input.focus();
  }

  key(e) {
    const open = !this.list.hidden;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        if (!open && this.input.value.trim().length >= 2) this.load(this.input.value.trim());
        else this.move(e.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        if (open && this.active >= 0) { e.preventDefault(); this.pick(this.active); }
        else if (this.input.value.trim()) { e.preventDefault(); this.commit(); }
        break;
      case 'Escape':
        if (open) { e.preventDefault(); this.close(); } else if (this.input.value) { e.preventDefault(); this.input.value = ''; }
        break;
      case 'Backspace':
        if (!this.input.value && this.names.length) { this.names.pop(); this.render(); }
        break;
      case 'Tab':
        this.close();
        break;
    }
  }
}

/** Metres as "350 m" or "4.2 km". */
export const km = (m) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(m < 10000 ? 1 : 0)} km`);
