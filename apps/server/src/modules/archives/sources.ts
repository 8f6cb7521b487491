import type { Readable } from 'node:stream';
import type { ArchiveKindValue, ArchiveTimelineItem, ArchiveVolumeValue } from '@skill-cert/shared/archive';
import type { FastifyInstance } from 'fastify';
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
 * registered by the module that owns the source (`defineArchiveSource`). Generated documents are produced here
 * at each request from the records, never stored.
 */
export interface ArchiveSource {
  /** The sources' states, by source id (one call for a page of the list). */
  states(db: DbOrTx, sourceIds: string[]): Promise<Map<string, SourceState>>;
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

const sources = new Map<ArchiveKindValue, ArchiveSource>();

/** Registers the source of a kind of archive (at module load, like `defineLibrarySource`). */
export function defineArchiveSource(kind: ArchiveKindValue, source: ArchiveSource): void {
  sources.set(kind, source);
}

export function archiveSource(kind: ArchiveKindValue): ArchiveSource {
  const source = sources.get(kind);
  if (!source) throw new Error(`archive source ${kind} is not registered`);
  return source;
}
