import fc from 'fast-check';
import type { ZodType } from 'zod';

/**
 * fast-check values for a zod request schema (the fuzz test, issue 19 point 12): mostly the schema's shape with
 * hostile content (NUL, 100 KB strings, emoji, right-to-left marks, `__proto__` keys, huge numbers), sometimes a
 * wrong shape anywhere. Only what the route schemas use is understood; anything else gets any JSON value.
 */

interface Def {
  type: string;
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
      return hostileString;
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
      return arbitraryOf(def.in!, depth + 1);
    case 'lazy':
      return arbitraryOf(def.getter!(), depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
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
