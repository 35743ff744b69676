/**
 * A product owner's edit of journeys/sv.json that `journeys:diff` should read by its intent, for
 * its tests (tests/journeys/journeyDiffIntents.test.ts) and the studio's diff tab's
 * (tests/e2e/studioDiff.test.ts):
 *
 * - the income step renamed: `income` is `customerIncome`, every transition into it retargeted;
 * - the terms step moved: met after the authorizations' clauses instead of after the e-mail
 *   check (verifyEmail → authorizations → clauses → terms → clientSignature).
 *
 * Made on the text, as an editor would, so the rest of the file keeps its formatting.
 */

/** `text` with `find` replaced, where it is found exactly `times` times (an edit that no longer fits says so). */
function replaced(text: string, find: string, replace: string, times = 1): string {
  const found = text.split(find).length - 1;
  if (found !== times) throw new Error(`${JSON.stringify(find)} is found ${found} times in sv.json, not ${times}: the edit no longer fits the journey`);
  return text.split(find).join(replace);
}

export const RENAMED = { from: 'sv.signedIn.sale.income', to: 'sv.signedIn.sale.customerIncome' };
export const MOVED = 'sv.signedIn.sale.terms';

/** The income step renamed `customerIncome`, every target of it with it. */
export function incomeRenamed(svText: string): string {
  let text = replaced(svText, '"income": {', '"customerIncome": {');
  text = replaced(text, '"#sv.signedIn.sale.income"', '"#sv.signedIn.sale.customerIncome"');
  return replaced(text, '"target": "income"', '"target": "customerIncome"', 2);
}

/** The terms step moved after the clauses: the e-mail check leads to the authorizations, the clauses to the terms, the terms to the client's signature. */
export function termsMoved(svText: string): string {
  let text = replaced(svText, '"target": "#sv.signedIn.sale.terms",', '"target": "#sv.signedIn.sale.authorizations",');
  text = replaced(text, '"target": "clientSignature"', '"target": "terms"');
  return replaced(text, '"target": "authorizations"', '"target": "clientSignature"');
}

/** Both edits. */
export const renamedAndMoved = (svText: string) => termsMoved(incomeRenamed(svText));
