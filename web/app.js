// The lineup editor in the browser: the boat drawn seat by seat, a paddler caught by a long press (touch) or
// press-and-move (mouse), dragged over seats as exchange events, released as one exchange record; tap-to-place
// and a keyboard path; the balance live while dragging; undo, redo, locks, history, roster, check and the
// optimizer's plan; race day (the Day tab) and the roster at the dock. The server is the authority: every change is one request, checked there. This module
// wires the page's events to the others and starts it; the pure ones (no DOM) have tests in tests/.
import { wireBoatSwitch } from './boat-switch.js';
import { boatHash } from './boats.js';
import { $, $$ } from './dom.js';
import { cancelDrag, deselect } from './drag.js';
import { onKeyDown, onPointerCancel, onPointerDown, onPointerMove, onPointerUp, onTouchMove } from './input.js';
import { reload } from './loading.js';
import { explain } from './notice.js';
import { refusedUnsavedBoat, registerWorker } from './offline.js';
import { signIn, start } from './session.js';
import { state } from './state.js';
import { wireRoster } from './roster-edit.js';
import { historyStep, loadPlan, selectTab, toggleLock } from './views.js';

// Another boat chosen in the bar's menu. Offline, only a boat saved on this device: never one boat's chart
// under another's name.
async function chooseBoat(name) {
  if (await refusedUnsavedBoat(name)) return;
  cancelDrag('another boat was chosen');
  state.boatName = name;
  state.selected = null;
  state.openedFor = null;
  location.hash = boatHash(state.boatName);
  $('#plan').replaceChildren();
  reload();
}

function wire() {
  document.addEventListener('pointerdown', onPointerDown);
  document.addEventListener('pointermove', onPointerMove, { passive: false });
  document.addEventListener('pointerup', onPointerUp);
  document.addEventListener('pointercancel', onPointerCancel);
  document.addEventListener('touchmove', onTouchMove, { passive: false });
  document.addEventListener('contextmenu', (event) => { if (event.target.closest('[data-seat]')) event.preventDefault(); });
  document.addEventListener('keydown', onKeyDown);
  // The seed's phone call: whatever takes the page away cancels the drag.
  document.addEventListener('visibilitychange', () => { if (document.hidden) cancelDrag('the page was hidden'); });
  window.addEventListener('blur', () => cancelDrag('the window lost focus'));
  $('#undo').addEventListener('click', () => historyStep('undo'));
  $('#redo').addEventListener('click', () => historyStep('redo'));
  $('#lock').addEventListener('click', toggleLock);
  // The picture's and the Day tab's code load when first used: the page's first load stays small.
  $('#picture').addEventListener('click', () => {
    import('./picture.js').then((picture) => picture.shareCrewPicture()).catch(explain);
  });
  $('#tap-hint-cancel').addEventListener('click', deselect);
  $('#plan-form').addEventListener('submit', loadPlan);
  for (const button of $$('.tabs [data-tab]')) {
    button.addEventListener('click', () => {
      selectTab(button.dataset.tab);
      // On a phone the panel may open below the fold: bring it into view, or the tap seems to do nothing. With
      // the page scrolled down (a race's crew opened from far down the Day tab) the tabs are under the sticky
      // bar: bring them out just below it.
      const panel = $(`#tab-${button.dataset.tab}`);
      const under = $('.bar').getBoundingClientRect().bottom - $('.tabs').getBoundingClientRect().top;
      if (under > 0) window.scrollBy(0, -under);
      else if (panel && panel.getBoundingClientRect().top > window.innerHeight * 0.8) panel.scrollIntoView({ block: 'start' });
    });
  }
  wireBoatSwitch(chooseBoat);
  $('#sign-in-form').addEventListener('submit', signIn);
  $('#regatta-select').addEventListener('change', (event) => {
    import('./day.js').then((day) => day.showRegatta(event.target.value)).catch(explain);
  });
  wireRoster();
  // The Boat view's instructions: open on a wide screen; on a phone their first sentence alone, the rest a tap away.
  $('#how').open = window.matchMedia('(min-width: 600px)').matches;
}

wire();
registerWorker();
start();
