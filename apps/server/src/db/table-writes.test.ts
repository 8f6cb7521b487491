import { describe, expect, it } from 'vitest';
import { cascadesOf } from './client.ts';
import * as schema from './schema.ts';
import { TableWrites } from './table-writes.ts';

const writtenBy = (statement: string) => {
  const writes = new TableWrites();
  writes.observe(statement);
  return ['certificates', 'level_evaluations', 'job', 'archives'].filter(
    (t) => !writes.unchangedSince(0, [t]),
  );
};

describe('TableWrites', () => {
  it('a read marks no table, a locking read neither', () => {
    expect(writtenBy('select "id" from "certificates" where "certificates"."company_id" = $1')).toEqual([]);
    expect(writtenBy('select * from "level_evaluations" where "id" = $1 limit $2 for update')).toEqual([]);
  });

  it('insert, update, delete and truncate mark their table, quoted or not, with a schema or not', () => {
    expect(writtenBy('insert into "certificates" ("id") values ($1)')).toEqual(['certificates']);
    expect(writtenBy('update "level_evaluations" set "status" = $1 where "id" = $2')).toEqual([
      'level_evaluations',
    ]);
    expect(writtenBy('  delete from archives where id = $1')).toEqual(['archives']);
    expect(writtenBy('INSERT INTO pgboss.job (name) VALUES ($1)')).toEqual(['job']);
    expect(writtenBy('truncate table "archives"')).toEqual(['archives']);
    expect(
      writtenBy('insert into "archives" ("id") values ($1) on conflict do update set "name" = $2'),
    ).toEqual(['archives']);
  });

  it('a write inside a with, or among several statements, marks its table', () => {
    expect(
      writtenBy('with d0 as (delete from "archives"), d1 as (delete from "certificates") select 1'),
    ).toEqual(['certificates', 'archives']);
    expect(writtenBy('select 1; update "certificates" set "status" = 2')).toEqual(['certificates']);
  });

  it('a table is unchanged since a mark until it is written after it', () => {
    const writes = new TableWrites();
    writes.observe('update "certificates" set "status" = 2');
    const mark = writes.now();
    expect(writes.unchangedSince(mark, ['certificates', 'archives'])).toBe(true);
    writes.observe('update "archives" set "status" = 1');
    expect(writes.unchangedSince(mark, ['certificates'])).toBe(true);
    expect(writes.unchangedSince(mark, ['certificates', 'archives'])).toBe(false);
  });

  it('a delete or truncate marks the tables its foreign keys cascade to, and theirs; an insert or update only its own', () => {
    const cascades = new Map([
      ['level_evaluations', ['level_evaluation_candidates', 'level_evaluation_score_changes']],
      ['level_evaluation_candidates', ['level_evaluation_score_changes']],
    ]);
    const marked = (statement: string) => {
      const writes = new TableWrites(cascades);
      writes.observe(statement);
      return ['level_evaluations', 'level_evaluation_candidates', 'level_evaluation_score_changes'].filter(
        (t) => !writes.unchangedSince(0, [t]),
      );
    };
    expect(marked('delete from "level_evaluation_candidates" where "id" = $1')).toEqual([
      'level_evaluation_candidates',
      'level_evaluation_score_changes',
    ]);
    expect(marked('truncate table "level_evaluations" cascade')).toEqual([
      'level_evaluations',
      'level_evaluation_candidates',
      'level_evaluation_score_changes',
    ]);
    expect(marked('update "level_evaluation_candidates" set "name" = $1')).toEqual([
      'level_evaluation_candidates',
    ]);
  });

  it("the schema's cascades: a deleted candidate takes its score changes, a deleted archive its items", () => {
    const cascades = cascadesOf(Object.values(schema));
    expect(cascades.get('level_evaluation_candidates')).toContain('level_evaluation_score_changes');
    expect(cascades.get('archives')).toContain('archive_items');
    expect(cascades.get('companies')).toEqual(expect.arrayContaining(['company_members', 'users']));
  });
});
