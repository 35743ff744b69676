/**
 * The app's traffic as the browser replay watches it: the requests to the served app in flight
 * (the replay waits for none before it reads the screen) and the provider's calls by their
 * operation, with the status each answered (the answers are sealed: the status is what shows).
 */
import type { Page } from 'playwright-core';
import { operationsOf } from './countryOperations';

/** A provider call the page made, and how it answered (the answers are sealed: the status, and the message the app tracked). */
export interface BrowserCall {
  operationId: string;
  status: number;
  message?: string;
}

/** What the page has asked of the served app: the provider's calls, and its requests in flight. */
export interface PageTraffic {
  calls: BrowserCall[];
  /** No request to the served app in flight. */
  idle: () => boolean;
  /** How many of the app's requests have begun or ended so far: unchanged between two looks, nothing happened in between. */
  moves: () => number;
}

/** The country's operations as requests are matched to them: by method, and by the end of the table's path. */
function operationMatchers(country: string) {
  const table = Object.entries(operationsOf(country) ?? {}) as Array<[string, { method: string; path: string }]>;
  return table.map(([id, op]) => ({ id, method: op.method.toUpperCase(), test: new RegExp(`${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
}

/** Starts watching the page's requests to the app served at `address` (the country's calls among them). */
export function watchTraffic(page: Page, address: string, country: string): PageTraffic {
  const operations = operationMatchers(country);
  const calls: BrowserCall[] = [];
  let inFlight = 0;
  let moves = 0;
  const own = (url: string) => url.startsWith(address);
  const finished = (request: { url: () => string }) => {
    if (!own(request.url())) return;
    inFlight = Math.max(0, inFlight - 1);
    moves += 1;
  };
  page.on('request', (request) => {
    if (!own(request.url())) return;
    inFlight += 1;
    moves += 1;
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  page.on('response', (response) => {
    const url = new URL(response.url());
    const method = response.request().method();
    const operation = operations.find((o) => o.method === method && o.test.test(url.pathname));
    if (operation) calls.push({ operationId: operation.id, status: response.status() });
  });
  return { calls, idle: () => inFlight === 0, moves: () => moves };
}
