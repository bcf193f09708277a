// Copyright 2026 the skillscope authors. MIT license.
/**
 * Copying a skill directory into staging, refusing links that leave it and special files, hashing each file.
 *
 * @module
 */
import { join } from "node:path";
import { isInside } from "../shared/containment.ts";
import { InstallError } from "./errors.ts";
import { hashBytes } from "./hash.ts";
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
  },
): Record<string, string> {
  const { fs, progress, touch, skip, maxFiles, maxBytes } = context;
  const realRoot = Deno.realPathSync(from);
  const files: Record<string, string> = {};
  let count = 0;
  let bytes = 0;
  if (to !== undefined) Deno.mkdirSync(to);
  // Without `to`, nothing is written: the same checks and hashes, a dry run.
  const walk = (abs: string, dest: string | undefined, rel: string): void => {
    const entries = [...Deno.readDirSync(abs)].sort((
      a,
      b,
    ) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name === ".git") continue;
      const src = join(abs, entry.name);
      const out = dest === undefined ? undefined : join(dest, entry.name);
      const childRel = rel === "" ? entry.name : `${rel}/${entry.name}`;
      let info = Deno.lstatSync(src);
      if (info.isSymlink) {
        let real: string;
        try {
          real = Deno.realPathSync(src);
        } catch {
          throw new InstallError(
            "unsafe-file",
            `Refusing to install: "${childRel}" is a dangling or looping symlink`,
          );
        }
        if (!isInside(realRoot, real, { resolved: true })) {
          throw new InstallError(
            "unsafe-file",
            `Refusing to install: "${childRel}" is a symlink leading outside the skill (${real})`,
          );
        }
        info = Deno.statSync(src);
        if (info.isDirectory) {
          throw new InstallError(
            "unsafe-file",
            `Refusing to install: "${childRel}" is a symlinked directory`,
          );
        }
      }
      if (info.isDirectory) {
        // A source that contains the skills directory (a repository root
        // installed into its own .agents/skills) must not copy it into itself.
        if (Deno.realPathSync(src) === skip) continue;
        if (out !== undefined) Deno.mkdirSync(out);
        walk(src, out, childRel);
        continue;
      }
      if (!info.isFile) {
        throw new InstallError(
          "unsafe-file",
          `Refusing to install: "${childRel}" is not a regular file`,
        );
      }
      if (++count > maxFiles) {
        throw new InstallError(
          "too-large",
          `The skill has more than ${maxFiles} files`,
        );
      }
      bytes += info.size;
      if (bytes > maxBytes) {
        throw new InstallError(
          "too-large",
          `The skill is larger than ${maxBytes} bytes`,
        );
      }
      const data = Deno.readFileSync(src);
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
  };
  walk(from, to, "");
  return files;
}
