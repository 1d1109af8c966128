// Settings written as name/value pairs (`changes: [{key: "require_mfa", value: false}]`, AWS-style
// `[{Name: "…", Value: "…"}]`, `{setting: "firewall", value: "off"}`): each pair is read as the
// field it stands for (`{require_mfa: "false"}`), so the rules that read keys see it whichever way
// the tool spells its settings.

import { normalizeKey, type PayloadFields } from './payload-fields.ts';

const NAME_KEYS = [
  'key',
  'name',
  'setting',
  'field',
  'option',
  'parameter',
  'param',
  'property',
  'Key',
  'Name',
  'Setting',
  'Field',
  'Option',
  'ParameterKey',
];
const VALUE_KEYS = ['value', 'Value', 'ParameterValue', 'new_value', 'newValue', 'setting_value'];
const NAME_KEY_SET = new Set(['key', 'name', 'setting', 'field', 'option', 'parameter', 'param', 'property', 'parameter_key']);

/** The pairs of a payload as one object of fields, or undefined when it has none. */
export function namedValues(fields: PayloadFields): Record<string, unknown> | undefined {
  if (
    !fields.keys.has('value') &&
    !fields.keys.has('parameter_value') &&
    !fields.keys.has('new_value') &&
    !fields.keys.has('setting_value')
  )
    return undefined;
  let out: Record<string, unknown> | undefined;
  const seen = new Set<object>();
  for (const field of fields.strings) {
    const holder = field.holder;
    if (holder === undefined || !NAME_KEY_SET.has(field.key) || seen.has(holder) || field.text.length > 80) continue;
    seen.add(holder);
    const name = NAME_KEYS.find((key) => holder[key] === field.text);
    if (name === undefined) continue;
    const valueKey = VALUE_KEYS.find((key) => key in holder);
    if (valueKey === undefined) continue;
    const value = holder[valueKey];
    if (value !== null && typeof value === 'object') continue;
    (out ??= {})[normalizeKey(field.text)] = typeof value === 'boolean' ? String(value) : value;
  }
  return out;
}
