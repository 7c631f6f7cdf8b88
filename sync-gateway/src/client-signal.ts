// The signal that the client went away, for handlers that wait (live feeds) or stream from the store. Hono's Node
// adapter offers one as `c.req.raw.signal`, but reading it (like reading `c.req.raw.body`) turns the adapter's
// lightweight request into a full fetch Request: an undici Request and two AbortSignals for every request, which
// were a tenth of the gateway's CPU with 1,000 devices (issue 16). This one is made from the response as the
// adapter's is (aborted when the connection closes before the answer was sent), and once per request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

const signals = new WeakMap<object, AbortSignal>();

export function clientSignal(c: Context): AbortSignal {
  const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
  const { incoming, outgoing } = env ?? {};
  // Not behind the Node adapter (tests calling app.request): the Request is a real one already.
  if (!incoming || !outgoing || typeof outgoing.once !== 'function') return c.req.raw.signal;
  let signal = signals.get(outgoing);
  if (!signal) {
    const controller = new AbortController();
    signal = controller.signal;
    signals.set(outgoing, signal);
    const abort = () => {
      if (incoming.errored) controller.abort(incoming.errored.toString());
      else if (!outgoing.writableFinished) controller.abort('Client connection prematurely closed.');
    };
    if (outgoing.closed) abort();
    else outgoing.once('close', abort);
  }
  return signal;
}

/** The Node server's response for this request, when the request came through it (not in tests calling the app). */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === 'function' ? outgoing : undefined;
}
