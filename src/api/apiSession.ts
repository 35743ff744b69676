import type { SessionName } from '../runtime/inputMap';

/**
 * What the api layer keeps for the session: the PIN as sent to the provider, encrypted with its
 * public key (see pinSealer), in memory only; the PIN itself is never kept (spec sections 3, 6).
 * A journey names where it goes in a request with `{"session": "sealedPin"}`.
 */
export type ApiSession = Partial<Record<SessionName, string>>;
