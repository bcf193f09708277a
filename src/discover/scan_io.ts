// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a scan and its driver exchange: the pauses a scan yields, the one
 * seam it lists directories (and reads heads ahead) through, the root the
 * driver opened before it, and what the loading steps of one scan share.
 *
 * @module
 */
import type { NamedFiles, ReadAhead } from "./parallel/read_ahead.ts";
import type { Deferred } from "./parser_results.ts";
import type { DirectorySource } from "./sources.ts";
import type { Diagnostic, Skill, SkillOrigin } from "../shared/types.ts";

/**
 * What a scan yields: a pause. `undefined`: a caller with an event loop may
 * give it a turn here; a promise: the scan goes on once it settles (a
 * directory being listed off the event loop). A synchronous caller's lister
 * never makes one, so it just drains the scan.
 */
export type Pause = undefined | Promise<void>;

/**
 * The one seam between a scan and its driver: how it lists a directory, and
 * (an async driver asked for `readAhead` only) how it reads `SKILL.md` heads
 * ahead on a worker. The synchronous driver lists at once; the async one
 * lists a large directory off the event loop.
 */
export interface ScanIo {
  /** Lists a directory: at once, or by a promise the scan pauses on. */
  list(dir: string): Deno.DirEntry[] | Promise<Deno.DirEntry[]>;
  /**
   * Starts reading the heads of these files ahead of the scan: a promise of
   * the session (settled in a later turn), or `undefined` where there is none.
   */
  readAhead?(files: NamedFiles): Promise<ReadAhead | undefined> | undefined;
}

/** A directory source's root, opened before its scan. */
export interface OpenedRoot {
  /** The root's real path, or `undefined` when it is skipped. */
  readonly canonicalRoot: string | undefined;
  /** Why it is skipped, if it is. */
  readonly diagnostics: readonly Diagnostic[];
  /** The root's stamp. */
  readonly stamps: ReadonlyMap<string, number>;
}

/** What the loading steps of one scan share: the source, its origin, and what they collect. */
export interface LoadContext {
  readonly source: DirectorySource;
  readonly origin: SkillOrigin;
  /** Diagnostics in report order; a deferred skill's go in its place. */
  readonly diagnostics: (Diagnostic | Deferred)[];
  readonly stamps: Map<string, number>;
  /**
   * Takes a loaded (or deferred) skill at its relative path: the scan keeps
   * it, or, where the driver streams a flat root, hands it on at once.
   */
  readonly take: (rel: string, skill: Skill | Deferred) => void;
  /** Record modification times for stat revalidation (costs a stat per directory). */
  readonly wantStamps: boolean;
  /** The driver's I/O. */
  readonly io: ScanIo;
}
