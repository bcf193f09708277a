// Copyright 2026 the skillscope authors. MIT license.
/**
 * What a scan and its driver exchange: the pauses a scan yields, and how it
 * lists directories.
 *
 * @module
 */
import type { NamedFiles, ReadAhead } from "./parallel/read_ahead.ts";
import type { Diagnostic, Skill } from "../shared/types.ts";
import type { Deferred } from "./parser_results.ts";
import type { DirectorySource } from "./sources.ts";

/**
 * What a scan yields: a pause. `undefined`: a caller with an event loop may
 * give it a turn here; a promise: the scan goes on once it settles (a
 * directory being listed off the event loop). A synchronous caller's lister
 * never makes one, so it just drains the scan.
 */
export type Pause = undefined | Promise<void>;

/** A root opened ahead of its scan: what `openRoot` found. */
export interface OpenedRoot {
  /** The root's real path, or `undefined` when it is skipped. */
  readonly canonicalRoot: string | undefined;
  /** Why it is skipped, if it is. */
  readonly diagnostics: readonly Diagnostic[];
  /** The root's stamp. */
  readonly stamps: ReadonlyMap<string, number>;
}

/** What the driver gives a scan. */
export interface ScanIo {
  /** Lists a directory: at once, or by a promise the scan pauses on. */
  readonly list: (dir: string) => Deno.DirEntry[] | Promise<Deno.DirEntry[]>;
  /** Told when a skill is deferred to the full YAML parser (the async driver starts loading it). */
  readonly onDeferred?: (() => void) | undefined;
  /**
   * Where a driver that streams takes each skill of a flat root at once, in
   * order (the scan then keeps none of them); a recursive root's skills come
   * in the scan's result, as without it.
   */
  readonly emit?: ((skill: Skill | Deferred) => void) | undefined;
  /**
   * Roots the driver has opened already (`openRoots`): their scans
   * use what was found then, and never throw for their root.
   */
  readonly opened?: ReadonlyMap<DirectorySource, OpenedRoot> | undefined;
  /**
   * Starts reading the heads of these `SKILL.md` files ahead of the scan
   * (on a worker): a promise of the session, settled in a later turn, or
   * `undefined` where there is none; only an async driver gives one.
   */
  readonly readAhead?:
    | ((files: NamedFiles) => Promise<ReadAhead | undefined> | undefined)
    | undefined;
}
