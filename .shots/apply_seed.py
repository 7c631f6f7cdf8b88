import json, sys
exec(open('/work/main/.shots/seed_updates.py').read())
p = '/work/main/couchdb/seed/us-sanctuaries.json'
d = json.load(open(p))
names = {x['name'] for x in d}
for n in list(UPDATES) + list(REPLACE) + list(REMOVE):
    assert n in names, n
out = []
for x in d:
    n = x['name']
    if n in REMOVE:
        x['closed'] = {'url': REMOVE[n], 'fields': ['closed'], 'checked': C}
    if n in REPLACE:
        out.append(REPLACE[n]); continue
    if n in UPDATES:
        u = UPDATES[n]
        for k, v in u['set'].items():
            x[k] = v
        x['sources'] = x.get('sources', []) + u['sources']
    out.append(x)
for e in NEW:
    assert e['name'] not in names, e['name']
    out.append(e)
json.dump(out, open(p, 'w'), indent=1, ensure_ascii=False)
open(p, 'a').write('\n')
print(len(d), '->', len(out))
