// Which boat the page shows, how its address names it (#boat=NAME) and what the page says when it cannot show
// one. No DOM: Node's tests import it.

// The boat to show (its name, or null when there are none): the one shown until now while it is there, else
// the one the address names, else the one last shown on this device (`remembered`), else the current boat
// (`lineup use`), else the first.
export function boatToShow(boats, previous, hash, remembered = null) {
  const wanted = new URLSearchParams(hash.slice(1)).get('boat');
  const chosen = boats.find((b) => b.name === previous) ?? boats.find((b) => b.name === wanted)
    ?? boats.find((b) => b.name === remembered) ?? boats.find((b) => b.current) ?? boats[0];
  return chosen ? chosen.name : null;
}

// The address's fragment for a boat, without its "#".
export function boatHash(name) { return `boat=${encodeURIComponent(name)}`; }

export const NO_BOATS = 'This database has no boats yet: create one with `lineup boat create NAME`.';

// A boat named "." or ".." cannot be named in a web address (browsers fold such segments, even as %2E).
export function unaddressable(name) {
  if (name !== '.' && name !== '..') return null;
  return `A boat named "${name}" cannot be shown here (a web address cannot name it): rename it with `
    + `\`lineup boat rename ${name} NEW-NAME\`, or choose another boat.`;
}

// The boat shown was deleted or renamed by another coach or the command line.
export function goneMessage(previous, now) {
  return `"${previous}" is no longer there (deleted or renamed meanwhile)` + (now ? `; now showing "${now}".` : '.');
}

// What the editor's header says while it shows a race's crew opened from the Day tab: the race, its start
// and the regatta ({ race, time, regatta, date }).
export function openedForText(openedFor) {
  return `Crew for ${openedFor.race} at ${openedFor.time}, ${openedFor.regatta} (${openedFor.date})`;
}
