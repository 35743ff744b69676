/**
 * `npm run session:keys [-- <folder>]`: a key pair for a deployment's session exports (ECDH
 * P-256, as JWKs): `public.jwk`, which the build takes as `VITE_SESSION_EXPORT_KEY` (the app
 * seals exported sessions with it), and `private.jwk`, which only the support team keeps and
 * gives to `journeys:replay --session <file> --key <private.jwk>`. Written to `.session-keys/`
 * by default (ignored by git); an existing pair is never overwritten. See docs/security.md.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyIdOf, publicHalf } from '../src/app/sessionSeal';

const folder = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '.session-keys';
const files = { public: join(folder, 'public.jwk'), private: join(folder, 'private.jwk') };
if (existsSync(files.public) || existsSync(files.private)) {
  console.error(`${folder} already holds a key pair: choose another folder (npm run session:keys -- <folder>)`);
  process.exit(2);
}
const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
const publicJwk = publicHalf(await crypto.subtle.exportKey('jwk', pair.publicKey));
const privateJwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
mkdirSync(folder, { recursive: true });
writeFileSync(files.public, `${JSON.stringify(publicJwk)}\n`);
// The private half readable by its owner only.
writeFileSync(files.private, `${JSON.stringify({ kty: privateJwk.kty, crv: privateJwk.crv, x: privateJwk.x, y: privateJwk.y, d: privateJwk.d })}\n`, { mode: 0o600 });
console.log(`key ${await keyIdOf(publicJwk)}`);
console.log(`  ${files.public}: build the app with VITE_SESSION_EXPORT_KEY='${JSON.stringify(publicJwk)}'`);
console.log(`  ${files.private}: for the support team only (journeys:replay --session <file> --key ${files.private}); never in the app, the repository or a build`);
