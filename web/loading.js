// Reading the boat from the server: the boats to choose from, then the boat shown (its lineup, balance
// coefficients, verdict, history and the roster), made into the page's model and drawn; `reload` reads it all
// again after any change, by anyone (the live feed says when). A change made here is drawn first from its own
// answer (`showChange`), before those reads.
import { api, boatPath } from './api.js';
import { renderRules, renderWords } from './balance-panel.js';
import { renderBoatSwitch } from './boat-switch.js';
import { renderBoat } from './boat-view.js';
import { boatHash, boatToShow, goneMessage, NO_BOATS, unaddressable } from './boats.js';
import { $, $$ } from './dom.js';
import { cancelDrag } from './drag.js';
import { explain, notice } from './notice.js';
import { showBanner } from './offline.js';
import { modelOf, selectionCleared } from './places.js';
import { historyAfter } from './records.js';
import { state } from './state.js';
import { loadCheck, loadRoster, renderHistory } from './views.js';

// The boat last shown on this device, to open on next time when the address names none.
const REMEMBERED_BOAT = 'lineup-boat';

function rememberedBoat() {
  try { return localStorage.getItem(REMEMBERED_BOAT); } catch { return null; }
}

function rememberBoat(name) {
  try { if (name) localStorage.setItem(REMEMBERED_BOAT, name); } catch { /* private browsing */ }
}

async function loadBoats() {
  const boats = await api('/api/boats');
  state.boats = boats;
  const previous = state.boatName;
  state.boatName = boatToShow(boats, previous, location.hash, rememberedBoat());
  if (previous && previous !== state.boatName) {
    // Deleted or renamed by another coach or the command line: never carry a selection or a plan over.
    cancelDrag('the boat is gone');
    state.selected = null;
    $('#plan').replaceChildren();
    notice(goneMessage(previous, state.boatName), { error: true });
    if (state.boatName) history.replaceState(null, '', `#${boatHash(state.boatName)}`);
  }
  rememberBoat(state.boatName);
  renderBoatSwitch();
}

// The page's model from a lineup document; a selection whose paddler moved meanwhile goes, saying so.
export function loadModel(doc) {
  state.doc = doc;
  Object.assign(state, modelOf(doc));
  const cleared = selectionCleared(state.selected, state.selectedName, state.places);
  if (cleared) {
    notice(cleared);
    state.selected = null;
  }
}

async function loadBoat() {
  if (!state.boatName) { notice(NO_BOATS); return; }
  const refused = unaddressable(state.boatName);
  if (refused) { notice(refused, { error: true }); return; }
  const shownBefore = state.changesShown;
  const [doc, coefficients, preview, history, roster] = await Promise.all([
    api(boatPath(state.boatName)), api(boatPath(state.boatName, '/coefficients')),
    api(boatPath(state.boatName, '/preview')), api(boatPath(state.boatName, '/history?limit=50')),
    api('/api/roster'),
  ]);
  if (state.drag) { state.staleDuringDrag = true; return; }
  // A change's answer drawn meanwhile is newer than these reads; the reads after it follow.
  if (state.changesShown !== shownBefore) return;
  state.inactive = new Set(roster.filter((paddler) => !paddler.active).map((paddler) => paddler.name));
  state.coefficients = coefficients;
  state.preview = preview;
  state.history = history;
  loadModel(doc);
  renderBoat();
  renderWords(preview);
  renderRules(preview, false);
  renderHistory();
  document.body.dataset.loaded = String(Number(document.body.dataset.loaded ?? 0) + 1);
}

// A change's own answer (the boat after it and the records it wrote or stepped), drawn at once: one request
// from a drop to the new boat shown. The rest (the verdict's words and the rules' findings, the whole
// history, the roster) is read again after by `reload`, which the caller starts; until then the seats carry
// no rule marks, which belonged to the boat before.
export function showChange(result) {
  if (!result?.lineup || result.boat !== state.boatName || state.drag) return;
  state.changesShown += 1;
  state.history = historyAfter(state.history, result.records ?? []);
  state.preview = state.preview && { ...state.preview, findings: [] };
  loadModel(result.lineup);
  renderBoat();
  $$('[data-headline]').forEach((element) => element.classList.add('pending'));
  renderHistory();
  document.body.dataset.changesShown = String(state.changesShown);
}

export async function reload() {
  try {
    await loadBoats();
    await loadBoat();
    const tab = $('.tabs [aria-selected="true"]').dataset.tab;
    if (tab === 'roster') await loadRoster();
    if (tab === 'check') await loadCheck();
    if (tab === 'day') await (await import('./day.js')).loadDay();
  } catch (error) {
    explain(error);
  }
  // Offline, the banner says how old the boat shown is.
  showBanner();
}
