// A continuous `_changes` feed is one JSON object a line, with empty lines as heartbeats. Everything that follows
// a feed in the gateway reads it through this one reader.

/**
 * The feed's rows as they arrive, heartbeats left out; ends when the body ends, throws when it breaks.
 * `onData` hears every chunk, heartbeats included: a follower knows the feed is alive even when nothing changes.
 */
export async function* feedLines<T = Record<string, unknown>>(body: ReadableStream<Uint8Array>, onData?: () => void): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onData?.();
      buffered += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
      }
    }
    const last = (buffered + decoder.decode()).trim();
    if (last) yield JSON.parse(last) as T;
  } finally {
    reader.releaseLock();
  }
}
