// The store counter's own process (store-counter.ts, startStoreCounterProcess): counts and passes through every
// request to the store at SS_COUNTER_TARGET, and answers the load run's requests for its counts.
import { startStoreCounter } from './store-counter.ts';

const target = process.env.SS_COUNTER_TARGET;
if (!target || !process.send) throw new Error('store-counter-process: run by startStoreCounterProcess only');
// Only the address matters here: the gateway's own credentials pass through in its requests.
const counter = await startStoreCounter({ url: target, username: '', password: '' });
process.on('message', async (m: { type: string; id: number }) => {
  if (m.type !== 'snapshot') return;
  const { total, byKind, answers } = await counter.snapshot();
  process.send!({ type: 'counts', id: m.id, total, byKind: [...byKind], answers });
});
const stop = () => void counter.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('disconnect', stop);
process.send({ type: 'ready', url: counter.config.url });
