// The page's one state, shared by its modules: the session, the boat shown and the server's last word on it,
// the page's model of it (who is where, which changes while a paddler is dragged), the selection, and the
// press, drag or request under way.
export const state = {
  session: null,
  boats: [],
  boatName: null,
  // The view shown ('boat', 'day', 'history', …): the bar's undo and redo show only with the boat's own views.
  view: 'boat',
  // The race whose crew the Day tab's "Open crew" opened ({ boat, race, time, regatta, date }), said in the
  // bar while that boat is shown.
  openedFor: null,
  doc: null,
  coefficients: null,
  preview: null,
  history: [],
  places: new Map(),
  weights: new Map(),
  // A viewer the club hides weights from reads none (`weights_hidden`): seats, roster and balance show none.
  weightsHidden: false,
  locked: new Set(),
  // Names of the club's inactive paddlers (the roster): marked where they sit, as `lineup show` marks them.
  inactive: new Set(),
  endOfBench: null,
  selected: null,
  // Who was in the selected place when it was selected.
  selectedName: null,
  // A pointer pressed on a seat, caught or not yet (input.js).
  press: null,
  drag: null,
  staleDuringDrag: false,
  previewAbort: null,
  busy: false,
  // How many changes' own answers were drawn (loading.js's showChange): reads begun before one are not drawn.
  changesShown: 0,
  // The Day tab: the regatta shown, its last document, and what the last plan written there wrote.
  regattaName: null,
  regatta: null,
  // The paddlers' answers to the regatta shown (`GET …/answers`, a coach's page only); null when not read.
  answers: null,
  lastWritten: null,
  // What the Day tab keeps while it is drawn again on every change: a paddler's choice still waiting for its
  // time, the plan worked out, and the share link just made.
  dayPending: null,
  dayPlan: null,
  dayShare: null,
  // No connection: the page shows what it saved last, read-only, and refuses every change at once (offline.js).
  offline: false,
};

export const canChange = () => Boolean(state.session?.can_change);
