import { vi } from 'vitest';

/*
 * The server tests' time limits are failure detectors, not expectations. At load 15–22 on two cores (four sessions
 * at work) an API test took at most 20 s and a test file's start (a copy of the migrated database and the app) about
 * 17 s: the project's defaults are 60 s a test and 120 s a hook (vitest.config.ts). The limits below are for the long
 * kinds of work, each with what it took then.
 */

/**
 * Rendering certificates, backgrounds or scans in worker threads, the threads' start (fonts, canvas) included: up to
 * 110 s for a test of a batch.
 */
export const RENDERING_MS = 180_000;

/** Every test of the calling file renders: each gets the time rendering takes. Call it at the top of the file. */
export const allowRendering = (): void => {
  vi.setConfig({ testTimeout: RENDERING_MS, hookTimeout: RENDERING_MS });
};

/** Setting up an embedded database from nothing (initdb and every migration, twice in a test): up to 31 s at load 6. */
export const SETUP_MS = 120_000;

/** Every test of the calling file sets up embedded databases from nothing. Call it at the top of the file. */
export const allowDatabaseSetup = (): void => {
  vi.setConfig({ testTimeout: SETUP_MS });
};
