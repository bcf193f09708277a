// Copyright 2026 the skillscope authors. MIT license.
/**
 * Installing one skill from a local directory or a git repository into a skills directory, recorded in `skills.lock`.
 *
 * @module
 */
import { isAbsolute, join, relative, resolve } from "node:path";
import { assertReadPermission } from "../shared/permissions.ts";
import { existsSync as exists } from "../shared/fs_checks.ts";
import { InstallError } from "./errors.ts";
import { hashDirectorySync, treeHash } from "./hash.ts";
import { clearJournalSync, recoverSync, writeJournalSync } from "./journal.ts";
import {
  type LockEntry,
  type Lockfile,
  readLockfileSync,
  writeLockfileSync,
} from "./lockfile.ts";
import { acquireLock } from "./mutex.ts";
import { type DirIdentity, dirIdentitySync, workName } from "./owner.ts";
import {
  formatInstallSource,
  type InstallSource,
  stripCredentials,
} from "./install_source.ts";
import { chooseInstallSource } from "./source_spec.ts";
import { copyTree } from "./copy_tree.ts";
import { guardLocalEdits } from "./local_edits.ts";
import { keepBackup } from "./backup.ts";
import { placeTargets } from "./targets.ts";
import {
  checkTargets,
  type InstallTarget,
  targetOf,
  targetPath,
} from "./target_path.ts";
import { fetchGit } from "./fetch_git.ts";
import type {
  FrozenTarget,
  InstallOptions,
  InstallResult,
} from "./install_types.ts";
import {
  type FetchedWebSkill,
  fetchWebSource,
  webFields,
} from "./fetch_web.ts";
import { afterGitFallback, chooseWebSource } from "./web_source.ts";
import { pickSkill, validateSkill } from "./locate_skill.ts";
import { assertWritable, limitsOf, realFs } from "./options.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { audit } from "../audit/audit.ts";
import type { AuditFinding, Severity } from "../audit/rules.ts";

/**
 * Installs one skill into a skills directory. Copies the whole skill
 * directory (never `.git`), refuses symlinks leading outside it and special
 * files, validates the name (a safe single path segment, valid by the
 * specification) and the description, stages the copy inside the target
 * directory, renames it into place, and records it in `skills.lock`. Never
 * runs anything it fetched.
 *
 * @example Install from a local directory
 * ```ts
 * import { install } from "@skillscope/skills/install";
 * import { join } from "node:path";
 * import assert from "node:assert/strict";
 *
 * const source = await Deno.makeTempDir();
 * await Deno.writeTextFile(
 *   join(source, "SKILL.md"),
 *   "---\nname: pdf-tools\ndescription: Fill PDF forms\n---\n# PDF\n",
 * );
 * const dir = await Deno.makeTempDir();
 * const result = await install({ source, dir });
 * assert.equal(result.name, "pdf-tools");
 * assert.equal(await Deno.readTextFile(join(dir, "pdf-tools/SKILL.md")), await Deno.readTextFile(join(source, "SKILL.md")));
 * ```
 *
 * @param options Source, target directory, force, skill, git runner.
 * @returns What was installed.
 * @throws {InstallError} for refused sources, invalid skills, clashes and git failures.
 * @throws {PermissionDeniedError} when read, write or run permission is missing.
 */
export async function install(options: InstallOptions): Promise<InstallResult> {
  await loadYamlParser(); // the skills found are validated synchronously
  // A bare `owner/repo` that is also a local directory is refused: a
  // cloned repository could ship that directory.
  const chosen = chooseInstallSource(options.source);
  // An HTTPS URL off the known git hosts may be a website: its well-known
  // index is tried first, then git.
  const { source: parsed, notes, fallback } = await chooseWebSource(
    chosen.source,
    options,
  );
  try {
    return await installUnderLock(parsed, options, [...chosen.notes, ...notes]);
  } catch (error) {
    throw afterGitFallback(error, fallback);
  }
}

/**
 * Installs under the skills directory's mutex, after recovering an
 * interrupted operation. With `frozen`, the locked commit is fetched, the
 * result must match the locked tree hash, and the lock entry is kept as is.
 *
 * @param parsed The source.
 * @param options Install options.
 * @param notes Notes gathered so far.
 * @param frozen The lock entry to rebuild exactly.
 * @returns The result.
 */
export async function installUnderLock(
  parsed: InstallSource,
  options: InstallOptions,
  notes: readonly string[],
  frozen?: FrozenTarget,
): Promise<InstallResult> {
  const dir = resolve(options.dir);
  assertWritable(dir);
  if (parsed.kind === "local") assertReadPermission(parsed.path);
  Deno.mkdirSync(dir, { recursive: true });
  const identity = dirIdentitySync(dir);
  const lock = await acquireLock(dir, options);
  try {
    return await installLocked(
      parsed,
      dir,
      identity,
      options,
      [...notes, ...recoverSync(dir, identity)],
      lock.touch,
      frozen,
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
  frozen: FrozenTarget | undefined,
): Promise<InstallResult> {
  const fs = options.fs ?? realFs;
  const progress = options.onProgress ?? (() => {});
  const work: string[] = [];
  try {
    // Every target asked for is checked where it resolves before anything
    // is fetched; the recorded ones once the lock entry is known.
    const asked = askedTargets(options, dir);
    let root: string;
    let commit: string | undefined;
    let web: FetchedWebSkill | undefined;
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
    } else if (parsed.kind === "web") {
      // Written only once every check passed (see fetch_web.ts).
      const clone = join(dir, workName(identity, "clone"));
      work.push(clone);
      progress(`Fetching from ${stripCredentials(parsed.url)}…`);
      web = await fetchWebSource(parsed, clone, {
        ...options,
        wanted: options.skill ?? options.expectedName,
        locked: frozen?.entry,
      });
      notes.push(...web.notes);
      source = { kind: "web", url: stripCredentials(web.index) };
      root = clone;
    } else {
      const clone = join(dir, workName(identity, "clone"));
      work.push(clone);
      progress(
        `Fetching ${stripCredentials(parsed.url)}${
          parsed.ref ? ` (${parsed.ref})` : ""
        }…`,
      );
      commit = await fetchGit(parsed, clone, options, frozen?.entry.commit);
      root = parsed.subpath === undefined ? clone : join(clone, parsed.subpath);
    }
    const { dir: skillDir, skill } = pickSkill(root, parsed, {
      ...options,
      label: sourceOf(parsed),
    });
    const name = validateSkill(skillDir);
    if (options.expectedName !== undefined && name !== options.expectedName) {
      throw new InstallError(
        "name-changed",
        `The source now holds a skill named "${name}", not "${options.expectedName}"; nothing was changed (install it under its new name with "skillscope install", then remove "${options.expectedName}")`,
      );
    }

    const auditMode = options.audit ?? frozen?.entry.audit?.mode ?? "block";
    let findings: readonly AuditFinding[] | undefined;
    if (auditMode !== "off") {
      progress(`Auditing ${name}…`);
      findings = (await audit(skillDir)).findings;
      const critical = findings.filter((f) => f.severity === "critical");
      if (auditMode === "block" && critical.length > 0) {
        throw new InstallError(
          "audit-blocked",
          `Refusing to install "${name}": the audit found ${critical.length} critical problem${
            critical.length === 1 ? "" : "s"
          } (${
            critical.slice(0, 5).map((f) =>
              `${f.code} in ${relative(skillDir, f.path)}${
                f.line === undefined ? "" : `:${f.line}`
              }`
            ).join(", ")
          }${critical.length > 5 ? ", …" : ""}); ${
            parsed.kind === "local"
              ? `review them with "skillscope audit ${skillDir}"`
              : `review them in ${sourceOf(parsed)}`
          }, or install with --audit=warn`,
        );
      }
    }
    const auditRecord: LockEntry["audit"] = {
      mode: auditMode,
      ...(findings === undefined
        ? {}
        : { findings: countBySeverity(findings) }),
    };

    const lock = readLockfileSync(dir);
    const final = join(dir, name);
    const previous = lock.skills[name];
    const sourceText = sourceOf(source);
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

    // Local edits are never lost: a changed tree is replaced only when
    // forced, and then kept as a backup.
    const drift = previous && present
      ? guardLocalEdits(dir, name, previous, options.force === true, "replace")
      : undefined;
    const keep = present && options.backup !== false &&
      (drift === undefined || drift.status === "modified");

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
    if (frozen !== undefined && hash !== frozen.entry.hash) {
      throw new InstallError(
        "frozen-mismatch",
        `The source of "${name}" (${sourceText}) no longer matches skills.lock: locked ${frozen.entry.hash}, the source now gives ${hash}; nothing was changed`,
      );
    }
    const targets = frozen?.entry.targets ??
      mergeTargets(previous?.targets ?? [], asked);
    checkTargets(dir, targets);
    const entry: LockEntry = frozen?.entry ?? {
      source: sourceText,
      kind: source.kind,
      ...(source.kind === "git" && source.ref !== undefined
        ? { ref: source.ref }
        : {}),
      ...(commit === undefined ? {} : { commit }),
      ...webFields(web),
      ...(skill === undefined ? {} : { skill }),
      hash,
      files: fileHashes,
      installedAt: new Date().toISOString(),
      ...(targets.length === 0 ? {} : { targets }),
      audit: auditRecord,
    };
    const placeAll = (): string[] =>
      placeTargets(dir, name, targets, {
        ...(previous === undefined ? {} : {
          previous: { targets: previous.targets ?? [], hash: previous.hash },
        }),
        hash,
        force: options.force === true,
        backup: options.backup !== false,
        fs,
      });
    const base = {
      name,
      dir: final,
      hash,
      source: sourceText,
      ...(commit === undefined ? {} : { commit }),
      ...(web?.digest === undefined ? {} : { digest: web.digest }),
      notes,
      ...(targets.length === 0
        ? {}
        : { targets: targets.map((t) => targetPath(dir, t, name)) }),
      ...(findings === undefined
        ? {}
        : { findings: installedFindings(findings, skillDir, final) }),
    };
    const onDisk = previous && present && previous.hash === hash
      ? hashDirectorySync(final).hash
      : undefined;
    if (onDisk === hash && previous?.source === sourceText) {
      const sameTargets = JSON.stringify(previous!.targets ?? []) ===
        JSON.stringify(targets);
      const fields = webFields(web);
      const moved = previous!.url !== fields.url ||
        previous!.digest !== fields.digest;
      if (previous!.commit !== commit || moved || !sameTargets) {
        writeLockfileSync(
          dir,
          identity,
          withEntry(lock, name, {
            ...previous!,
            ...(commit ? { commit } : {}),
            ...fields,
            ...(targets.length === 0 ? {} : { targets }),
          }),
        );
      }
      notes.push(...placeAll());
      return { ...base, status: "unchanged", previousHash: hash };
    }

    const backup = workName(identity, "old");
    writeJournalSync(dir, identity, {
      op: "install",
      name,
      stage,
      backup,
      entry,
      ...(keep ? { keep: true as const } : {}),
    });
    if (present) fs.rename(final, join(dir, backup));
    fs.rename(join(dir, stage), final);
    writeLockfileSync(
      dir,
      identity,
      withEntry(readLockfileSync(dir), name, entry),
    );
    let kept: string | undefined;
    if (keep) kept = keepBackup(dir, join(dir, backup), name);
    else if (present) Deno.removeSync(join(dir, backup), { recursive: true });
    clearJournalSync(dir);
    notes.push(...placeAll());
    return {
      ...base,
      status: previous && present ? "updated" : "installed",
      ...(previous ? { previousHash: previous.hash } : {}),
      ...(kept === undefined ? {} : { backup: kept }),
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

/**
 * The findings with the paths of the installed copy: the skill as audited
 * was in the source, or in a staging clone deleted once installed.
 */
function installedFindings(
  findings: readonly AuditFinding[],
  skillDir: string,
  final: string,
): AuditFinding[] {
  const bases = [skillDir, Deno.realPathSync(skillDir)];
  return findings.map((finding) => {
    for (const base of bases) {
      const rel = relative(base, finding.path);
      if (!rel.startsWith("..") && !isAbsolute(rel)) {
        return { ...finding, path: join(final, rel) };
      }
    }
    return finding;
  });
}

/** The source as the lock records it, for a message. */
function sourceOf(source: InstallSource): string {
  return stripCredentials(formatInstallSource(source));
}

/** How many findings of each severity. */
function countBySeverity(
  findings: readonly AuditFinding[],
): Record<Severity, number> {
  const counts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

/** The targets asked for now, each checked where it resolves. */
function askedTargets(options: InstallOptions, dir: string): InstallTarget[] {
  const asked = (options.targets ?? [])
    .map((path) => resolve(path))
    .filter((path) => path !== dir)
    .map((path) => targetOf(dir, path, options.copy === true));
  checkTargets(dir, asked);
  return asked;
}

/** The recorded targets, plus the ones asked for now (their `copy` wins). */
function mergeTargets(
  recorded: readonly InstallTarget[],
  asked: readonly InstallTarget[],
): InstallTarget[] {
  const merged = new Map<string, InstallTarget>();
  for (const target of [...recorded, ...asked]) merged.set(target.dir, target);
  return [...merged.values()].sort((a, b) =>
    a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0
  );
}

function withEntry(lock: Lockfile, name: string, entry: LockEntry): Lockfile {
  return { ...lock, skills: { ...lock.skills, [name]: entry } };
}
