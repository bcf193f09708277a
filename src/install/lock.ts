// Copyright 2026 the skillscope authors. MIT license.
/**
 * The lockfile (`skills.lock`), the cross-process lock, and atomic writes.
 *
 * @module
 */
import { join } from "node:path";
import { InstallError } from "./errors.ts";

/** The lockfile's name inside a skills directory. */
export const LOCKFILE = "skills.lock";
/** The cross-process lock's name (hidden, so never discovered). */
export const PROCESS_LOCK = ".skillscope-lock";
/** Version of the lockfile format. */
export const LOCKFILE_VERSION = 1;

/** One installed skill in the lockfile. */
export interface LockEntry {
  /** The source as given to install (local paths made absolute). */
  readonly source: string;
  /** `"git"` or `"local"`. */
  readonly kind: "git" | "local";
  /** The git ref asked for, if any. */
  readonly ref?: string;
  /** The commit installed (git sources). */
  readonly commit?: string;
  /** The skill picked among several in the source (`--skill`). */
  readonly skill?: string;
  /** Tree hash (see `hash.ts`). */
  readonly hash: string;
  /** Per-file hashes, by relative path. */
  readonly files: Readonly<Record<string, string>>;
  /** When it was installed (ISO 8601). */
  readonly installedAt: string;
}

/** The lockfile. */
export interface Lockfile {
  /** Format version. */
  readonly lockfileVersion: number;
  /** Installed skills by name. */
  readonly skills: Readonly<Record<string, LockEntry>>;
}

/**
 * Reads `skills.lock` of a skills directory (an empty lockfile when absent).
 *
 * @param dir The skills directory.
 * @returns The lockfile.
 * @throws {InstallError} `lockfile-invalid` when it exists but is not a valid lockfile.
 */
export function readLockfileSync(dir: string): Lockfile {
  const path = join(dir, LOCKFILE);
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { lockfileVersion: LOCKFILE_VERSION, skills: {} };
    }
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InstallError(
      "lockfile-invalid",
      `${path} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const lock = data as Partial<Lockfile>;
  if (
    typeof data !== "object" || data === null ||
    lock.lockfileVersion !== LOCKFILE_VERSION ||
    typeof lock.skills !== "object" || lock.skills === null
  ) {
    throw new InstallError(
      "lockfile-invalid",
      `${path} is not a version ${LOCKFILE_VERSION} skills lockfile`,
    );
  }
  const skills: Record<string, LockEntry> = Object.create(null);
  for (const [name, entry] of Object.entries(lock.skills)) skills[name] = entry;
  return { lockfileVersion: LOCKFILE_VERSION, skills };
}

/**
 * JSON with object keys sorted at every level, two-space indented, ending
 * in a newline — stable diffs.
 *
 * @param value The value.
 * @returns The JSON text.
 */
export function stableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v).sort()) {
        out[key] = sort((v as Record<string, unknown>)[key]);
      }
      return out;
    }
    return v;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/**
 * Writes a file atomically: a temporary file beside it, flushed to disk,
 * then renamed over the target.
 *
 * @param path The target.
 * @param text The content.
 */
export function writeAtomicSync(path: string, text: string): void {
  const temp = `${path}.tmp-${crypto.randomUUID()}`;
  const file = Deno.openSync(temp, { write: true, createNew: true });
  try {
    const bytes = new TextEncoder().encode(text);
    let offset = 0;
    while (offset < bytes.length) {
      offset += file.writeSync(bytes.subarray(offset));
    }
    file.syncSync();
  } finally {
    file.close();
  }
  try {
    Deno.renameSync(temp, path);
  } catch (error) {
    Deno.removeSync(temp);
    throw error;
  }
}

/**
 * Writes the lockfile atomically.
 *
 * @param dir The skills directory.
 * @param lock The lockfile.
 */
export function writeLockfileSync(dir: string, lock: Lockfile): void {
  writeAtomicSync(join(dir, LOCKFILE), stableJson(lock));
}

/** Options of {@linkcode acquireLock}. */
export interface LockOptions {
  /** Give up after this long (ms). Default 30 000. */
  timeoutMs?: number;
  /**
   * A lock not refreshed for this long (ms) is taken over: its holder died.
   * Holders refresh it every third of this. Default 30 000.
   */
  staleMs?: number;
}

/** A held lock. */
export interface LockHandle {
  /** Marks the lock as still in use (call during long synchronous work). */
  touch(): void;
  /** Releases the lock. */
  release(): void;
}

/**
 * Takes the skills directory's cross-process lock: a file created with
 * exclusive create, refreshed while held. A lock whose holder is gone — no
 * `/proc/<pid>` where that can be checked, or not refreshed for `staleMs` —
 * is taken over.
 *
 * @param dir The skills directory.
 * @param options Timeout and staleness.
 * @returns The held lock.
 * @throws {InstallError} `locked` when the lock stays held past the timeout.
 */
export async function acquireLock(
  dir: string,
  options: LockOptions = {},
): Promise<LockHandle> {
  const path = join(dir, PROCESS_LOCK);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 30_000;
  const token = JSON.stringify({
    pid: Deno.pid,
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
  });
  const started = Date.now();
  for (let attempt = 0;; attempt++) {
    try {
      const file = Deno.openSync(path, { write: true, createNew: true });
      try {
        file.writeSync(new TextEncoder().encode(token));
      } finally {
        file.close();
      }
      let last = Date.now();
      const touch = (): void => {
        const now = Date.now();
        if (now - last < 250) return;
        last = now;
        try {
          Deno.utimeSync(path, new Date(now), new Date(now));
        } catch {
          // released or taken over
        }
      };
      const timer = setInterval(touch, Math.max(100, Math.floor(staleMs / 3)));
      Deno.unrefTimer(timer);
      return {
        touch,
        release(): void {
          clearInterval(timer);
          try {
            if (Deno.readTextFileSync(path) === token) Deno.removeSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
    const holder = readHolder(path);
    if (holder !== undefined && isStale(path, holder.pid, staleMs)) {
      try {
        if (Deno.readTextFileSync(path) === holder.raw) Deno.removeSync(path);
      } catch {
        // someone else took it over
      }
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      throw new InstallError(
        "locked",
        `${dir} is locked by process ${
          holder?.pid ?? "?"
        } (${path}); try again, or remove that file if no install is running`,
      );
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(200, 10 + attempt * 10) + Math.random() * 20)
    );
  }
}

function readHolder(path: string): { pid: number; raw: string } | undefined {
  let raw: string;
  try {
    raw = Deno.readTextFileSync(path);
  } catch {
    return undefined; // released meanwhile: just try again
  }
  try {
    const pid = Number(JSON.parse(raw).pid);
    return { pid: Number.isInteger(pid) ? pid : -1, raw };
  } catch {
    return { pid: -1, raw }; // being written right now, or garbage: judge by age
  }
}

function isStale(path: string, pid: number, staleMs: number): boolean {
  if (pid > 0 && pid !== Deno.pid && Deno.build.os === "linux") {
    const proc = `/proc/${pid}`;
    if (
      Deno.permissions.querySync({ name: "read", path: proc }).state ===
        "granted"
    ) {
      try {
        Deno.statSync(proc);
        return false; // alive
      } catch (error) {
        // Only "no such process" proves it dead; anything else (Deno may refuse
        // /proc without --allow-all) falls back to the lock's age.
        if (error instanceof Deno.errors.NotFound) return true;
      }
    }
  }
  try {
    const mtime = Deno.statSync(path).mtime?.getTime() ?? Date.now();
    return Date.now() - mtime > staleMs;
  } catch {
    return false;
  }
}
