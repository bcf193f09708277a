// Copyright 2026 the skillscope authors. MIT license.
/**
 * Copying a skill directory into staging, refusing links that leave it and special files, hashing each file.
 *
 * @module
 */
import { join } from "../shared/path.ts";
import { isInside } from "../shared/containment.ts";
import {
  parentOf,
  type SkillTreeEntry,
  UndecodableNameError,
  walkSkillTree,
} from "../shared/skill_tree.ts";
import { readCheckedSync } from "../shared/checked_read.ts";
import { escapeTerminal } from "../shared/escape.ts";
import { InstallError } from "./errors.ts";
import { hashBytes } from "./hash.ts";
import { FoldedPaths } from "./fold_collision.ts";
import type { InstallFs } from "./options.ts";

/** Copies a skill directory to `to` (or, without `to`, only checks and hashes it), refusing anything unsafe; returns per-file hashes. */
export function copyTree(
  from: string,
  to: string | undefined,
  context: {
    fs: InstallFs;
    progress: (message: string) => void;
    touch: () => void;
    /** Real path of a directory never copied (the skills directory itself). */
    skip: string;
    maxFiles: number;
    maxBytes: number;
    /** How a refusal names the skill and its source (`"pdf" from URL`). */
    what?: string;
  },
): Record<string, string> {
  const { fs, progress, touch, skip, maxFiles, maxBytes } = context;
  const what = context.what ?? `at ${JSON.stringify(from)}`;
  const tooLarge = (rel: string): InstallError =>
    new InstallError(
      "too-large",
      escapeTerminal(
        `The skill ${what} is larger than ${maxBytes} bytes (at "${rel}")`,
      ),
    );
  const realRoot = Deno.realPathSync(from);
  // Two paths that are one file on macOS or Windows are refused everywhere.
  const folded = new FoldedPaths(`the skill ${what}`);
  const files: Record<string, string> = {};
  let count = 0;
  let bytes = 0;
  if (to !== undefined) Deno.mkdirSync(to);
  // Without `to`, nothing is written: the same checks and hashes, a dry run.
  // A source that contains the skills directory (a repository root installed
  // into its own .agents/skills) must not copy it into itself.
  const skipped = (entry: SkillTreeEntry) =>
    entry.kind === "directory" && Deno.realPathSync(entry.path) === skip;
  for (
    const entry of walkSkillTree(from, { enter: (e) => !skipped(e) })
  ) {
    const out = to === undefined ? undefined : join(to, entry.rel);
    if (entry.kind !== "undecodable") folded.add(entry.rel);
    let info: Deno.FileInfo;
    if (entry.kind === "symlink") {
      const link = entry.resolved;
      if (link === undefined) {
        throw new InstallError(
          "unsafe-file",
          `Refusing to install: "${entry.rel}" is a dangling or looping symlink`,
        );
      }
      if (!isInside(realRoot, link.real, { resolved: true })) {
        throw new InstallError(
          "unsafe-file",
          `Refusing to install: "${entry.rel}" is a symlink leading outside the skill (${link.real})`,
        );
      }
      if (link.info.isDirectory) {
        throw new InstallError(
          "unsafe-file",
          `Refusing to install: "${entry.rel}" is a symlinked directory`,
        );
      }
      info = link.info;
    } else if (entry.kind === "directory") {
      if (out !== undefined && !skipped(entry)) Deno.mkdirSync(out);
      continue;
    } else if (entry.kind === "undecodable") {
      throw new UndecodableNameError(parentOf(entry));
    } else {
      info = Deno.lstatSync(entry.path);
    }
    const src = entry.path;
    const childRel = entry.rel;
    if (!info.isFile) {
      throw new InstallError(
        "unsafe-file",
        `Refusing to install: "${childRel}" is not a regular file`,
      );
    }
    if (++count > maxFiles) {
      throw new InstallError(
        "too-large",
        escapeTerminal(`The skill ${what} has more than ${maxFiles} files`),
      );
    }
    bytes += info.size;
    if (bytes > maxBytes) throw tooLarge(childRel);
    // Read from the descriptor that was checked, never blocking: a FIFO or
    // another file swapped in after the walk is refused, not copied.
    const data = readCheckedSync(
      src,
      info,
      maxBytes,
      () => tooLarge(childRel),
    );
    if (out !== undefined) {
      try {
        fs.writeFile(
          out,
          data,
          info.mode === null ? undefined : info.mode & 0o777,
        );
      } catch (error) {
        throw new InstallError(
          "io-failed",
          `Cannot write ${out}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    files[childRel] = hashBytes(data);
    touch();
    if (count % 500 === 0) progress(`Copied ${count} files…`);
  }
  return files;
}
