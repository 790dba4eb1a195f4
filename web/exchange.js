// The exchange engine's transaction, as the page runs it while a paddler is dragged (the server's
// ExchangeController is the authority; this copy only animates what the server will record):
// catch at O (the origin), then at each exchange event the page model equals the original with O and D
// (the item displaced now) swapped; release reports the pair; cancel puts everything back. No DOM: Node's
// tests import it.

export class ExchangeTransaction {
  // places: the model, a Map from place to occupant (null for an empty place), changed in place.
  // canDisplace(place): may the item at `place` be pushed aside (false for a locked seat)?
  constructor(places, origin, canDisplace) {
    this.places = places;
    this.origin = origin;
    this.displaced = origin;
    this.canDisplace = canDisplace;
    this.original = new Map(places);
  }

  // The caught item arrives over `place` (null: over nothing). Returns the exchanges made, in order, as
  // [a, b] pairs (none for no exchange event), exactly as the engine makes them.
  dragOver(place) {
    if (place == null || place === this.displaced || !this.places.has(place)) return [];
    const exchanges = [];
    if (place === this.origin) {
      // Back over the origin: put the displaced item back, and nothing else.
      exchanges.push(this.swap(this.origin, this.displaced));
      this.displaced = this.origin;
      return exchanges;
    }
    if (!this.canDisplace(place)) return [];
    if (this.displaced !== this.origin) exchanges.push(this.swap(this.origin, this.displaced));
    exchanges.push(this.swap(place, this.origin));
    this.displaced = place;
    return exchanges;
  }

  // Release: the pair to record (equal when nothing changed).
  release() {
    return { origin: this.origin, displaced: this.displaced };
  }

  // Cancel: the one exchange that puts the model back, or none.
  cancel() {
    const exchanges = this.displaced !== this.origin ? [this.swap(this.origin, this.displaced)] : [];
    this.displaced = this.origin;
    return exchanges;
  }

  // Who sat at `place` when the paddler was caught.
  originalOccupant(place) {
    return this.original.get(place) ?? null;
  }

  swap(a, b) {
    const first = this.places.get(a);
    this.places.set(a, this.places.get(b));
    this.places.set(b, first);
    return [a, b];
  }
}
