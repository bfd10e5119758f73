/**
 * The body of a results read by the mean (the headline of a game without duels, so most reads):
 * `{ "results": { ...results, method, winners, groups, myAgreement, imported? } }`. What every
 * viewer shares is serialized once per results object (one per tally version, item list and
 * ballot: GameStates.results), so a read only writes its viewer's agreement and the count of
 * imported ballots after it. The viewer's agreement with the crowd is counted once per results
 * and ballot (GameStates.finalBallot keeps one groups object per saved ranking).
 */
import { ballotAgreement } from '../../domain/agreement';
import { groupsOfRanking, type BallotKind, type Groups } from '../../domain/ballot';
import { headlineOrder } from '../../domain/methods-standings';
import type { Results } from '../../domain/results';
import { standingsView, tallyWinners } from './methods-view';

/** Up to `"myAgreement":` of each results' body, UTF-8. */
const heads = new WeakMap<Results, Buffer>();
/** The crowd's order as groups of one, per results. */
const crowds = new WeakMap<Results, { order: string[]; groups: Groups }>();
/** Each ballot's agreement with the crowd, per results. */
const agreements = new WeakMap<Results, WeakMap<Groups, number | null>>();
/**
 * Whole bodies, per results and then by agreement and count of imported ballots, while they
 * take at most BODIES_BYTES in all: a busy 10-item game's readers share a few dozen agreements
 * (~7 KB each), answered without building a body; past it (a big game), built per read.
 */
const bodies = new WeakMap<Results, { bytes: number; byKey: Map<string, Buffer<ArrayBuffer>> }>();
const BODIES_BYTES = 256 * 1024;

function head(results: Results): Buffer {
  let bytes = heads.get(results);
  if (!bytes) {
    const shared = {
      method: 'mean',
      winners: tallyWinners(results),
      groups: standingsView(results, 'mean', null).groups,
    };
    const json = JSON.stringify(results);
    bytes = Buffer.from(
      `{"results":${json.slice(0, -1)},${JSON.stringify(shared).slice(1, -1)},"myAgreement":`,
    );
    heads.set(results, bytes);
  }
  return bytes;
}

/**
 * How closely a viewer's final ballot agrees with the crowd's order (the headline one: a duel
 * game's is Bradley–Terry's, decision 0066), 0..100, or null; once per results and ballot.
 */
export function crowdAgreement(results: Results, kind: BallotKind, mine: Groups): number | null {
  let known = agreements.get(results);
  if (!known) agreements.set(results, (known = new WeakMap()));
  if (known.has(mine)) return known.get(mine) as number | null;
  let crowd = crowds.get(results);
  if (!crowd) {
    const order = headlineOrder(results);
    crowds.set(results, (crowd = { order, groups: groupsOfRanking(order) }));
  }
  const value = ballotAgreement(kind, mine, crowd.groups, crowd.order);
  known.set(mine, value);
  return value;
}

/**
 * The mean's results body, as `JSON.stringify` of the object above would write it. Kept: never
 * to be changed.
 */
export function meanResultsBody(
  results: Results,
  myAgreement: number | null,
  imported: number,
): Buffer<ArrayBuffer> {
  let kept = bodies.get(results);
  if (!kept) bodies.set(results, (kept = { bytes: 0, byKey: new Map() }));
  const key = `${myAgreement} ${imported}`;
  const known = kept.byKey.get(key);
  if (known) return known;
  const body = built(results, myAgreement, imported);
  if (kept.bytes + body.length <= BODIES_BYTES) {
    kept.bytes += body.length;
    kept.byKey.set(key, body);
  }
  return body;
}

function built(
  results: Results,
  myAgreement: number | null,
  imported: number,
): Buffer<ArrayBuffer> {
  const tail = `${JSON.stringify(myAgreement)}${imported > 0 ? `,"imported":${imported}` : ''}}}`;
  const shared = head(results);
  const bytes = Buffer.allocUnsafe(shared.length + tail.length);
  shared.copy(bytes);
  // The tail is ASCII (a number or null, and the key).
  bytes.write(tail, shared.length, 'latin1');
  return bytes;
}
