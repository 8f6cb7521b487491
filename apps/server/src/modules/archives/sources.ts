import type { Readable } from 'node:stream';
import type { ArchiveKindValue, ArchiveTimelineItem, ArchiveVolumeValue } from '@skill-cert/shared/archives';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import type { UserRow } from '../users/service.ts';
import type { archives } from './tables.ts';

export type ArchiveRecord = typeof archives.$inferSelect;

/** A document the source produces from its records: its key (in the URL), volume and file name with extension. */
export interface GeneratedDocument {
  key: string;
  volume: ArchiveVolumeValue;
  name: string;
  format: 'xlsx' | 'pdf';
}

/** What the archive's routes give a source: the app, the archive, the caller. */
export interface ArchiveContext {
  app: FastifyInstance;
  archive: ArchiveRecord;
  own: CompanyScope;
  user: UserRow;
}

/** The source's state as the list and the detail show it, and the volumes its generated documents fill now. */
export interface SourceState {
  status: number;
  statusText: string;
  filled: ReadonlySet<ArchiveVolumeValue>;
}

/**
 * What an archive reads of what it is the archive of (an evaluation plan, an offline batch): one per kind,
 * written by the module that owns the source and registered in app.ts (`archiveSourcesPlugin`). Generated
 * documents are produced here at each request from the records, never stored.
 */
export interface ArchiveSource {
  kind: ArchiveKindValue;
  /**
   * The source's state, read beside the archive's row (the list reads a page and its sources' states in one
   * statement): `values` is a scalar subquery of the archive's source id answering an array of integers (null when
   * the source is gone), `read` what the list and the detail show of them.
   */
  state: {
    values(sourceId: AnyPgColumn): SQL<number[] | null>;
    read(values: readonly number[]): SourceState;
    /** The tables `values` reads: a cached page of the list holds until one of them is written. */
    tables: readonly string[];
  };
  /** The generated documents that exist now, in volume order. */
  documents(ctx: ArchiveContext): Promise<GeneratedDocument[]>;
  /**
   * One generated document's bytes (a stream for the large ones, rows read a page at a time), or null when it
   * does not exist now. `signal`: the client went away.
   */
  produce(ctx: ArchiveContext, key: string, signal: AbortSignal): Promise<Readable | Uint8Array | null>;
  /** The source's own timeline steps (oldest first); the archive adds its own. */
  timeline(ctx: ArchiveContext): Promise<ArchiveTimelineItem[]>;
  /** Why the archive cannot be sealed now (Chinese), or null. */
  sealBlocked(ctx: ArchiveContext): Promise<string | null>;
  /**
   * Inside the seal's transaction (use `tx`, never `ctx.app.db`): the source, locked, moves to its archived state
   * (a plan to 7 已归档), or refuses with a 400 naming why (the reason `sealBlocked` gives).
   */
  seal(tx: DbOrTx, ctx: ArchiveContext): Promise<void>;
}

/** The archive sources by kind. */
export class ArchiveSources {
  readonly #byKind: Map<ArchiveKindValue, ArchiveSource>;
  constructor(sources: ArchiveSource[]) {
    this.#byKind = new Map(sources.map((s) => [s.kind, s]));
  }
  /** Every table the sources' states read. */
  get stateTables(): string[] {
    return [...new Set([...this.#byKind.values()].flatMap((s) => s.state.tables))];
  }
  /** The state's values of an archive's source, whatever its kind, as SQL beside the archive's row. */
  stateValues(kind: AnyPgColumn, sourceId: AnyPgColumn): SQL<number[] | null> {
    const cases = [...this.#byKind.values()].map(
      (s) => sql`when ${sql`${kind}`} = ${s.kind} then ${s.state.values(sourceId)}`,
    );
    return sql<number[] | null>`(case ${sql.join(cases, sql` `)} end)`;
  }
  /** The state of a source of `kind` from its values; none when the source is gone. */
  stateOf(kind: ArchiveKindValue, values: readonly number[] | null): SourceState | undefined {
    return values ? this.of(kind).state.read(values) : undefined;
  }
  of(kind: ArchiveKindValue): ArchiveSource {
    const source = this.#byKind.get(kind);
    if (!source) throw new Error(`archive source ${kind} is not registered`);
    return source;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    archiveSources: ArchiveSources;
  }
}

/** The kinds of archive and what each is the archive of, registered in one place (app.ts). */
export const archiveSourcesPlugin = fp<{ sources: ArchiveSource[] }>(
  async (app, { sources }) => {
    app.decorate('archiveSources', new ArchiveSources(sources));
  },
  { name: 'archive-sources' },
);
