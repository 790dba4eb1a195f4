// The roster at the dock (coaches): add a paddler, correct a weight, mark someone inactive or active again.
// Each is one request with the command line's checks and sentences (`roster add`, `roster update`); weights
// are typed in the club's unit.
import { api } from './api.js';
import { $ } from './dom.js';
import { reload } from './loading.js';
import { explain, notice } from './notice.js';
import { refusedOffline } from './offline.js';
import { state } from './state.js';
import { shownNumber, typedKilograms, unit } from './units.js';

// What the page says of a weight it cannot read, with what to type instead.
function notAWeight(text) {
  return `'${text}' is not a weight: type a number in ${unit(state.coefficients)}, such as 72.5 (or nothing, for unknown)`;
}

const paddlerPath = (name) => `/api/roster/${encodeURIComponent(name).replace(/\./g, '%2E')}`;

async function send(path, body, { created = false } = {}) {
  if (refusedOffline('roster')) return false;
  try {
    const result = await api(path, { method: 'POST', body });
    notice(result.warning ? `${result.message}\n${result.warning}` : result.message, { error: Boolean(result.warning) });
    await reload();
    return created;
  } catch (error) {
    explain(error);
    return false;
  }
}

// The cell of a roster row with its tools: the weight to correct, and active or inactive.
export function rosterTools(paddler) {
  const cell = document.createElement('td');
  cell.className = 'roster-tools';
  const weight = document.createElement('input');
  weight.type = 'text';
  weight.inputMode = 'decimal';
  weight.size = 5;
  weight.value = paddler.weight_kg == null ? '' : shownNumber(paddler.weight_kg, state.coefficients);
  weight.setAttribute('aria-label', `${paddler.name}: weight in ${unit(state.coefficients)}`);
  weight.dataset.weightOf = paddler.name;
  const save = document.createElement('button');
  save.type = 'button';
  save.className = 'tool';
  save.textContent = 'Save';
  save.addEventListener('click', () => {
    const kg = typedKilograms(weight.value, state.coefficients);
    if (Number.isNaN(kg)) { notice(notAWeight(weight.value), { error: true }); return; }
    send(paddlerPath(paddler.name), { weight_kg: kg });
  });
  const activity = document.createElement('button');
  activity.type = 'button';
  activity.className = 'tool';
  activity.textContent = paddler.active ? 'Mark inactive' : 'Mark active';
  activity.dataset.activityOf = paddler.name;
  activity.addEventListener('click', () => send(paddlerPath(paddler.name), { active: !paddler.active }));
  cell.append(weight, save, activity);
  return cell;
}

export function wireRoster() {
  $('#add-paddler').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (refusedOffline('roster')) return;
    const form = event.target;
    const body = { name: form.name.value.trim() };
    const kg = typedKilograms(form.weight.value, state.coefficients);
    if (Number.isNaN(kg)) { notice(notAWeight(form.weight.value), { error: true }); return; }
    if (kg != null) body.weight_kg = kg;
    if (form.sex.value) body.sex = form.sex.value;
    if (form.side.value) body.side = form.side.value;
    if (form.can_drum.checked) body.can_drum = true;
    if (form.can_steer.checked) body.can_steer = true;
    try {
      const result = await api('/api/roster', { method: 'POST', body });
      notice(result.message);
      form.reset();
    } catch (error) {
      explain(error);
    }
    await reload();
  });
}
