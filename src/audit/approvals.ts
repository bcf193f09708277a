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
import { basename, dirname, join, resolve } from "node:path";
import { sha256Hex } from "../shared/sha256.ts";
import {
  hashBytes,
  hashDirectorySync,
  type TreeHash,
} from "../shared/tree_hash.ts";
import { dirIdentitySync } from "../shared/dir_identity.ts";
import { isDirectorySkill } from "../discover/build_skill.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { parseSkillMd } from "../parse/skill_md.ts";
import { bindApproval } from "./approved_content.ts";
import {
  readCheckedSync,
  readInsideSync,
  retryReplaced,
} from "../shared/checked_read.ts";
import {
  parseCodexMetadata,
  withMetadataShortDescription,
} from "../discover/codex_metadata.ts";
import { firstParagraph } from "../discover/description_fallback.ts";
import type {
  Diagnostic,
  DirectorySkill,
  Discovery,
  Skill,
} from "../shared/types.ts";

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
      ignored: `${path} could not be read (${
        error instanceof Error ? error.message : String(error)
      })`,
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

/** Where the tree `tree` of `dir` stands against the approval recorded for it. */
async function stateOf(
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

/**
 * Checks one discovered directory skill against its approval from one read
 * of its `SKILL.md`: the bytes read are hashed into the tree hash *and*
 * parsed again, so a file flipped while discovery read it cannot be served
 * as approved with another text's frontmatter. Returns the state, and the
 * approved files when approved.
 */
async function checkSkill(
  skill: DirectorySkill,
  byRoot: Map<string, Awaited<ReturnType<typeof readApprovals>>>,
): Promise<{ state: ApprovalState; files?: Readonly<Record<string, string>> }> {
  // One checked read of SKILL.md (regular file, capped, never blocking):
  // these bytes are hashed and parsed.
  const bytes = retryReplaced(() =>
    readCheckedSync(
      skill.path,
      Deno.statSync(skill.path),
      MAX_APPROVED_SKILL_MD_BYTES,
      (size) =>
        new RangeError(
          `${skill.path} is ${size} bytes; an approval reads at most ${MAX_APPROVED_SKILL_MD_BYTES}`,
        ),
    )
  );
  // The Codex metadata discovery may have shown, read once as well.
  const codexPath = join(skill.dir, "agents", "openai.yaml");
  const codexBytes = readCodexFile(skill.dir, codexPath);
  const root = dirname(skill.dir);
  let approvals = byRoot.get(root);
  if (approvals === undefined) {
    approvals = await readApprovals(root);
    byRoot.set(root, approvals);
  }
  const known = new Map([[basename(skill.path), bytes]]);
  if (codexBytes !== undefined) known.set("agents/openai.yaml", codexBytes);
  const tree = hashDirectorySync(skill.dir, { known });
  const state = await stateOf(skill.dir, tree, approvals);
  if (state.status !== "approved") return { state };
  const yamlParser = await loadYamlParser();
  // Everything discovery shows must come from the approved bytes: the
  // frontmatter, the description (or the body's first paragraph it was
  // taken from) and the Codex metadata. A skill discovered from other
  // bytes (flipped while it was read, or a scan cached before the files
  // were put back) is left out.
  let differs: string | undefined;
  try {
    const parsed = parseSkillMd(new TextDecoder().decode(bytes), {
      path: skill.path,
      dirName: basename(skill.dir),
      yamlParser,
    });
    const description = parsed.fields.description ??
      firstParagraph(parsed.body);
    if (stableJson(parsed.frontmatter) !== stableJson(skill.frontmatter)) {
      differs = basename(skill.path);
    } else if (description !== skill.description) {
      differs = basename(skill.path);
    } else if (hasCodexFields(skill)) {
      const read = codexBytes === undefined ? undefined : parseCodexMetadata(
        new TextDecoder().decode(codexBytes),
        codexPath,
        false,
      );
      const shown = withMetadataShortDescription(
        typeof read === "string" ? undefined : read,
        parsed.fields.metadata,
      );
      if (
        shown?.displayName !== skill.displayName ||
        shown?.shortDescription !== skill.shortDescription ||
        shown?.allowImplicitInvocation !== skill.allowImplicitInvocation
      ) differs = "agents/openai.yaml";
    }
  } catch {
    differs = basename(skill.path);
  }
  if (differs !== undefined) {
    return {
      state: {
        status: "changed",
        hash: tree.hash,
        approved: state.hash,
        files: [differs],
      },
    };
  }
  return { state, files: tree.files };
}

/** Whether discovery showed any Codex metadata for a skill. */
function hasCodexFields(skill: DirectorySkill): boolean {
  return skill.displayName !== undefined ||
    skill.shortDescription !== undefined ||
    skill.allowImplicitInvocation !== undefined;
}

/** The bytes of a skill's `agents/openai.yaml`, read once (inside the skill, capped), if it is a file. */
function readCodexFile(dir: string, path: string): Uint8Array | undefined {
  try {
    if (!Deno.lstatSync(path).isFile && !Deno.statSync(path).isFile) {
      return undefined;
    }
    return readInsideSync(Deno.realPathSync(dir), path, {
      maxBytes: MAX_APPROVED_SKILL_MD_BYTES,
      tooLarge: (size) => new RangeError(`${path} is ${size} bytes`),
    });
  } catch {
    return undefined;
  }
}

/** Largest `SKILL.md` an approval check reads (bytes). */
const MAX_APPROVED_SKILL_MD_BYTES = 16 * 1024 * 1024;

/** JSON with keys in code-unit order, to compare two frontmatter maps. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) {
      sorted[key] = (v as Record<string, unknown>)[key];
    }
    return sorted;
  });
}

/**
 * A discovery with only approved skills: a directory skill must be approved
 * and unchanged since; an embedded skill (compiled into the program) is
 * trusted; a remote skill cannot be approved yet and is left out. Each skill
 * left out gets a warning naming why (and what changed).
 *
 * @param discovery A discovery.
 * @returns The discovery without unapproved skills.
 */
export async function keepApproved(discovery: Discovery): Promise<Discovery> {
  const skills: Skill[] = [];
  const diagnostics: Diagnostic[] = [...discovery.diagnostics];
  const byRoot = new Map<string, Awaited<ReturnType<typeof readApprovals>>>();
  for (const skill of discovery.skills) {
    if (skill.source.kind === "embedded") {
      skills.push(skill);
      continue;
    }
    if (!isDirectorySkill(skill)) {
      diagnostics.push(Object.freeze({
        level: "warning",
        code: "skill-unapproved",
        message:
          `Skill "${skill.name}" from ${skill.source.key} is left out: remote skills cannot be approved yet`,
        path: skill.source.key,
      }));
      continue;
    }
    let state: ApprovalState;
    let files: Readonly<Record<string, string>> | undefined;
    try {
      ({ state, files } = await checkSkill(skill, byRoot));
    } catch (error) {
      state = {
        status: "unapproved",
        hash: "",
        why: error instanceof Error ? error.message : String(error),
      };
    }
    if (state.status === "approved" && files !== undefined) {
      // A copy of its own carries the approval, so every read of it is
      // checked against the approved bytes (the cached original is not).
      const kept = Object.freeze({ ...skill });
      bindApproval(kept, { files, digest: hashBytes, dir: skill.dir });
      skills.push(kept);
    } else if (state.status === "changed") {
      diagnostics.push(Object.freeze({
        level: "warning",
        code: "skill-changed-since-approval",
        message: `Skill "${skill.name}" is left out: ${
          state.files.join(", ")
        } changed since it was approved (run "skillscope approve ${skill.name}" after reviewing)`,
        path: skill.dir,
      }));
    } else if (state.status === "unapproved") {
      diagnostics.push(Object.freeze({
        level: "warning",
        code: "skill-unapproved",
        message: `Skill "${skill.name}" is left out: it was never approved${
          state.why === undefined ? "" : ` (${state.why})`
        } (run "skillscope audit ${skill.name}", then "skillscope approve ${skill.name}")`,
        path: skill.dir,
      }));
    }
  }
  return Object.freeze({
    skills: Object.freeze(skills),
    diagnostics: Object.freeze(diagnostics),
    shadowed: discovery.shadowed,
  });
}
