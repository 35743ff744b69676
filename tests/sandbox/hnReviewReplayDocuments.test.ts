import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations as hnOperations } from '../../src/api/generated/hn/operations';
import { runningSandbox } from '../../src/tools/sandbox/runningSandbox';
import { replayDataOf, type ReplayData } from '../../src/tools/replay/replayData';

// Honduras's replay data types a document number again at the ID review (the number the order
// and the agreement go with). Three entries gave it as `$journey:/context/sale/client/...`, a
// reference the Node replay reads but the browser replay typed as written (cut to the field's 30
// characters), so `documentEligibility` answered 400 and three paths stopped at the review in
// Chromium. Each number the data types there, sent as typed to a real sandbox, must be one the
// register answers for, with the `valid` the entry is for.

const REVIEW = 'hn.signedIn.sale.idReview';
const CLIENT_INFO = 'hn.signedIn.sale.clientInfo';
type Entry = ReplayData['events'][number];

const data = replayDataOf('hn');
const typed = (entry: Entry) => (entry.data ?? {}) as Record<string, unknown>;
const reviewEntries = data.events.filter((e) => e.at === REVIEW && typeof typed(e).documentNumber === 'string');
/** The `valid` the entry's condition asks of documentEligibility, true when it asks nothing of it. */
function validWanted(entry: Entry): boolean {
  const conditions = entry.when === undefined ? [] : Array.isArray(entry.when) ? entry.when : [entry.when];
  const asked = conditions.find((c) => 'call' in c && c.call === 'api.documentEligibility' && c.pointer === '/valid');
  return asked && 'equals' in asked ? asked.equals === true : true;
}

describe('the documents Honduras\'s replay data types at the ID review', () => {
  let sandbox: Awaited<ReturnType<typeof runningSandbox>>;
  let api: ReturnType<typeof sandbox.countryClient>;
  beforeAll(async () => {
    sandbox = await runningSandbox();
    api = sandbox.countryClient(hnOperations);
    const signedIn = await api.call('accessToken', { code: '2580', country: 'HN' });
    expect(signedIn.ok).toBe(true);
  });
  afterAll(() => sandbox.close());

  it('has entries at the review to check', () => {
    expect(reviewEntries.length).toBeGreaterThanOrEqual(4);
  });

  it.each(reviewEntries.map((entry) => [JSON.stringify(entry.when), entry] as const))('are numbers documentEligibility answers for, as typed (%s)', async (_, entry) => {
    const review = typed(entry);
    // The names the review shows when the entry types none: the card the replay uploads.
    const outcome = await api.call('documentEligibility', {
      documentType: 'CC',
      documentNumber: review.documentNumber as string,
      firstName: typeof review.cliFirstName === 'string' ? review.cliFirstName : 'María José',
      lastName: typeof review.cliLastName === 'string' ? review.cliLastName : 'Zelaya Cruz',
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(outcome.ok && (outcome.data as { valid: boolean }).valid).toBe(validWanted(entry));
  });

  it('types at the review the number the same entry typed at the client information', () => {
    for (const entry of reviewEntries.filter((e) => e.when !== undefined && validWanted(e))) {
      const atClient = data.events.find((e) => e.at === CLIENT_INFO && JSON.stringify(e.when) === JSON.stringify(entry.when));
      expect(atClient, JSON.stringify(entry.when)).toBeDefined();
      expect(typed(entry).documentNumber).toBe(typed(atClient as Entry).documentNumber);
    }
  });
});
