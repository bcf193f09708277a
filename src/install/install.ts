// Copyright 2026 the skillscope authors. MIT license.
/**
 * Installing skills from a local directory or a git repository into a
 * skills directory, with a content-hash lockfile: install, update, remove,
 * verify, info.
 *
 * @module
 */
import { join, resolve, sep } from "node:path";
import { discoverSync } from "../discover/discover.ts";
import { PermissionDeniedError, SkillParseError } from "../shared/errors.ts";
import { readFrontmatterSync } from "../parse/frontmatter.ts";
import { analyzeFrontmatter } from "../parse/skill_md.ts";
import { assertReadPermission } from "../shared/permissions.ts";
import { directorySource } from "../discover/sources.ts";
import {
  existsSync as exists,
  isFileSync as isFile,
} from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";
import { git, type GitRunner, runGit } from "./git.ts";
import { hashBytes, hashDirectorySync, treeHash } from "./hash.ts";
import { clearJournalSync, recoverSync, writeJournalSync } from "./journal.ts";
import {
  type LockEntry,
  type Lockfile,
  readLockfileSync,
  writeLockfileSync,
} from "./lockfile.ts";
import { acquireLock, type LockOptions } from "./mutex.ts";
import { type DirIdentity, dirIdentitySync, workName } from "./owner.ts";
import {
  formatInstallSource,
  type InstallSource,
  parseInstallSource,
  stripCredentials,
} from "./install_source.ts";
import { isValidSkillName } from "../parse/fields.ts";

/** The file operations install uses; replaceable to inject faults in tests. */
export interface InstallFs {
  /** Writes a file. */
  writeFile(path: string, data: Uint8Array, mode: number | undefined): void;
  /** Renames a path. */
  rename(from: string, to: string): void;
}

const realFs: InstallFs = {
  writeFile(path, data, mode): void {
    Deno.writeFileSync(path, data, mode === undefined ? {} : { mode });
  },
  rename(from, to): void {
    Deno.renameSync(from, to);
  },
};

/** Options shared by install, update and remove. */
export interface CommonInstallOptions extends LockOptions {
  /** The git runner (default: the `git` executable). */
  git?: GitRunner;
  /** Longest a git command may run (ms). Default 120 000. */
  gitTimeoutMs?: number;
  /** Progress messages (cloning, copying). */
  onProgress?: (message: string) => void;
  /** File operations (for fault injection). */
  fs?: InstallFs;
  /**
   * Caps on one skill: files (default 10 000) and bytes (default 200 MiB).
   * For git sources they are enforced on the fetched tree before checkout.
   */
  limits?: { maxFiles?: number; maxBytes?: number };
}

/** Options of {@linkcode install}. */
export interface InstallOptions extends CommonInstallOptions {
  /** A local path, or a git URL with optional `#ref` and `:sub/path`. */
  source: string;
  /** The skills directory to install into. */
  dir: string;
  /** Replace a skill installed from another source, or a directory not in the lockfile. */
  force?: boolean;
  /** Which skill to take when the source holds several. */
  skill?: string;
  /**
   * The name the installed skill must have (what `update NAME` passes): a
   * source whose skill was renamed upstream is refused with `name-changed`
   * instead of being installed beside the old one.
   */
  expectedName?: string;
}

/** What {@linkcode install} did. */
export interface InstallResult {
  /** The skill's name (its directory name in the skills directory). */
  readonly name: string;
  /** Where it is now. */
  readonly dir: string;
  /** `installed` (new), `updated` (content changed) or `unchanged`. */
  readonly status: "installed" | "updated" | "unchanged";
  /** The tree hash now. */
  readonly hash: string;
  /** The tree hash before, for an update. */
  readonly previousHash?: string;
  /** The source, as recorded in the lockfile. */
  readonly source: string;
  /** The commit installed (git sources). */
  readonly commit?: string;
  /** Notes, e.g. an interrupted operation that was recovered first. */
  readonly notes: readonly string[];
}

const MAX_FILES = 10_000;
const MAX_BYTES = 200 * 1024 * 1024;

function limitsOf(
  options: CommonInstallOptions,
): { maxFiles: number; maxBytes: number } {
  return {
    maxFiles: options.limits?.maxFiles ?? MAX_FILES,
    maxBytes: options.limits?.maxBytes ?? MAX_BYTES,
  };
}
const SCAN_DEPTH = 4;

/**
 * Installs one skill into a skills directory. Copies the whole skill
 * directory (never `.git`), refuses symlinks leading outside it and special
 * files, validates the name (a safe single path segment, valid by the
 * specification) and the description, stages the copy inside the target
 * directory, renames it into place, and records it in `skills.lock`. Never
 * runs anything it fetched.
 *
 * @example Install from a local directory
 * ```ts ignore
 * import { install } from "@skillscope/skills/install";
 *
 * const result = await install({ source: "./fixtures/skills/pdf-tools", dir: "/tmp/my-skills" });
 * console.log(result.status, result.hash);
 * ```
 *
 * @param options Source, target directory, force, skill, git runner.
 * @returns What was installed.
 * @throws {InstallError} for refused sources, invalid skills, clashes and git failures.
 * @throws {PermissionDeniedError} when read, write or run permission is missing.
 */
export async function install(options: InstallOptions): Promise<InstallResult> {
  const parsed = parseInstallSource(options.source);
  const dir = resolve(options.dir);
  assertWritable(dir);
  if (parsed.kind === "local") assertReadPermission(parsed.path);
  Deno.mkdirSync(dir, { recursive: true });
  const identity = dirIdentitySync(dir);
  const lock = await acquireLock(dir, options);
  try {
    const notes = recoverSync(dir, identity);
    return await installLocked(
      parsed,
      dir,
      identity,
      options,
      notes,
      lock.touch,
    );
  } finally {
    lock.release();
  }
}

async function installLocked(
  parsed: InstallSource,
  dir: string,
  identity: DirIdentity,
  options: InstallOptions,
  notes: string[],
  touch: () => void,
): Promise<InstallResult> {
  const fs = options.fs ?? realFs;
  const progress = options.onProgress ?? (() => {});
  const work: string[] = [];
  try {
    let root: string;
    let commit: string | undefined;
    let source: InstallSource = parsed;
    if (parsed.kind === "local") {
      root = resolve(parsed.path);
      source = { kind: "local", path: root };
      try {
        if (!Deno.statSync(root).isDirectory) {
          throw new InstallError(
            "source-missing",
            `Source "${root}" is not a directory`,
          );
        }
      } catch (error) {
        if (error instanceof InstallError) throw error;
        throw new InstallError(
          "source-missing",
          `Source "${root}" does not exist`,
        );
      }
    } else {
      const clone = join(dir, workName(identity, "clone"));
      work.push(clone);
      progress(
        `Fetching ${stripCredentials(parsed.url)}${
          parsed.ref ? ` (${parsed.ref})` : ""
        }…`,
      );
      commit = await fetchGit(parsed, clone, options);
      root = parsed.subpath === undefined ? clone : join(clone, parsed.subpath);
    }
    const skillDir = locateSkill(
      root,
      options.skill,
      stripCredentials(formatInstallSource(parsed)),
    );
    const name = validateSkill(skillDir);
    if (options.expectedName !== undefined && name !== options.expectedName) {
      throw new InstallError(
        "name-changed",
        `The source now holds a skill named "${name}", not "${options.expectedName}"; nothing was changed (install it under its new name with "skillscope install", then remove "${options.expectedName}")`,
      );
    }

    const lock = readLockfileSync(dir);
    const final = join(dir, name);
    const previous = lock.skills[name];
    const sourceText = stripCredentials(formatInstallSource(source));
    const present = exists(final);
    if (present && !previous && !options.force) {
      throw new InstallError(
        "unlocked-directory",
        `${final} exists but was not installed by skillscope; use --force to replace it`,
      );
    }
    if (previous && previous.source !== sourceText && !options.force) {
      throw new InstallError(
        "clash",
        `Skill "${name}" is already installed from ${previous.source}; use --force to replace it with ${sourceText}`,
      );
    }

    const stage = workName(identity, "stage");
    work.push(join(dir, stage));
    const files = copyTree(skillDir, join(dir, stage), {
      fs,
      progress,
      touch,
      skip: Deno.realPathSync(dir),
      ...limitsOf(options),
    });
    const { hash, files: fileHashes } = treeHash(files);
    const entry: LockEntry = {
      source: sourceText,
      kind: source.kind,
      ...(source.kind === "git" && source.ref !== undefined
        ? { ref: source.ref }
        : {}),
      ...(commit === undefined ? {} : { commit }),
      ...(options.skill === undefined ? {} : { skill: options.skill }),
      hash,
      files: fileHashes,
      installedAt: new Date().toISOString(),
    };
    const base = {
      name,
      dir: final,
      hash,
      source: sourceText,
      ...(commit === undefined ? {} : { commit }),
      notes,
    };
    const onDisk = previous && present && previous.hash === hash
      ? hashDirectorySync(final).hash
      : undefined;
    if (onDisk === hash && previous?.source === sourceText) {
      if (previous!.commit !== commit) {
        writeLockfileSync(
          dir,
          identity,
          withEntry(lock, name, {
            ...previous!,
            ...(commit ? { commit } : {}),
          }),
        );
      }
      return { ...base, status: "unchanged", previousHash: hash };
    }

    const backup = workName(identity, "old");
    writeJournalSync(dir, identity, {
      op: "install",
      name,
      stage,
      backup,
      entry,
    });
    if (present) fs.rename(final, join(dir, backup));
    fs.rename(join(dir, stage), final);
    writeLockfileSync(
      dir,
      identity,
      withEntry(readLockfileSync(dir), name, entry),
    );
    if (present) Deno.removeSync(join(dir, backup), { recursive: true });
    clearJournalSync(dir);
    return {
      ...base,
      status: previous && present ? "updated" : "installed",
      ...(previous ? { previousHash: previous.hash } : {}),
    };
  } catch (error) {
    // Leave the old state: undo a half-done swap now rather than at the next run.
    try {
      notes.push(...recoverSync(dir, identity));
    } catch {
      // the next operation will recover
    }
    throw error;
  } finally {
    for (const path of work) {
      try {
        Deno.removeSync(path, { recursive: true });
      } catch {
        // already moved or removed
      }
    }
  }
}

function withEntry(lock: Lockfile, name: string, entry: LockEntry): Lockfile {
  return { ...lock, skills: { ...lock.skills, [name]: entry } };
}

async function fetchGit(
  source: InstallSource & { kind: "git" },
  clone: string,
  options: CommonInstallOptions,
): Promise<string> {
  const runner = options.git ?? runGit;
  const timeoutMs = options.gitTimeoutMs ?? 120_000;
  await git(runner, ["init", "--quiet", "--", clone], { timeoutMs });
  await git(
    runner,
    [
      "-C",
      clone,
      "fetch",
      "--quiet",
      "--depth",
      "1",
      "--no-tags",
      "--",
      source.url,
      source.ref ?? "HEAD",
    ],
    { timeoutMs },
  );
  // FETCH_HEAD records the URL as given, credentials included.
  const fetched = (await git(runner, [
    "-C",
    clone,
    "rev-parse",
    "--verify",
    "FETCH_HEAD^{commit}",
  ], { timeoutMs })).trim();
  try {
    Deno.removeSync(join(clone, ".git", "FETCH_HEAD"));
  } catch {
    // a runner that does not write it
  }
  // Enforce the caps on the fetched tree before anything is written.
  const listing = await git(runner, [
    "-C",
    clone,
    "ls-tree",
    "-r",
    "-l",
    "-z",
    fetched,
    ...(source.subpath === undefined ? [] : ["--", source.subpath]),
  ], { timeoutMs });
  checkTreeListing(listing, limitsOf(options));
  await git(runner, [
    "-C",
    clone,
    "checkout",
    "--quiet",
    "--detach",
    fetched,
  ], { timeoutMs });
  return fetched;
}

/** Refuses a fetched tree over the file-count or size caps (`ls-tree -r -l -z`). */
function checkTreeListing(
  listing: string,
  limits: { maxFiles: number; maxBytes: number },
): void {
  const { maxFiles, maxBytes } = limits;
  let count = 0;
  let bytes = 0;
  for (const record of listing.split("\0")) {
    if (record === "") continue;
    // <mode> SP <type> SP <object> SP+ <size> TAB <path>
    const match = /^\d+ (\w+) [0-9a-f]+ +(\d+|-)\t/.exec(record);
    if (match === null || match[1] !== "blob") continue;
    if (++count > maxFiles) {
      throw new InstallError(
        "too-large",
        `The repository holds more than ${maxFiles} files; nothing was checked out`,
      );
    }
    bytes += match[2] === "-" ? 0 : Number(match[2]);
    if (bytes > maxBytes) {
      throw new InstallError(
        "too-large",
        `The repository's files add up to more than ${maxBytes} bytes; nothing was checked out`,
      );
    }
  }
}

/** The skill directory in a source: the root itself, or the only (or the named) skill below it. */
function locateSkill(
  root: string,
  wanted: string | undefined,
  label: string,
): string {
  if (isFile(join(root, "SKILL.md"))) {
    const name = nameOf(root);
    if (wanted === undefined || wanted === name) return root;
    throw new InstallError(
      "no-skill",
      `${label} holds one skill, "${name}", not "${wanted}"`,
    );
  }
  const found = discoverSync({
    sources: [
      directorySource(root, {
        recursive: true,
        maxDepth: SCAN_DEPTH,
        followSymlinks: false,
      }),
    ],
    cache: false,
  });
  const candidates = found.skills.filter((s) =>
    wanted === undefined || s.name === wanted
  );
  const describe = (list: typeof found.skills) =>
    list.map((s) => `${s.name} (${s.dir!.slice(root.length + 1) || "."})`).join(
      ", ",
    );
  if (candidates.length === 1) return candidates[0]!.dir!;
  if (candidates.length === 0) {
    throw new InstallError(
      "no-skill",
      wanted === undefined
        ? `No skill (a directory with a SKILL.md) found in ${label}`
        : `No skill named "${wanted}" in ${label}${
          found.skills.length ? `; it has ${describe(found.skills)}` : ""
        }`,
    );
  }
  throw new InstallError(
    "several-skills",
    `${label} holds ${candidates.length} skills: ${
      describe(candidates)
    }; pick one with --skill NAME`,
  );
}

function nameOf(dir: string): string | undefined {
  try {
    const head = readFrontmatterSync(join(dir, "SKILL.md"));
    const name = analyzeFrontmatter(head.yaml, { strict: true }).fields.name;
    return name?.normalize("NFKC");
  } catch {
    return undefined;
  }
}

/** Strict checks of name and description; returns the name (the directory name to install under). */
function validateSkill(skillDir: string): string {
  const file = join(skillDir, "SKILL.md");
  let analyzed;
  try {
    const head = readFrontmatterSync(file);
    analyzed = analyzeFrontmatter(head.yaml, {
      path: file,
      strict: true,
      yamlLine: head.yamlLine,
    });
  } catch (error) {
    if (error instanceof SkillParseError) {
      throw new InstallError("skill-invalid", error.message);
    }
    throw error;
  }
  const name = analyzed.fields.name?.normalize("NFKC");
  if (name === undefined || name.trim() === "") {
    throw new InstallError(
      "skill-invalid",
      `${file} has no "name"; installing needs one`,
    );
  }
  const blocking = analyzed.diagnostics.filter((d) =>
    (d.code.startsWith("name-") && d.code !== "name-dir-mismatch") ||
    d.code === "description-missing"
  );
  if (blocking.length > 0) {
    throw new InstallError(
      "skill-invalid",
      `Refusing to install: ${blocking.map((d) => d.message).join("; ")}`,
    );
  }
  if (
    name === "." || name === ".." || name.includes("/") ||
    name.includes("\\") || name.startsWith(".")
  ) {
    throw new InstallError(
      "skill-invalid",
      `Refusing to install under the unsafe name "${name}"`,
    );
  }
  return name;
}

/** Copies a skill directory, refusing anything unsafe; returns per-file hashes. */
function copyTree(
  from: string,
  to: string,
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
  Deno.mkdirSync(to);
  const walk = (abs: string, dest: string, rel: string): void => {
    const entries = [...Deno.readDirSync(abs)].sort((
      a,
      b,
    ) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name === ".git") continue;
      const src = join(abs, entry.name);
      const out = join(dest, entry.name);
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
        if (!real.startsWith(realRoot + sep)) {
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
        Deno.mkdirSync(out);
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
      files[childRel] = hashBytes(data);
      touch();
      if (count % 500 === 0) progress(`Copied ${count} files…`);
    }
  };
  walk(from, to, "");
  return files;
}

/**
 * Removes an installed skill: its directory and its lock entry together.
 *
 * @param dir The skills directory.
 * @param name The skill's name.
 * @param options `force` removes a directory that is not in the lockfile; lock timeouts.
 * @returns Notes (e.g. a recovered interrupted operation).
 * @throws {InstallError} `not-installed` or `unlocked-directory`.
 */
export async function remove(
  dir: string,
  name: string,
  options: CommonInstallOptions & { force?: boolean } = {},
): Promise<string[]> {
  const root = resolve(dir);
  assertWritable(root);
  if (!isValidSkillName(name)) {
    throw new InstallError(
      "not-installed",
      `${JSON.stringify(name)} is not a skill name`,
    );
  }
  const identity = dirIdentitySync(root);
  const lock = await acquireLock(root, options);
  try {
    const notes = recoverSync(root, identity);
    const lock = readLockfileSync(root);
    const final = join(root, name);
    const entry = lock.skills[name];
    if (!entry && !exists(final)) {
      throw new InstallError("not-installed", `No skill "${name}" in ${root}`);
    }
    if (!entry && !options.force) {
      throw new InstallError(
        "unlocked-directory",
        `${final} was not installed by skillscope; use --force to remove it`,
      );
    }
    const backup = workName(identity, "old");
    writeJournalSync(root, identity, { op: "remove", name, backup });
    if (exists(final)) (options.fs ?? realFs).rename(final, join(root, backup));
    const skills = { ...lock.skills };
    delete skills[name];
    writeLockfileSync(root, identity, { ...lock, skills });
    try {
      Deno.removeSync(join(root, backup), { recursive: true });
    } catch {
      // nothing was there
    }
    clearJournalSync(root);
    return notes;
  } finally {
    lock.release();
  }
}

/** One file that differs from the lockfile. */
export interface FileDrift {
  /** Relative path. */
  readonly path: string;
  /** How it differs. */
  readonly change: "modified" | "added" | "removed";
}

/** The state of one locked skill. */
export interface SkillVerification {
  /** The skill's name. */
  readonly name: string;
  /** `ok`, `modified` (files differ) or `missing` (directory gone). */
  readonly status: "ok" | "modified" | "missing";
  /** Hash in the lockfile. */
  readonly expected: string;
  /** Hash on disk (absent when missing). */
  readonly actual?: string;
  /** The files that differ. */
  readonly files: readonly FileDrift[];
}

/** What {@linkcode verify} found. */
export interface VerifyReport {
  /** True when every locked skill matches its hash. */
  readonly ok: boolean;
  /** Every locked skill. */
  readonly skills: readonly SkillVerification[];
  /** Skill directories present but not in the lockfile. */
  readonly unlocked: readonly string[];
  /** An interrupted operation that was recovered first, if any. */
  readonly notes: readonly string[];
}

/**
 * Re-hashes every installed skill and compares it with the lockfile, naming
 * each drifted skill and file. Finishes an interrupted operation first when
 * it may write to the directory.
 *
 * @param dir The skills directory.
 * @param options Lock timeouts.
 * @returns The report.
 */
export async function verify(
  dir: string,
  options: LockOptions = {},
): Promise<VerifyReport> {
  const root = resolve(dir);
  assertReadPermission(root);
  const notes: string[] = [];
  if (
    exists(root) &&
    Deno.permissions.querySync({ name: "write", path: root }).state ===
      "granted"
  ) {
    const identity = dirIdentitySync(root);
    const lock = await acquireLock(root, options);
    try {
      notes.push(...recoverSync(root, identity));
    } finally {
      lock.release();
    }
  }
  if (!exists(root)) return { ok: true, skills: [], unlocked: [], notes };
  const lock = readLockfileSync(root);
  const skills = Object.keys(lock.skills).sort().map((name) =>
    verifyOne(root, name, lock.skills[name]!)
  );
  const unlocked = [...Deno.readDirSync(root)]
    .filter((e) =>
      !e.name.startsWith(".") && !(e.name in lock.skills) &&
      isFile(join(root, e.name, "SKILL.md"))
    )
    .map((e) => e.name)
    .sort();
  return {
    ok: skills.every((s) => s.status === "ok"),
    skills,
    unlocked,
    notes,
  };
}

function verifyOne(
  root: string,
  name: string,
  entry: LockEntry,
): SkillVerification {
  const final = join(root, name);
  if (!exists(final)) {
    return {
      name,
      status: "missing",
      expected: entry.hash,
      files: Object.keys(entry.files).sort().map((path) => ({
        path,
        change: "removed" as const,
      })),
    };
  }
  if (!Deno.lstatSync(final).isDirectory) {
    // A symlink or a file where install put a directory: drift, never followed.
    return {
      name,
      status: "modified",
      expected: entry.hash,
      files: [{ path: ".", change: "modified" }],
    };
  }
  const actual = hashDirectorySync(final);
  const files: FileDrift[] = [];
  for (const [path, digest] of Object.entries(actual.files)) {
    const locked = entry.files[path];
    if (locked === undefined) files.push({ path, change: "added" });
    else if (locked !== digest) files.push({ path, change: "modified" });
  }
  for (const path of Object.keys(entry.files)) {
    if (!(path in actual.files)) files.push({ path, change: "removed" });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    name,
    status: actual.hash === entry.hash && files.length === 0
      ? "ok"
      : "modified",
    expected: entry.hash,
    actual: actual.hash,
    files,
  };
}

/**
 * The lock entry of an installed skill and its drift.
 *
 * @param dir The skills directory.
 * @param name The skill's name.
 * @returns The entry and its verification.
 * @throws {InstallError} `not-installed`.
 */
export function skillInfo(
  dir: string,
  name: string,
): { entry: LockEntry; verification: SkillVerification } {
  const root = resolve(dir);
  assertReadPermission(root);
  const entry = isValidSkillName(name)
    ? readLockfileSync(root).skills[name]
    : undefined;
  if (!entry) {
    throw new InstallError(
      "not-installed",
      `No skill "${name}" is recorded in ${join(root, "skills.lock")}`,
    );
  }
  return { entry, verification: verifyOne(root, name, entry) };
}

/**
 * Re-installs skills from the sources recorded in the lockfile (all, or one).
 *
 * @param dir The skills directory.
 * @param name One skill; omitted = every locked skill.
 * @param options Git runner, timeouts, progress.
 * @returns One result per skill.
 * @throws {InstallError} `not-installed`, and whatever install throws.
 */
export async function update(
  dir: string,
  name?: string,
  options: CommonInstallOptions = {},
): Promise<InstallResult[]> {
  const root = resolve(dir);
  assertReadPermission(root);
  const lock = readLockfileSync(root);
  const names = name === undefined ? Object.keys(lock.skills).sort() : [name];
  const results: InstallResult[] = [];
  for (const skill of names) {
    const entry = lock.skills[skill];
    if (!entry) {
      throw new InstallError(
        "not-installed",
        `No skill "${skill}" is recorded in ${join(root, "skills.lock")}`,
      );
    }
    results.push(
      await install({
        ...options,
        source: entry.source,
        dir: root,
        expectedName: skill,
        ...(entry.skill ? { skill: entry.skill } : {}),
      }),
    );
  }
  return results;
}

/**
 * Reads the lockfile of a skills directory.
 *
 * @example Usage
 * ```ts
 * import { readLock } from "@skillscope/skills/install";
 *
 * console.log(Object.keys(readLock("./fixtures/skills").skills)); // []
 * ```
 *
 * @param dir The skills directory.
 * @returns The lockfile (empty when there is none).
 * @throws {InstallError} `lockfile-invalid`.
 */
export function readLock(dir: string): Lockfile {
  const root = resolve(dir);
  assertReadPermission(root);
  return readLockfileSync(root);
}

function assertWritable(dir: string): void {
  if (
    Deno.permissions.querySync({ name: "write", path: dir }).state !== "granted"
  ) {
    throw new PermissionDeniedError("write", dir, `--allow-write=${dir}`);
  }
  assertReadPermission(dir);
}
