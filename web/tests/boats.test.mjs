// Which boat the page shows, its address, and what it says when it cannot show one (boats.js).
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  NO_BOATS, boatHash, boatLabel, boatToShow, goneMessage, openedForText, pictureHeading, pictureName, pictureTitle, unaddressable,
} from '../boats.js';

const boats = [{ name: 'Alpha' }, { name: 'Sample crew', current: true }, { name: 'Spare boat' }];

test('the boat shown stays while it is there', () => {
  assert.equal(boatToShow(boats, 'Spare boat', '#boat=Alpha'), 'Spare boat');
});

test('else the one the address names, else the current boat, else the first', () => {
  assert.equal(boatToShow(boats, null, '#boat=Alpha'), 'Alpha');
  assert.equal(boatToShow(boats, 'Gone', '#boat=Spare%20boat'), 'Spare boat');
  assert.equal(boatToShow(boats, null, '#boat=Nowhere'), 'Sample crew');
  assert.equal(boatToShow(boats, null, ''), 'Sample crew');
  assert.equal(boatToShow([{ name: 'B' }, { name: 'C' }], 'Gone', ''), 'B');
  assert.equal(boatToShow([], 'Gone', '#boat=Alpha'), null);
});

test('with no address, the boat last shown on this device, while it is there', () => {
  assert.equal(boatToShow(boats, null, '', 'Spare boat'), 'Spare boat');
  assert.equal(boatToShow(boats, null, '#boat=Alpha', 'Spare boat'), 'Alpha');
  assert.equal(boatToShow(boats, 'Alpha', '', 'Spare boat'), 'Alpha');
  assert.equal(boatToShow(boats, null, '', 'Deleted boat'), 'Sample crew');
  assert.equal(boatToShow([{ name: 'B' }, { name: 'C' }], null, '', 'Gone'), 'B');
});

test('the address names a boat whatever its name', () => {
  for (const name of ['Sample crew', 'a&b=c', 'Ålesund #1', '100%']) {
    assert.equal(boatToShow([{ name: 'x' }, { name }], null, `#${boatHash(name)}`), name);
  }
  assert.equal(boatHash('Sample crew'), 'boat=Sample%20crew');
});

test('what the page says', () => {
  assert.equal(NO_BOATS, 'This database has no boats yet: create one with `lineup boat create NAME`.');
  assert.equal(unaddressable('Sample crew'), null);
  assert.equal(unaddressable('...'), null);
  assert.equal(unaddressable('..'),
    'A boat named ".." cannot be shown here (a web address cannot name it): rename it with `lineup boat rename .. NEW-NAME`, or choose another boat.');
  assert.match(unaddressable('.'), /^A boat named "\." cannot be shown here/);
  assert.equal(goneMessage('Spare boat', 'Sample crew'),
    '"Spare boat" is no longer there (deleted or renamed meanwhile); now showing "Sample crew".');
  assert.equal(goneMessage('Spare boat', null), '"Spare boat" is no longer there (deleted or renamed meanwhile).');
});

test('the editor\'s header names the race it was opened for', () => {
  assert.equal(openedForText({ race: '200m heat', time: '09:10', regatta: 'Cup', date: '2026-11-27' }),
    'Crew for 200m heat at 09:10, Cup (2026-11-27)');
});

test('the header says which other races the same crew races, which a change changes too', () => {
  const semi = { race: 'Semi', time: '13:00', regatta: 'Cup', date: '2026-11-27' };
  assert.equal(openedForText({ ...semi, sharing: [{ race: 'Heat 1', time: '08:30' }] }),
    'A change here changes Heat 1 (08:30) too: same crew. Semi at 13:00, Cup');
  assert.equal(openedForText({ ...semi, sharing: [{ race: 'Heat 1', time: '08:30' }, { race: 'Final', time: '14:45' }] }),
    'A change here changes Heat 1 (08:30) and Final (14:45) too: same crew. Semi at 13:00, Cup');
});

test('a crew picture is named for its boat, or for the race the crew was opened for', () => {
  assert.equal(pictureName('Sample crew'), 'Sample crew.png');
  assert.equal(pictureName('Cup: Heat 1'), 'Cup- Heat 1.png');
  const final = { race: 'Final', time: '14:45', regatta: 'Harbour Cup', date: '2026-11-27' };
  assert.equal(pictureName('Harbour Cup: Heat 1', final), 'Harbour Cup - Final 14-45.png');
  assert.equal(pictureTitle('Harbour Cup: Heat 1', final), 'Final (14:45), Harbour Cup: crew of Harbour Cup: Heat 1');
  assert.equal(pictureTitle('Sample crew'), 'Sample crew');
  assert.equal(pictureHeading(final), 'Final at 14:45, Harbour Cup');
  assert.equal(pictureName(' / '), '-.png');
});

test('a regatta boat is labelled by its race, the regatta apart', () => {
  const boats = [{ name: 'Sample crew' }, { name: 'Harbour Cup: Heat 1' }, { name: 'Harbour Cup: Final' },
    { name: 'Cup: 500m final' }, { name: 'Note: alone' }];
  assert.deepEqual(boatLabel('Harbour Cup: Heat 1', boats, 'Harbour Cup'), { regatta: 'Harbour Cup', race: 'Heat 1' });
  // No regatta open: the name's start shared by two boats or more is the regatta's.
  assert.deepEqual(boatLabel('Harbour Cup: Final', boats), { regatta: 'Harbour Cup', race: 'Final' });
  assert.deepEqual(boatLabel('Cup: 500m final', boats, 'Cup'), { regatta: 'Cup', race: '500m final' });
  assert.deepEqual(boatLabel('Cup: 500m final', boats), { regatta: null, race: 'Cup: 500m final' });
  assert.deepEqual(boatLabel('Note: alone', boats, 'Cup'), { regatta: null, race: 'Note: alone' });
  assert.deepEqual(boatLabel('Sample crew', boats, 'Cup'), { regatta: null, race: 'Sample crew' });
  assert.deepEqual(boatLabel('Cup: ', [{ name: 'Cup: ' }, { name: 'Cup: x' }], 'Cup'), { regatta: null, race: 'Cup: ' });
});
