// Which requests the read-only replication proxies let through to the store. Everything is refused unless a
// rule below allows it: writes, filters, design documents, database creation and deletion never reach it.

export type Verdict = { allow: true } | { allow: false; status: 400 | 403 | 404; reason: string };

const ALLOW: Verdict = { allow: true };
const forbid = (reason: string): Verdict => ({ allow: false, status: 403, reason });

const CHANGES_PARAMS = new Set(['since', 'limit', 'style', 'feed', 'heartbeat', 'timeout', 'include_docs', 'conflicts', 'descending', 'seq_interval', 'return_docs', 'batch_size']);
const ALL_DOCS_PARAMS = new Set(['include_docs', 'conflicts', 'limit', 'skip', 'descending', 'startkey', 'endkey', 'start_key', 'end_key', 'startkey_docid', 'endkey_docid', 'key', 'keys', 'inclusive_end', 'update_seq']);
const DOC_PARAMS = new Set(['rev', 'revs', 'open_revs', 'latest', 'revs_info', 'conflicts', 'deleted_conflicts', 'local_seq', 'meta']);
const BULK_GET_PARAMS = new Set(['revs', 'latest']);
const FEEDS = new Set(['normal', 'longpoll', 'continuous']);

function unknownParam(params: URLSearchParams, allowed: Set<string>): string | undefined {
  for (const key of params.keys()) if (!allowed.has(key)) return key;
  return undefined;
}

/**
 * @param method HTTP method
 * @param path the part after /db/{name}, starting with '/' or empty
 */
export function readOnlyVerdict(method: string, path: string, params: URLSearchParams): Verdict {
  const m = method.toUpperCase();
  const isRead = m === 'GET' || m === 'HEAD';
  const segments = path.split('/').filter(Boolean);

  const checkParams = (allowed: Set<string>): Verdict => {
    const bad = unknownParam(params, allowed);
    return bad ? { allow: false, status: 400, reason: `The query parameter "${bad}" is not allowed here.` } : ALLOW;
  };

  if (segments.length === 0) {
    // Database info is readable; PUT (create), DELETE and POST (write a doc) on the database are not.
    return isRead ? checkParams(new Set()) : forbid('This database is read-only.');
  }

  const [first, ...rest] = segments as [string, ...string[]];
  switch (first) {
    case '_changes': {
      if (!isRead || rest.length) return forbid('Only GET is allowed on _changes here.');
      if (params.has('filter') || params.has('view') || params.has('doc_ids') || params.has('selector')) {
        return forbid('Filtered change feeds are not available.');
      }
      const feed = params.get('feed');
      if (feed !== null && !FEEDS.has(feed)) return { allow: false, status: 400, reason: 'Unsupported feed type.' };
      return checkParams(CHANGES_PARAMS);
    }
    case '_bulk_get':
      if (m !== 'POST' || rest.length) return forbid('Only POST is allowed on _bulk_get.');
      return checkParams(BULK_GET_PARAMS);
    case '_revs_diff':
      if (m !== 'POST' || rest.length) return forbid('Only POST is allowed on _revs_diff.');
      return checkParams(new Set());
    case '_all_docs':
      if (rest.length) return forbid('Not available.');
      if (isRead || m === 'POST') return checkParams(ALL_DOCS_PARAMS);
      return forbid('This database is read-only.');
    case '_local':
      // Replication checkpoints live on the device; the source's may be read but never written.
      if (!isRead) return forbid('This database is read-only; checkpoints are kept on the device.');
      if (rest.length !== 1) return { allow: false, status: 404, reason: 'Not found.' };
      return checkParams(new Set());
    case '_design':
    case '_design_docs':
      return forbid('Design documents are not available through this proxy.');
    default:
      if (first.startsWith('_')) return forbid('Not available through this proxy.');
      if (!isRead) return forbid('This database is read-only.');
      // A document, not its attachments.
      if (rest.length) return forbid('Attachments are not available through this proxy.');
      return checkParams(DOC_PARAMS);
  }
}
