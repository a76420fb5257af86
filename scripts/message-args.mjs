// The argument and tag names of an ICU message ("{count, plural, ...}" -> count), sorted:
// what must stay the same in every language. Shared by check-messages.mjs and the jest test.
import { parse } from '@formatjs/icu-messageformat-parser';

function collect(elements, names) {
  for (const element of elements) {
    if (element.type === 0 || element.type === 7) continue; // literal text, plural '#'
    names.add(element.value);
    if (element.options) for (const option of Object.values(element.options)) collect(option.value, names);
    if (element.children) collect(element.children, names);
  }
  return names;
}

export function messageArgs(message) {
  return [...collect(parse(String(message), { ignoreTag: false }), new Set())].sort().join(',');
}
