import { DATE_YEAR_MAX, DATE_YEAR_MIN, DAY_TEXT } from '@skill-cert/shared/time';
import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * fast-check values for a zod request schema (the fuzz test): mostly the schema's shape with
 * hostile content (NUL, 100 KB strings, emoji, right-to-left marks, `__proto__` keys, huge numbers), sometimes a
 * wrong shape anywhere. Only what the route schemas use is understood; anything else gets any JSON value.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: { pattern?: RegExp } } }[];
  out?: ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  options?: ZodType[];
  innerType?: ZodType;
  in?: ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => ZodType;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const LONG = 100_000;
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(LONG),
  '张'.repeat(LONG / 10),
  '😀👩‍👩‍👧‍👦🇨🇳',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../etc/passwd',
  '%00%ff',
  '\uD800',
  '\uFFFF\uFEFF',
  '１２３',
  '13800000001',
  '-1',
  '1e309',
  '9007199254740993',
  'NaN',
  'null',
  '{}',
];
const hostileNumbers = [
  0,
  -0,
  -1,
  0.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const hostileNumber = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Days the calendar does not have, years out of range, and days that exist (the edges of the date rule). */
export const impossibleDays = [
  '2026-02-30',
  '2026-04-31',
  '2026-02-29',
  '1900-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00',
  '0000-01-01',
  '0099-06-01',
  '1899-12-31',
  '2101-01-01',
  '9999-12-31',
];
const dayText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...impossibleDays) },
  {
    weight: 1,
    arbitrary: fc
      .date({
        min: new Date(Date.UTC(DATE_YEAR_MIN, 0, 1)),
        max: new Date(Date.UTC(DATE_YEAR_MAX, 11, 31)),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
  },
);
const isDayText = (def: Def) =>
  (def.checks ?? []).some((c) => c._zod.def.pattern?.source === DAY_TEXT.source);

/** An own, enumerable `__proto__` key: JSON.stringify writes it, as an attacker's body would carry it. */
function withProtoKey(value: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...value };
  Object.defineProperty(copy, '__proto__', { value: { polluted: true }, enumerable: true });
  return copy;
}

export const wrongShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.constant(withProtoKey({})),
);

function shaped(schema: ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const keys = Object.entries(def.shape ?? {});
      const record = fc.record(Object.fromEntries(keys.map(([k, s]) => [k, arbitraryOf(s, depth + 1)])), {
        requiredKeys: [],
      }) as fc.Arbitrary<Record<string, unknown>>;
      return fc.oneof({ weight: 4, arbitrary: record }, { weight: 1, arbitrary: record.map(withProtoKey) });
    }
    case 'string':
      // A date field gets mostly dates, many of them impossible (2026-02-30 must never reach the database).
      return isDayText(def)
        ? fc.oneof({ weight: 3, arbitrary: dayText }, { weight: 1, arbitrary: hostileString })
        : hostileString;
    case 'number':
    case 'int':
    case 'bigint':
      return hostileNumber;
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'array':
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(arbitraryOf(def.element!, depth + 1), { maxLength: 4 }) },
        {
          weight: 1,
          arbitrary: fc.array(arbitraryOf(def.element!, depth + 1), { minLength: 300, maxLength: 1200 }),
        },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, depth + 1)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof(fc.constantFrom(undefined, null), arbitraryOf(def.innerType!, depth + 1));
    case 'pipe':
      // A preprocess (an optional query parameter) is fed what its schema reads, or anything.
      return defOf(def.in!).type === 'transform'
        ? fc.oneof(arbitraryOf(def.out!, depth + 1), fc.jsonValue({ maxDepth: 2 }))
        : arbitraryOf(def.in!, depth + 1);
    case 'lazy':
      return arbitraryOf(def.getter!(), depth + 1);
    default:
      // Unknown (a draft field parses its own schema inside): any JSON, or a day, since dates hide there too.
      return fc.oneof(
        { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
        { weight: 1, arbitrary: dayText },
      );
  }
}

/** The top-level fields of an object schema that take a date (through optional, nullable, preprocess wrappers). */
export function dateFieldsOf(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const unwrap = (s: ZodType, depth = 0): Def | null => {
    const def = defOf(s);
    if (depth > 6) return null;
    if (def.type === 'string') return def;
    if (def.type === 'pipe')
      return unwrap(defOf(def.in!).type === 'transform' ? def.out! : def.in!, depth + 1);
    return def.innerType ? unwrap(def.innerType, depth + 1) : null;
  };
  return Object.entries(defOf(schema).shape ?? {}).flatMap(([key, field]) => {
    const def = unwrap(field);
    return def && isDayText(def) ? [key] : [];
  });
}

/** A value for `schema`: its shape with hostile content four times in five, any wrong shape otherwise. */
export function arbitraryOf(schema: ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return wrongShape;
  return fc.oneof({ weight: 4, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: wrongShape });
}

/** The field names and the literal or enum values a schema declares (words a message may quote). */
export function wordsOf(schema: ZodType | undefined, into = new Set<string>(), depth = 0): Set<string> {
  if (!schema || depth > 8) return into;
  const def = defOf(schema);
  for (const [key, inner] of Object.entries(def.shape ?? {})) {
    into.add(key);
    wordsOf(inner, into, depth + 1);
  }
  for (const v of [...(def.values ?? []), ...Object.values(def.entries ?? {})]) into.add(String(v));
  for (const inner of [def.element, def.innerType, def.in, ...(def.options ?? [])])
    wordsOf(inner, into, depth + 1);
  return into;
}
