import json, sys
def merge(base, add):
    for k, v in add.items():
        if isinstance(v, dict):
            base.setdefault(k, {})
            merge(base[k], v)
        else:
            base[k] = v
for lang in sys.argv[1:]:
    path = f'messages/{lang}.json'
    data = json.load(open(path, encoding='utf-8'))
    merge(data, json.load(open(f'.i18n-staging/{lang}.json', encoding='utf-8')))
    with open(path, 'w', encoding='utf-8') as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=2) + '\n')
