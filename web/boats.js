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

// The boat's name in the bar's button, in two parts: `regatta`, the name of the regatta the boat was made for,
// shown small (null when there is none), and `race`, the part that tells the boat from the regatta's other
// boats. A regatta's boats are named "REGATTA: RACE": the regatta is the one open in the page (`regatta`), else
// any whose name two boats or more begin with plus ": ".
export function boatLabel(name, boats = [], regatta = null) {
  const split = (prefix) => ({ regatta: prefix, race: name.slice(prefix.length + 2) });
  if (regatta && name.startsWith(`${regatta}: `) && name.length > regatta.length + 2) return split(regatta);
  const at = name.indexOf(': ');
  if (at > 0 && at + 2 < name.length) {
    const prefix = name.slice(0, at + 2);
    if (boats.filter((boat) => boat.name.startsWith(prefix)).length >= 2) return split(name.slice(0, at));
  }
  return { regatta: null, race: name };
}

// What the editor's header says while it shows a race's crew opened from the Day tab: the race, its start
// and the regatta ({ race, time, regatta, date }), and the other races that boat's crew races too
// (`sharing`: [{ race, time }]), which a change here changes as well. That comes first, in few words and
// without the date: on a phone the line holds two lines at most, and what a long name pushes out is the end.
export function openedForText(openedFor) {
  const sharing = openedFor.sharing ?? [];
  if (!sharing.length) return `Crew for ${openedFor.race} at ${openedFor.time}, ${openedFor.regatta} (${openedFor.date})`;
  const others = sharing.map((other) => `${other.race} (${other.time})`);
  const listed = others.length === 1 ? others[0] : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`;
  return `A change here changes ${listed} too: same crew. ${openedFor.race} at ${openedFor.time}, ${openedFor.regatta}`;
}

// A crew picture's file name: `Sample crew.png`, or for a crew opened for a race `Cup - Final 14-45.png`,
// without characters a file name cannot hold.
export function pictureName(boatName, openedFor = null) {
  const title = openedFor ? `${openedFor.regatta} - ${openedFor.race} ${openedFor.time}` : boatName;
  return `${title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-').trim() || 'crew'}.png`;
}

// The heading drawn on the picture of a crew opened for a race, in place of its boat's name: the race and its start.
export const pictureHeading = (openedFor) => `${openedFor.race} at ${openedFor.time}, ${openedFor.regatta}`;

// What the share sheet calls the picture: the boat, or the race the crew was opened for.
export function pictureTitle(boatName, openedFor = null) {
  return openedFor ? `${openedFor.race} (${openedFor.time}), ${openedFor.regatta}: crew of ${boatName}` : boatName;
}
