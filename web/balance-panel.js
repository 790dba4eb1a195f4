// The balance panel and the crew rules beside the boat: the gauges and figures of the page's own model (live
// while dragging, from balance.js), the server's words for them, and the crew rules' findings, or while
// dragging what a drop here would add and clear. A small screen shows the headlines in the bar too.
import { figures, gaugeLeft, readouts } from './balance.js';
import { $, setProse } from './dom.js';
import { state } from './state.js';
import { signed } from './units.js';
import { rulesItems } from './wording.js';

// Without weights (a viewer the club hides them from) the page has nothing to add up: no gauge and no figures,
// only the server's level for each axis beside its words.
function renderWithoutWeights(panel) {
  const verdict = state.preview?.verdict;
  for (const [axis, key] of [['trim', 'front_back'], ['list', 'left_right']]) {
    const box = $(`[data-axis="${axis}"]`, panel);
    $('[data-gauge]', box).hidden = true;
    $('[data-figures]', box).textContent = '';
    box.dataset.level = verdict?.[key]?.level ?? '';
    $(`[data-live="${axis}"]`).dataset.level = box.dataset.level;
    delete box.dataset.moment;
  }
  delete panel.dataset.trim;
  delete panel.dataset.list;
}

export function renderFigures() {
  if (!state.coefficients) return;
  const panel = $('[data-balance]');
  if (state.weightsHidden) { renderWithoutWeights(panel); return; }
  const f = figures(state.places, state.weights, state.coefficients);
  for (const { axis, towardsRight, level, moment, text } of readouts(f, state.coefficients)) {
    const box = $(`[data-axis="${axis}"]`, panel);
    $('[data-gauge]', box).hidden = false;
    $('.marker', box).style.left = gaugeLeft(towardsRight, state.coefficients.gauge_full_scale_kg);
    box.dataset.level = level;
    $(`[data-live="${axis}"]`).dataset.level = box.dataset.level;
    box.dataset.moment = moment;
    $('[data-figures]', box).textContent = text;
  }
  panel.dataset.trim = signed(f.trim);
  panel.dataset.list = signed(f.list);
}

export function renderWords(preview, pending = false) {
  const panel = $('[data-balance]');
  const axes = ['trim', 'list'];
  preview.words.forEach((words, index) => {
    const box = $(`[data-axis="${axes[index]}"]`, panel);
    const headline = $('[data-headline]', box);
    headline.textContent = words.headline;
    $(`[data-live="${axes[index]}"]`).textContent = words.headline;
    headline.classList.toggle('pending', pending);
    $('[data-why]', box).textContent = words.why_sums_differ ?? '';
  });
  $('[data-unknown]', panel).textContent = preview.unknown_weight_seats.length
    ? `Unknown weight (counted as 0): ${preview.unknown_weight_seats.join(', ')}` : '';
}

export function renderRules(preview, dragging) {
  const list = $('[data-findings]');
  $('[data-rules-name]').textContent = `(${preview.rules})`;
  list.replaceChildren();
  for (const [text, className] of rulesItems(preview, dragging)) {
    const li = document.createElement('li');
    setProse(li, text);
    if (className) li.className = className;
    list.append(li);
  }
}
