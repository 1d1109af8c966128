// Every string of the screen's table of cases (test/cases/injection.json), keys included: texts
// for the tests that check a fast path of the screen against its slow form.
import { readFileSync } from 'node:fs';

export function caseTexts(): string[] {
  const cases = JSON.parse(readFileSync(new URL('../cases/injection.json', import.meta.url), 'utf8')) as Array<{ payload: unknown }>;
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) (texts.push(key), walk(item));
  };
  cases.forEach((c) => walk(c.payload));
  return texts;
}
