import { isPushEndpoint, isPushKey, PUSH_META, PUSH_SCRIPT } from '../pack/shellScripts';

/** What the shell calls of the push SDK (Braze's web SDK, `window.braze` once its script ran). */
interface PushSdk {
  initialize(apiKey: string, options: { baseUrl: string; contentSecurityNonce?: string; enableLogging?: boolean }): boolean;
  automaticallyShowInAppMessages(): void;
  requestContentCardsRefresh(): void;
  openSession(): void;
}

declare global {
  interface Window {
    braze?: PushSdk;
  }
}

/**
 * Push and content-card messaging (spec, app shell: for the countries whose file lists `push`),
 * for a build that names the SDK's key and endpoint (`<meta name="push-messaging">`, written by
 * src/build/shellScripts.ts from `VITE_PUSH_KEY` and `VITE_PUSH_ENDPOINT`): the SDK's script
 * from its CDN only, after the first screen is drawn, then a session opened and the content
 * cards asked for. Anonymous: the shell never calls `changeUser` or sets a name, phone, e-mail
 * or any other attribute of a person; the SDK's styles get the page's nonce (its policy admits
 * no other), and the page's policy lets in its hosts only (src/pack/shellScripts.ts,
 * docs/security.md). The browser's push permission is not asked by the shell (a browser asks it
 * only on a tap: the journey decides where, if ever).
 */
export function loadPushMessaging(page: Pick<Document, 'querySelector' | 'createElement' | 'head'> = document): void {
  const meta = page.querySelector<HTMLMetaElement>(`meta[name="${PUSH_META}"]`);
  const key = meta?.content.trim() ?? '';
  const endpoint = meta?.dataset.endpoint ?? '';
  if (!isPushKey(key) || !isPushEndpoint(endpoint)) return;
  const nonce = page.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  const script = page.createElement('script');
  script.async = true;
  script.src = PUSH_SCRIPT;
  script.addEventListener('load', () => {
    const sdk = window.braze;
    if (!sdk) return;
    sdk.initialize(key, { baseUrl: endpoint, enableLogging: false, ...(nonce ? { contentSecurityNonce: nonce } : {}) });
    sdk.automaticallyShowInAppMessages();
    sdk.requestContentCardsRefresh();
    sdk.openSession();
  });
  page.head.appendChild(script);
}
