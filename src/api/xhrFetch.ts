/** How much of a request's body has gone out, in bytes (`total` counts the multipart framing too). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface XhrFetchOptions {
  /** Called as the body goes out: what `fetch` cannot tell (it has no upload progress). */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Gives up (a `TimeoutError`, as `AbortSignal.timeout` gives) when nothing moved for this long:
   * no byte sent, none received. A 2 MB photo on a slow network takes longer than a whole
   * ordinary call may, so an upload is timed by its silence, not by its length.
   */
  idleTimeoutMs?: number;
}

/** Statuses whose Response may not carry a body (the constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` for one request made with XMLHttpRequest, so that an upload can report its progress;
 * openapi-fetch takes it as a request's `fetch` option. It behaves as `fetch` does where the
 * caller looks: an HTTP error is a Response, no answer rejects with a TypeError, an aborted
 * signal rejects with the signal's reason.
 *
 * @example
 * const fetchWithProgress = createXhrFetch({ onUploadProgress: ({ loaded, total }) => show(loaded / total) });
 * await client.POST('/upload', { body: form, bodySerializer: (f) => f, fetch: fetchWithProgress });
 */
export function createXhrFetch(options: XhrFetchOptions = {}): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    const signal = request.signal;
    if (signal.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    // The body as the Request built it: a FormData's bytes with the boundary its Content-Type names.
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(idleTimer);
        signal.removeEventListener('abort', onAbort);
        settle();
      };
      const fail = (error: unknown) => finish(() => reject(error));
      // Settled before xhr.abort(), which fires onabort at once: the caller gets the reason why.
      const onAbort = () => {
        fail(signal.reason ?? new DOMException('Aborted', 'AbortError'));
        xhr.abort();
      };
      const stillMoving = () => {
        if (options.idleTimeoutMs === undefined) return;
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          fail(new DOMException('Nothing was sent or received for too long', 'TimeoutError'));
          xhr.abort();
        }, options.idleTimeoutMs);
      };

      xhr.open(request.method, request.url);
      xhr.responseType = 'blob';
      xhr.withCredentials = request.credentials === 'include';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        stillMoving();
        if (event.lengthComputable) options.onUploadProgress?.({ loaded: event.loaded, total: event.total });
      };
      xhr.onprogress = stillMoving;
      xhr.onload = () =>
        finish(() =>
          resolve(
            new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), {
              status: xhr.status,
              statusText: xhr.statusText,
              headers: responseHeaders(xhr.getAllResponseHeaders()),
            }),
          ),
        );
      // As fetch says it: no answer at all (offline, connection cut) is a TypeError.
      xhr.onerror = () => fail(new TypeError('Failed to fetch'));
      xhr.onabort = () => fail(new DOMException('Aborted', 'AbortError'));
      signal.addEventListener('abort', onAbort);
      // The signal may have fired while the body was being read.
      if (signal.aborted) {
        onAbort();
        return;
      }
      stillMoving();
      xhr.send(body);
    });
  };
}
