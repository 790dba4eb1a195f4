// Weights and moments as the page writes them: weights in the club's unit (the server's coefficients say
// which, and how many kilograms it is; kilograms without them), to a tenth and without a trailing ".0";
// moments to a tenth with their sign. No DOM: Node's tests import it.

export function kilogramsPerUnit(coefficients) { return coefficients?.kilograms_per_unit ?? 1; }
export function unit(coefficients) { return coefficients?.unit ?? 'kg'; }

// A weight in kilograms as the number shown in the club's unit: "71.5", "72".
export function shownNumber(kg, coefficients) {
  const tenths = Math.round((kg / kilogramsPerUnit(coefficients)) * 10);
  const text = (tenths / 10).toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

// A weight with its unit, "71.5 kg"; `space` joins them (a no-break space where it must not wrap).
export function shownWeight(kg, coefficients, space = ' ') {
  return `${shownNumber(kg, coefficients)}${space}${unit(coefficients)}`;
}

// "+1.5", "-0.3", "0.0": a moment to a tenth, signed unless it rounds to zero.
export function signed(value) {
  const tenths = Math.round(value * 10);
  const text = (Math.abs(tenths) / 10).toFixed(1);
  return tenths > 0 ? `+${text}` : tenths < 0 ? `-${text}` : text;
}

// A weight typed in the club's unit as kilograms: null for an empty field, NaN for one that is no number.
export function typedKilograms(text, coefficients) {
  const trimmed = String(text).trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value * kilogramsPerUnit(coefficients) : Number.NaN;
}
