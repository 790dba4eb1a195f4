// The boat's balance as the page works it out for its own model, live while a paddler is dragged: dot
// products of the weights with the coefficients the server sent (no balance model lives here, only its
// coefficients), each axis's level, where its gauge points and the figures written under it. The words
// ("slightly bow-heavy") are the server's. No DOM: Node's tests import it.
import { kilogramsPerUnit, shownNumber, signed, unit } from './units.js';

// places: Map from place to name (or null); weights: Map from name to kilograms (null: unknown).
export function figures(places, weights, coefficients) {
  const c = coefficients;
  const result = { trim: c.equipment_trim_kg_m, list: 0, left: 0, right: 0, front: 0, back: 0, unknown: [] };
  for (const seat of c.seats) {
    const name = places.get(seat.seat);
    if (!name) continue;
    const kg = weights.get(name);
    if (kg == null) { result.unknown.push(seat.seat); continue; }
    // The sums add the weights as shown (to a tenth of the unit), as `show` does.
    const shown = Number(shownNumber(kg, c)) * kilogramsPerUnit(c);
    result.trim += kg * seat.trim_kg_m;
    result.list += kg * seat.list_kg_m;
    result.left += shown * seat.left_kg;
    result.right += shown * seat.right_kg;
    result.front += shown * seat.front_kg;
    result.back += shown * seat.back_kg;
  }
  result.trimEquivalent = c.trim_kg_m_per_end_row_kg ? result.trim / c.trim_kg_m_per_end_row_kg : 0;
  result.listEquivalent = c.list_kg_m_per_middle_seat_kg ? result.list / c.list_kg_m_per_middle_seat_kg : 0;
  return result;
}

// 'level', 'slightly' or 'heavy', for an imbalance in kilograms at an end row or a middle seat.
export function levelOf(equivalent, coefficients) {
  const size = Math.abs(equivalent);
  const c = coefficients;
  return size < c.level_below_kg ? 'level' : size < c.slightly_below_kg ? 'slightly' : 'heavy';
}

// The gauge's marker as a CSS `left`: 50% when level, an end at full scale and beyond (positive: right).
export function gaugeLeft(towardsRight, fullScale) {
  const offset = Math.max(-1, Math.min(1, towardsRight / fullScale));
  return `${50 + offset * 50}%`;
}

// The two axes as the panel shows them. Front/back's gauge runs bow (left) to stern (right), so a positive
// trim, bow-heavy, points left.
export function readouts(f, coefficients) {
  const u = unit(coefficients);
  const shown = (kg) => shownNumber(kg, coefficients);
  return [
    {
      axis: 'trim', towardsRight: -f.trimEquivalent, level: levelOf(f.trimEquivalent, coefficients), moment: signed(f.trim),
      text: `trim ${signed(f.trim)} kg·m · sums front ${shown(f.front)}, back ${shown(f.back)} ${u}`,
    },
    {
      axis: 'list', towardsRight: f.listEquivalent, level: levelOf(f.listEquivalent, coefficients), moment: signed(f.list),
      text: `list ${signed(f.list)} kg·m · sums left ${shown(f.left)}, right ${shown(f.right)} ${u}`,
    },
  ];
}
