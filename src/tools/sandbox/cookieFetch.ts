/**
 * A real `fetch` that keeps cookies between calls, as a browser does with `credentials:
 * 'include'` (Node's fetch has no cookie jar). Nothing is faked: requests go to the server.
 */
export function cookieFetch(): typeof fetch & { cookies: Map<string, string> } {
  const cookies = new Map<string, string>();
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (cookies.size > 0) request.headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(request);
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.trim());
    }
    return response;
  };
  return Object.assign(wrapped as typeof fetch, { cookies });
}
