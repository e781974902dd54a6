// A request body the Worker never read (a CSRF refusal, a 413 from Content-Length, an upload refused before its form
// was read) is still on its way from the client. Locally workerd then closes the connection under the client, which
// sees "fetch failed" instead of the answer, a browser a network error instead of the translated message. So the
// local server reads what is left and throws it away; at the edge Cloudflare's front end takes care of the
// connection. Bounded: past the largest body any route accepts, the rest is refused.

/** The photo upload's limit (8 MB + envelope) and some room: nothing legitimate is bigger. */
const DRAIN_LIMIT_BYTES = 9 * 1024 * 1024;

/** Reads and discards what is left of a request's body; never throws. */
export async function drainUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return; // another reader holds it (a body limit wrapped the stream): that one finishes or cancels it
  }
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}
