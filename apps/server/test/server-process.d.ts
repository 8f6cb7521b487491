import { type ChildProcess } from 'node:child_process';
export declare function freePort(): Promise<number>;
export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}
/**
 * Starts the real server as its own process on a free port with a fresh data folder (browser tests,
 * benchmarks, multi-instance tests). `env` adds to or overrides the defaults.
 */
export declare function startServerProcess(env?: Record<string, string>): Promise<ServerProcess>;
