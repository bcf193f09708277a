// Copyright 2026 the skillscope authors. MIT license.
/**
 * A discovery with only approved skills: each directory skill is checked
 * from one read of its files against its approval, and kept as a copy whose
 * content carries the approved digests, so every later read of it is
 * checked too.
 *
 * @module
 */
import { basename, dirname, join } from "../shared/path.ts";
import { hashBytes, hashDirectorySync } from "../shared/tree_hash.ts";
import {
  readCheckedSync,
  readInsideSync,
  retryReplaced,
} from "../shared/checked_read.ts";
import {
  parseCodexMetadata,
  withMetadataShortDescription,
} from "../parse/codex_metadata.ts";
import { firstParagraph } from "../parse/description_fallback.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import { loadYamlParser } from "../parse/yaml.ts";
import { parseSkillMd } from "../parse/skill_md.ts";
import { approvalCheck } from "./approved_content.ts";
import { bindContent } from "../content/content_of.ts";
import { diskContent } from "../content/disk_content.ts";
import { type ApprovalState, readApprovals, stateOf } from "./approvals.ts";
import type {
  Diagnostic,
  DirectorySkill,
  Discovery,
  Skill,
} from "../shared/types.ts";
import { messageOf } from "../shared/errors.ts";

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
        why: messageOf(error),
      };
    }
    if (state.status === "approved" && files !== undefined) {
      // A copy of its own carries the approval, so every read of it is
      // checked against the approved bytes (the cached original is not).
      const kept = Object.freeze({ ...skill });
      bindContent(
        kept,
        diskContent(
          kept,
          approvalCheck(kept, { files, digest: hashBytes, dir: skill.dir }),
        ),
      );
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
