// Copyright 2026 the skillscope authors. MIT license.
/**
 * Which agents are installed on this machine: those whose own directory
 * (`~/.claude`, `~/.codex`, `~/.config/opencode`, …, the `detect` entry of
 * the client table) exists. Reads nothing but the existence of those paths,
 * each only after Deno grants reading it; the caller hands in the home
 * directory and an environment reader that has checked its permission.
 *
 * @module
 */
import { CLIENT_TABLE, type ClientEntry } from "./clients_table.ts";
import type { ClientName } from "./client_profile.ts";
import { rootPath } from "./client_roots.ts";

/**
 * An agent found on this machine, and the directory that gave it away.
 *
 * @example Usage
 * ```ts
 * import type { DetectedClient } from "./detect_clients.ts";
 * import assert from "node:assert/strict";
 *
 * const found: DetectedClient = { client: "claude", path: "/home/me/.claude" };
 * assert.equal(found.client, "claude");
 * ```
 */
export interface DetectedClient {
  /** The table's name for it. */
  readonly client: ClientName;
  /** The first of its `detect` directories that exists. */
  readonly path: string;
}

/**
 * Where {@linkcode detectClients} looks: the home directory, an environment
 * reader, and the project directories (for the few agents a project file
 * gives away), none when the project is not trusted.
 *
 * @example Usage
 * ```ts
 * import type { DetectContext } from "./detect_clients.ts";
 * import assert from "node:assert/strict";
 *
 * const context: DetectContext = { home: "/home/me", env: () => undefined, projectDirs: [] };
 * assert.equal(context.home, "/home/me");
 * ```
 */
export interface DetectContext {
  /** The home directory, if known. */
  readonly home: string | undefined;
  /** Reads an environment variable (after checking its permission); `undefined` when unset. */
  readonly env: (name: string) => string | undefined;
  /** Project directories, deepest first. */
  readonly projectDirs: readonly string[];
  /** A directory standing in for `/` under absolute paths (see `rootPath`). */
  readonly systemRoot?: string | undefined;
}

/**
 * The agents of the client table installed here, in table order: each one
 * whose `detect` directory exists (its first existing one is reported). A
 * path Deno may not read counts as absent: nothing is requested.
 *
 * @example Usage
 * ```ts
 * import { detectClients } from "./detect_clients.ts";
 * import assert from "node:assert/strict";
 *
 * const home = await Deno.makeTempDir();
 * await Deno.mkdir(`${home}/.claude`);
 * const found = detectClients({ home, env: () => undefined, projectDirs: [] });
 * assert.deepEqual(found.find((d) => d.path.startsWith(home)), {
 *   client: "claude",
 *   path: `${home}/.claude`,
 * });
 * ```
 *
 * @param context The home directory, an environment reader and the project directories.
 * @returns The agents found.
 */
export function detectClients(context: DetectContext): DetectedClient[] {
  const found: DetectedClient[] = [];
  for (const [name, entry] of Object.entries(CLIENT_TABLE)) {
    const paths = (entry as ClientEntry).detect?.value ?? [];
    for (const path of candidatePaths(paths, context)) {
      if (exists(path)) {
        found.push({ client: name as ClientName, path });
        break;
      }
    }
  }
  return found;
}

/** Every place a `detect` list names here: home and variable paths, then each project's. */
function candidatePaths(
  paths: readonly string[],
  context: DetectContext,
): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const relative = !/^[~$/]/.test(path);
    const dirs = relative ? context.projectDirs : [undefined];
    for (const projectDir of dirs) {
      const absolute = rootPath(
        relative
          ? { scope: "project", path, source: "" }
          : { scope: "user", path: [path], source: "" },
        {
          projectDir,
          home: context.home,
          env: context.env,
          systemRoot: context.systemRoot,
        },
      );
      if (absolute !== undefined) out.push(absolute);
    }
  }
  return out;
}

function exists(path: string): boolean {
  if (
    Deno.permissions.querySync({ name: "read", path }).state !== "granted"
  ) return false;
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
