import { describe, expect, it } from 'vitest';
import { readOnlyVerdict } from './replication-policy.ts';

const v = (method: string, path: string, qs = '') => readOnlyVerdict(method, path, new URLSearchParams(qs));

describe('read-only replication policy', () => {
  it('allows what PouchDB pull replication needs', () => {
    expect(v('GET', '')).toEqual({ allow: true });
    expect(v('GET', '/')).toEqual({ allow: true });
    expect(v('GET', '/_changes', 'style=all_docs&since=0&limit=1000&feed=longpoll&heartbeat=10000')).toEqual({ allow: true });
    expect(v('POST', '/_bulk_get', 'revs=true&latest=true')).toEqual({ allow: true });
    expect(v('POST', '/_revs_diff')).toEqual({ allow: true });
    expect(v('GET', '/_all_docs', 'include_docs=true&limit=10')).toEqual({ allow: true });
    expect(v('POST', '/_all_docs')).toEqual({ allow: true });
    expect(v('GET', '/_local/abc123')).toEqual({ allow: true });
    expect(v('GET', '/some-doc', 'revs=true&open_revs=all')).toEqual({ allow: true });
  });
  it('refuses every write with 403', () => {
    for (const [m, p] of [['PUT', ''], ['DELETE', ''], ['POST', ''], ['PUT', '/doc'], ['DELETE', '/doc'], ['POST', '/_bulk_docs'], ['PUT', '/_local/x'], ['DELETE', '/_local/x'], ['PUT', '/_security'], ['POST', '/_compact'], ['POST', '/_purge'], ['PUT', '/doc/att.jpg']] as const) {
      expect(v(m, p), `${m} ${p}`).toMatchObject({ allow: false, status: 403 });
    }
  });
  it('refuses filters, design documents, attachments and system paths', () => {
    expect(v('GET', '/_changes', 'filter=ddoc/f')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/_changes', 'filter=_view&view=a/b')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/_changes', 'doc_ids=["a"]')).toMatchObject({ allow: false, status: 403 });
    expect(v('POST', '/_changes')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/_design/sanctuaries')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/_design_docs')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/doc/photo.jpg')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/_security')).toMatchObject({ allow: false, status: 403 });
    expect(v('GET', '/_find')).toMatchObject({ allow: false, status: 403 });
  });
  it('refuses unknown query parameters and feed types with 400', () => {
    expect(v('GET', '/_changes', 'since=0&conflicts=true&bogus=1')).toMatchObject({ allow: false, status: 400 });
    expect(v('GET', '/_changes', 'feed=eventsource')).toMatchObject({ allow: false, status: 400 });
    expect(v('GET', '', 'x=1')).toMatchObject({ allow: false, status: 400 });
  });
});
