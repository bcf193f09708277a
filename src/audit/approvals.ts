// Copyright 2026 the skillscope authors. MIT license.
/**
 * Consent bound to content: approving a skill records its tree hash (and
 * each file's hash) in `.skillscope-approvals.json` beside the skill's
 * directory; a skill is approved only while its files still give that hash.
 *
 * The approvals file is untrusted input like the install state: a cloned
 * repository could ship one approving its own skills. Each file therefore
 * carries a tag derived from the identity of the directory it was written in
 * (device, inode, birth time), and a file whose tag does not match is
 * ignored with a diagnostic.
 *
 * @module
 */
import { basename, dirname, join, resolve } from "../shared/path.ts";
import { sha256Hex } from "../shared/sha256.ts";
import { hashDirectorySync, type TreeHash } from "../shared/tree_hash.ts";
import { dirIdentitySync } from "../shared/dir_identity.ts";
import { readCheckedSync } from "../shared/checked_read.ts";
import type { DirectorySkill } from "../shared/types.ts";
import { messageOf } from "../shared/errors.ts";

/** The approvals file, in the directory that holds the skill directories. */
export const APPROVALS_FILE = ".skillscope-approvals.json";
const VERSION = 1;
const MAX_APPROVALS_BYTES = 4 * 1024 * 1024;
const DIGEST = /^sha256-[0-9a-f]{64}$/;

/** One recorded approval. */
export interface Approval {
  /** The tree hash approved. */
  readonly hash: string;
  /** Each file's hash, by relative path, to name what changed later. */
  readonly files: Readonly<Record<string, string>>;
  /** When (ISO 8601). */
  readonly approvedAt: string;
}

/** Where a skill stands against its approval. */
export type ApprovalState =
  | { readonly status: "approved"; readonly hash: string }
  | {
    readonly status: "unapproved";
    readonly hash: string;
    readonly why?: string;
  }
  | {
    readonly status: "changed";
    readonly hash: string;
    readonly approved: string;
    /** Files added, removed or modified since approval. */
    readonly files: readonly string[];
  };

function tagOf(dir: string, nonce: string): string {
  const text = `skillscope-approvals:${dirIdentitySync(dir)}:${nonce}`;
  return sha256Hex(new TextEncoder().encode(text)).slice(0, 32);
}

/**
 * The approvals recorded in a directory (an empty map when there is no file).
 *
 * @param root The directory holding the skill directories.
 * @returns The approvals by skill directory name, or why the file was ignored.
 */
export function readApprovals(
  root: string,
): Promise<{ approvals: Map<string, Approval>; ignored?: string }> {
  return Promise.resolve(readApprovalsSync(root));
}

function readApprovalsSync(
  root: string,
): { approvals: Map<string, Approval>; ignored?: string } {
  const path = join(root, APPROVALS_FILE);
  const approvals = new Map<string, Approval>();
  let info: Deno.FileInfo;
  try {
    info = Deno.lstatSync(path);
  } catch {
    return { approvals };
  }
  if (!info.isFile || info.size > MAX_APPROVALS_BYTES) {
    return { approvals, ignored: `${path} is not a regular file of sane size` };
  }
  let text: string;
  try {
    // From the descriptor checked against the lstat, capped, never blocking.
    text = new TextDecoder().decode(
      readCheckedSync(
        path,
        info,
        MAX_APPROVALS_BYTES,
        () => new RangeError(`${path} grew past ${MAX_APPROVALS_BYTES} bytes`),
      ),
    );
  } catch (error) {
    return {
      approvals,
      ignored: `${path} could not be read (${messageOf(error)})`,
    };
  }
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch {
    return { approvals, ignored: `${path} is not valid JSON` };
  }
  if (
    typeof data !== "object" || data === null ||
    data.approvalsVersion !== VERSION || typeof data.nonce !== "string" ||
    data.tag !== tagOf(root, data.nonce)
  ) {
    return {
      approvals,
      ignored:
        `${path} was not written by skillscope in this directory (a copied or cloned file); its approvals are ignored`,
    };
  }
  const skills = data.skills as Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(skills ?? {})) {
    const v = value as Record<string, unknown>;
    if (
      typeof v !== "object" || v === null || typeof v.hash !== "string" ||
      !DIGEST.test(v.hash) || typeof v.files !== "object" || v.files === null ||
      typeof v.approvedAt !== "string"
    ) continue;
    approvals.set(name, {
      hash: v.hash,
      files: v.files as Record<string, string>,
      approvedAt: v.approvedAt,
    });
  }
  return { approvals };
}

/**
 * Approves a skill as its files are now: records its tree hash in the
 * approvals file beside its directory (written atomically).
 *
 * @example Approve, then change a file
 * ```ts
 * import { approvalOf, approve } from "@skillscope/skills/audit";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: d\n---\n");
 * await approve(`${root}/demo`);
 * assert.equal((await approvalOf(`${root}/demo`)).status, "approved");
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: changed\n---\n");
 * const state = await approvalOf(`${root}/demo`);
 * assert.equal(state.status, "changed");
 * assert.deepEqual(state.status === "changed" && state.files, ["SKILL.md"]);
 * ```
 *
 * @param skill A skill directory, or a skill found by discovery.
 * @returns The approval recorded.
 * @throws {Deno.errors.NotCapable} without write permission for the directory holding it.
 */
export async function approve(
  skill: string | DirectorySkill,
): Promise<Approval> {
  const dir = resolve(typeof skill === "string" ? skill : skill.dir);
  const root = dirname(dir);
  const tree: TreeHash = hashDirectorySync(dir);
  const { approvals } = await readApprovals(root);
  const approval: Approval = {
    hash: tree.hash,
    files: tree.files,
    approvedAt: new Date().toISOString(),
  };
  approvals.set(basename(dir), approval);
  const nonce = crypto.randomUUID();
  const data = {
    approvalsVersion: VERSION,
    nonce,
    tag: tagOf(root, nonce),
    skills: Object.fromEntries(
      [...approvals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
  };
  const temp = join(root, `${APPROVALS_FILE}.${nonce}.tmp`);
  Deno.writeTextFileSync(temp, `${JSON.stringify(data, null, 2)}\n`);
  Deno.renameSync(temp, join(root, APPROVALS_FILE));
  return approval;
}

/**
 * Where a skill stands against its approval: `approved` while its files
 * give the approved hash, `changed` (naming the files) after an edit,
 * `unapproved` when none was recorded or the approvals file is not trusted.
 *
 * @example Usage
 * ```ts
 * import { approvalOf } from "@skillscope/skills/audit";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await Deno.mkdir(`${root}/demo`);
 * await Deno.writeTextFile(`${root}/demo/SKILL.md`, "---\nname: demo\ndescription: d\n---\n");
 * assert.equal((await approvalOf(`${root}/demo`)).status, "unapproved");
 * ```
 *
 * @param skill A skill directory, or a skill found by discovery.
 * @returns Its state.
 */
export async function approvalOf(
  skill: string | DirectorySkill,
): Promise<ApprovalState> {
  const dir = resolve(typeof skill === "string" ? skill : skill.dir);
  return await stateOf(dir, hashDirectorySync(dir));
}

/**
 * Where the tree `tree` of `dir` stands against the approval recorded for
 * it (`approvals`: the approvals file of its parent, when already read).
 *
 * @param dir The skill directory.
 * @param tree Its tree hash.
 * @param approvals The parent's approvals, if already read.
 * @returns The state.
 */
export async function stateOf(
  dir: string,
  tree: TreeHash,
  approvals?: Awaited<ReturnType<typeof readApprovals>>,
): Promise<ApprovalState> {
  const { approvals: recorded, ignored } = approvals ??
    await readApprovals(dirname(dir));
  const approval = recorded.get(basename(dir));
  if (approval === undefined) {
    return {
      status: "unapproved",
      hash: tree.hash,
      ...(ignored === undefined ? {} : { why: ignored }),
    };
  }
  if (approval.hash === tree.hash) {
    return { status: "approved", hash: tree.hash };
  }
  const changed = new Set<string>();
  for (const [path, digest] of Object.entries(tree.files)) {
    if (approval.files[path] !== digest) changed.add(path);
  }
  for (const path of Object.keys(approval.files)) {
    if (!(path in tree.files)) changed.add(path);
  }
  return {
    status: "changed",
    hash: tree.hash,
    approved: approval.hash,
    files: [...changed].sort(),
  };
}
