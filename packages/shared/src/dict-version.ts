/*
 * The dictionaries' version header without zod: the signed-in shell reads it on every answer and loads no zod;
 * `dict.ts` re-exports it beside the schemas.
 */

/**
 * The header of every `/api` answer carrying the dictionaries' version: a browser whose kept copy was made under
 * another version drops it (docs/decisions.md "Dictionaries are data").
 */
export const DICT_VERSION_HEADER = 'X-Dict-Version';
