import { describe, expect, it } from 'vitest';
import { checkQueryBody, readOnlyVerdict, userDbVerdict } from './replication-policy.ts';

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
  it('refuses a query parameter given twice (the store might read another value than the gateway did)', () => {
    expect(v('GET', '/_changes', 'feed=normal&feed=continuous')).toMatchObject({ allow: false, status: 400 });
    expect(v('GET', '/_all_docs', 'include_docs=true&include_docs=false')).toMatchObject({ allow: false, status: 400 });
    expect(userDbVerdict('GET', '/_changes', new URLSearchParams('since=0&since=5'))).toMatchObject({ allow: false, status: 400 });
  });
  it('refuses unknown query parameters and feed types with 400', () => {
    expect(v('GET', '/_changes', 'since=0&conflicts=true&bogus=1')).toMatchObject({ allow: false, status: 400 });
    expect(v('GET', '/_changes', 'feed=eventsource')).toMatchObject({ allow: false, status: 400 });
    expect(v('GET', '', 'x=1')).toMatchObject({ allow: false, status: 400 });
  });
  it('refuses _changes values CouchDB cannot parse (it answers those with a 500) with 400, on every proxy', () => {
    for (const query of ['limit=', 'limit=NaN', 'limit=-1', 'limit=1e3', 'timeout=true', 'seq_interval=x', 'batch_size=1.5', 'style=longpoll', 'style=', 'include_docs=all', 'descending=1', 'heartbeat=soon']) {
      expect(v('GET', '/_changes', query), query).toMatchObject({ allow: false, status: 400 });
      expect(userDbVerdict('GET', '/_changes', new URLSearchParams(query)), query).toMatchObject({ allow: false, status: 400 });
    }
    for (const query of ['limit=0', 'timeout=30000', 'style=main_only', 'include_docs=false', 'heartbeat=true', 'heartbeat=10000', 'seq_interval=100']) {
      expect(v('GET', '/_changes', query), query).toEqual({ allow: true });
    }
  });
});

describe("the user's own database (/db/me)", () => {
  const u = (method: string, path: string, qs = '') => userDbVerdict(method, path, new URLSearchParams(qs));

  it('allows what PouchDB push and pull replication need, saying how to handle it', () => {
    expect(u('GET', '')).toEqual({ allow: true, action: 'forward' });
    expect(u('GET', '/_changes', 'style=all_docs&since=0&feed=longpoll')).toEqual({ allow: true, action: 'forward' });
    expect(u('POST', '/_bulk_get', 'revs=true&latest=true')).toEqual({ allow: true, action: 'forward' });
    expect(u('POST', '/_revs_diff')).toEqual({ allow: true, action: 'forward' });
    expect(u('GET', '/_local/abc')).toEqual({ allow: true, action: 'forward' });
    expect(u('PUT', '/_local/abc')).toEqual({ allow: true, action: 'put_local', docId: '_local/abc' });
    expect(u('GET', '/favorite:x', 'revs=true&open_revs=all')).toEqual({ allow: true, action: 'forward' });
    expect(u('POST', '/_bulk_docs')).toEqual({ allow: true, action: 'bulk_docs' });
    expect(u('PUT', '/favorite:x', 'new_edits=false')).toEqual({ allow: true, action: 'put_doc', docId: 'favorite:x' });
  });

  it('refuses database-level writes, deletes, design documents, attachments, filters and system paths', () => {
    for (const [m, p, qs] of [
      ['PUT', ''], ['DELETE', ''], ['POST', ''], ['DELETE', '/favorite:x'], ['PUT', '/favorite:x/photo.jpg'], ['GET', '/favorite:x/photo.jpg'],
      ['PUT', '/_design/userdb'], ['GET', '/_design/userdb'], ['DELETE', '/_local/abc'], ['POST', '/_purge'], ['PUT', '/_security'],
      ['GET', '/_changes', 'filter=_selector'], ['POST', '/_changes'], ['GET', '/_bulk_docs'], ['POST', '/_bulk_docs/x'], ['POST', '/_find'],
    ] as const) {
      expect(u(m, p, qs), `${m} ${p}`).toMatchObject({ allow: false, status: 403 });
    }
  });

  it('refuses unknown query parameters, including on writes', () => {
    expect(u('PUT', '/favorite:x', 'batch=ok')).toMatchObject({ allow: false, status: 400 });
    expect(u('POST', '/_bulk_docs', 'all_or_nothing=true')).toMatchObject({ allow: false, status: 400 });
    expect(u('GET', '/_local/a/b')).toMatchObject({ allow: false, status: 404 });
  });
});

describe('query bodies and document parameters the store mishandles', () => {
  it('answers an empty _bulk_get itself (the embedded store never answers one) and refuses malformed ones', () => {
    expect(checkQueryBody('/_bulk_get', '{"docs":[]}')).toEqual({ reply: { results: [] } });
    expect(checkQueryBody('/_bulk_get', '{"docs":[{"id":"a","rev":"1-x"}]}')).toBeNull();
    for (const body of ['{"docs":{}}', '{"docs":[null]}', '{"docs":[1]}', '{"docs":[{"id":{}}]}', '{"docs":[{"id":"a","atts_since":1}]}', '{"docs":[{"id":"_local/x","rev":"1-a"}]}', '{"docs":[{"id":"_local/x"}]}', 'null', '[]', '{', '"docs"']) {
      expect(checkQueryBody('/_bulk_get', body), body).toMatchObject({ allow: false, status: 400 });
    }
  });
  it('refuses a _bulk_get naming a design document, alone or among others, as reading one by URL is', () => {
    for (const body of ['{"docs":[{"id":"_design/sanctuaries"}]}', '{"docs":[{"id":"a"},{"id":"_design/x","rev":"1-a"}]}']) {
      expect(checkQueryBody('/_bulk_get', body), body).toEqual({ allow: false, status: 403, reason: 'Design documents are not available through this proxy.' });
    }
    // Only the exact prefix names a design document.
    expect(checkQueryBody('/_bulk_get', '{"docs":[{"id":"design/x"},{"id":"x_design/"}]}')).toBeNull();
  });
  it('checks _revs_diff and _all_docs shapes', () => {
    expect(checkQueryBody('/_revs_diff', '{"a":["1-x"]}')).toBeNull();
    expect(checkQueryBody('/_revs_diff', '{"a":"1-x"}')).toMatchObject({ status: 400 });
    expect(checkQueryBody('/_all_docs', '{"keys":["a"]}')).toBeNull();
    expect(checkQueryBody('/_all_docs', '{}')).toBeNull();
    expect(checkQueryBody('/_all_docs', '{"keys":"a"}')).toMatchObject({ status: 400 });
  });
  it('lets open_revs be "all" or a JSON list of revisions only (anything else is a 500 from the store)', () => {
    expect(v('GET', '/doc', 'open_revs=all')).toEqual({ allow: true });
    expect(v('GET', '/doc', `open_revs=${encodeURIComponent('["1-a"]')}`)).toEqual({ allow: true });
    for (const bad of ['x', '{}', '[1]', '']) expect(v('GET', '/doc', `open_revs=${encodeURIComponent(bad)}`), bad).toMatchObject({ allow: false, status: 400 });
  });
});
