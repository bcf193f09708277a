// Copyright 2026 the skillscope authors. MIT license.
// Test helpers for attacks by a cloned project: a real git repository
// (symlinks included) cloned into a temporary HOME, and a snapshot of every
// path to prove that nothing outside the project changed.
import { join } from "node:path";
import { gitRepo, sh } from "./_git.ts";

/** A hostile repository cloned into `tmp/home/proj`; HOME is `tmp/home`. */
export interface ClonedProject {
  /** The temporary HOME. */
  readonly home: string;
  /** The clone, inside HOME. */
  readonly project: string;
}

/**
 * Commits `files` and `links` (relative path → symlink text) to a real git
 * repository and clones it into `tmp/home/proj`, as a user would.
 */
export async function clonedProject(
  tmp: string,
  files: Record<string, string>,
  links: Record<string, string> = {},
): Promise<ClonedProject> {
  const repo = join(tmp, "upstream");
  await gitRepo(repo, files);
  if (Object.keys(links).length > 0) {
    for (const [path, text] of Object.entries(links)) {
      await Deno.symlink(text, join(repo, path));
    }
    await sh("git", ["add", "-A"], repo);
    await sh("git", ["commit", "-q", "-m", "links"], repo);
  }
  const home = join(tmp, "home");
  await Deno.mkdir(home, { recursive: true });
  const project = join(home, "proj");
  await sh("git", ["clone", "-q", repo, project]);
  return { home, project };
}

/**
 * Every path below `root` except those below `skip`: its type, a file's
 * content, a symlink's text. Equal snapshots = nothing was written, moved,
 * linked or deleted there.
 */
export async function treeSnapshot(
  root: string,
  skip: readonly string[] = [],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (path: string): Promise<void> => {
    if (skip.includes(path)) return;
    const info = await Deno.lstat(path);
    if (info.isSymlink) out[path] = `link ${await Deno.readLink(path)}`;
    else if (info.isFile) out[path] = `file ${await Deno.readTextFile(path)}`;
    else if (info.isDirectory) {
      out[path] = "dir";
      for await (const entry of Deno.readDir(path)) {
        await walk(join(path, entry.name));
      }
    } else out[path] = "other";
  };
  await walk(root);
  return out;
}
