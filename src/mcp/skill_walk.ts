// Copyright 2026 the skillscope authors. MIT license.
/**
 * The files of a remote skill whose listing is `"dynamic"`, found by walking
 * its directory resource (`resources/directory/read`) breadth first, bounded
 * whatever the server answers: directories visited, depth, queue length,
 * requests, bytes and time. Only URIs below the skill's own directory are
 * followed or kept.
 *
 * @module
 */
import {
  DIRECTORY_MIME_TYPE,
  SKILL_LIMITS,
} from "@modelcontextprotocol/client/ext/skills";
import { normalizeAssetPath } from "../shared/asset_path.ts";
import type { Connection } from "./mcp_connection.ts";

/** Limits of {@linkcode walkSkillDirectory}. */
export const WALK_LIMITS: Readonly<{
  directories: number;
  depth: number;
  queue: number;
  requests: number;
  bytes: number;
}> = Object.freeze({
  /** A skill holds at most this many files, so no more directories with one. */
  directories: SKILL_LIMITS.files,
  /** Path segments of a file, as deep as a skill on disk is listed. */
  depth: 6,
  /** Directories waiting to be read. */
  queue: SKILL_LIMITS.files,
  /** Requests, pages of a directory included. */
  requests: SKILL_LIMITS.files,
  /** All the answers together. */
  bytes: 8 * 1024 * 1024,
});

/**
 * The path of `uri` relative to the skill directory `base` (ending in `/`),
 * decoded; `undefined` when it is not strictly below it, or has a query, a
 * fragment, a bad escape, or an empty, `.` or `..` segment.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pathBelow } from "./skill_walk.ts";
 *
 * assert.equal(pathBelow("skill://a/", "skill://a/b%20c/d.md"), "b c/d.md");
 * assert.equal(pathBelow("skill://a/", "skill://a/../b/x.md"), undefined);
 * assert.equal(pathBelow("skill://a/", "skill://b/x.md"), undefined);
 * ```
 *
 * @param base The skill directory's URI, with its trailing `/`.
 * @param uri A URI the server gave.
 * @returns The normalized relative path, or `undefined`.
 */
export function pathBelow(base: string, uri: string): string | undefined {
  if (!uri.startsWith(base)) return undefined;
  const rest = uri.slice(base.length).replace(/\/$/, "");
  if (rest === "" || rest.includes("?") || rest.includes("#")) return undefined;
  let rel: string;
  try {
    rel = rest.split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
  return normalizeAssetPath(rel) === rel ? rel : undefined;
}

/**
 * The files below a skill's directory resource, as relative paths: breadth
 * first, stopping once more than `max` were found or a limit of
 * {@linkcode WALK_LIMITS} (or `timeout` for the whole walk) was reached.
 *
 * @param connection The open connection.
 * @param base The skill directory's URI, with its trailing `/`.
 * @param options `max` files wanted, `timeout` for the whole walk (ms).
 * @returns The paths (unsorted) and whether a limit cut the walk.
 */
export async function walkSkillDirectory(
  connection: Connection,
  base: string,
  options: { max: number; timeout: number },
): Promise<{ files: string[]; truncated: boolean }> {
  const { skills, limits } = connection;
  const deadline = Date.now() + options.timeout;
  using budget = limits.budget(WALK_LIMITS.bytes, WALK_LIMITS.requests);
  const files = new Set<string>();
  const seen = new Set<string>([""]);
  const queue: { uri: string; rel: string }[] = [{
    uri: base.replace(/\/$/, ""),
    rel: "",
  }];
  let visited = 0;
  let truncated = false;
  while (queue.length > 0 && files.size <= options.max) {
    const left = deadline - Date.now();
    if (visited >= WALK_LIMITS.directories || left <= 0) {
      truncated = true;
      break;
    }
    const dir = queue.shift()!;
    visited++;
    let resources: readonly { uri: string; mimeType?: string | undefined }[];
    try {
      ({ resources } = await skills.readDirectory(dir.uri, {
        timeout: left,
        headers: budget.headers,
      }));
    } catch (error) {
      if (budget.exceeded || Date.now() >= deadline) {
        truncated = true;
        break;
      }
      throw error;
    }
    for (const resource of resources) {
      const rel = pathBelow(base, resource.uri);
      // Refused: outside the skill, or not below the directory read.
      if (
        rel === undefined || (dir.rel !== "" && !rel.startsWith(`${dir.rel}/`))
      ) {
        continue;
      }
      if (resource.mimeType !== DIRECTORY_MIME_TYPE) {
        files.add(rel);
        continue;
      }
      if (seen.has(rel)) continue;
      if (
        rel.split("/").length >= WALK_LIMITS.depth ||
        queue.length >= WALK_LIMITS.queue
      ) {
        truncated = true;
        continue;
      }
      seen.add(rel);
      queue.push({ uri: resource.uri, rel });
    }
  }
  return { files: [...files], truncated };
}
