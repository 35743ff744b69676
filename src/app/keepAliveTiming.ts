/**
 * How often an active agent's app tells the provider the session is in use (well inside its
 * 15-minute idle expiry). A module of its own, with no import: the browser replay
 * (src/tools/replay/shellSending.ts) moves the page's clock by it, and cannot load
 * journeyRuntime.ts (the build's virtual modules).
 */
export const KEEP_ALIVE_EVERY_MS = 5 * 60_000;
