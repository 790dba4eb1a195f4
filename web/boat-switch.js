// The bar's boat: the menu that chooses it (a list below the bar that fits the screen and scrolls within it,
// each boat a finger's size, as a native drop-down's list is not on every phone), and, while a race's crew
// opened from the Day tab is shown, which race, start and regatta it is.
import { boatLabel, openedForText } from './boats.js';
import { $, $$ } from './dom.js';
import { state } from './state.js';

const MARGIN_PX = 8;

export function renderBoatSwitch() {
  // No boats, no menu: an empty one offers nothing to choose.
  $('.boat-switch').hidden = state.boats.length === 0;
  const name = state.boatName ?? '';
  renderBoatName();
  $('#boat-menu').replaceChildren(...state.boats.map((boat) => {
    const item = document.createElement('button');
    item.type = 'button';
    item.setAttribute('role', 'menuitemradio');
    item.setAttribute('aria-checked', String(boat.name === name));
    item.dataset.boat = boat.name;
    item.textContent = boat.name;
    return item;
  }));
  renderOpenedFor();
}

// The boat's name in the button: a regatta's boat ("Harbour Cup: 200m heat 1") by its race, the regatta
// above it small, so that the part that tells the regatta's boats apart is the part that shows.
export function renderBoatName() {
  const name = state.boatName ?? '';
  const button = $('#boat-menu-button');
  button.dataset.boat = name;
  button.title = name;
  const label = boatLabel(name, state.boats, state.regattaName ?? state.openedFor?.regatta ?? null);
  const box = $('#boat-name');
  box.classList.toggle('split', Boolean(label.regatta));
  if (!label.regatta) { box.textContent = name; return; }
  const regatta = document.createElement('span');
  regatta.className = 'boat-regatta';
  regatta.textContent = `${label.regatta}:`;
  const race = document.createElement('span');
  race.className = 'boat-race';
  race.textContent = label.race;
  box.replaceChildren(regatta, document.createTextNode(' '), race);
}

// The race the editor was opened for, while its boat is shown; another boat drops it.
export function renderOpenedFor() {
  const line = $('#opened-for');
  const shown = state.openedFor?.boat === state.boatName ? state.openedFor : null;
  if (!shown) state.openedFor = null;
  line.hidden = !shown;
  line.textContent = shown ? openedForText(shown) : '';
  line.title = line.textContent;
}

function placeMenu() {
  const menu = $('#boat-menu');
  const anchor = $('#boat-menu-button').getBoundingClientRect();
  const top = Math.max(0, anchor.bottom + 4);
  menu.style.top = `${top}px`;
  menu.style.maxHeight = `${Math.max(0, window.innerHeight - top - MARGIN_PX)}px`;
  const width = menu.getBoundingClientRect().width;
  const left = Math.min(Math.max(MARGIN_PX, anchor.left), window.innerWidth - width - MARGIN_PX);
  menu.style.left = `${Math.max(MARGIN_PX, left)}px`;
}

function openMenu() {
  const menu = $('#boat-menu');
  menu.hidden = false;
  $('#boat-menu-button').setAttribute('aria-expanded', 'true');
  placeMenu();
  const chosen = $('[aria-checked="true"]', menu) ?? $('[data-boat]', menu);
  chosen?.scrollIntoView({ block: 'nearest' });
  chosen?.focus();
}

export function closeBoatMenu({ focus = false } = {}) {
  const menu = $('#boat-menu');
  if (menu.hidden) return;
  menu.hidden = true;
  $('#boat-menu-button').setAttribute('aria-expanded', 'false');
  if (focus) $('#boat-menu-button').focus();
}

// `choose(name)`: another boat was chosen.
export function wireBoatSwitch(choose) {
  const button = $('#boat-menu-button');
  const menu = $('#boat-menu');
  button.addEventListener('click', () => { if (menu.hidden) openMenu(); else closeBoatMenu(); });
  menu.addEventListener('click', (event) => {
    const item = event.target.closest('[data-boat]');
    if (!item) return;
    closeBoatMenu({ focus: true });
    if (item.dataset.boat !== state.boatName) choose(item.dataset.boat);
  });
  menu.addEventListener('keydown', (event) => {
    const items = $$('[data-boat]', menu);
    const at = items.indexOf(document.activeElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? items[0] : items.at(-1))?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      closeBoatMenu({ focus: event.key === 'Escape' });
    }
  });
  // A press anywhere else closes it, as a native list does.
  document.addEventListener('pointerdown', (event) => {
    if (!event.target.closest('.boat-switch')) closeBoatMenu();
  }, true);
  window.addEventListener('resize', () => { if (!menu.hidden) placeMenu(); });
}
