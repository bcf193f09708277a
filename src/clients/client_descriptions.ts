// Copyright 2026 the skillscope authors. MIT license.
/**
 * A skill's description as one client renders it: a fallback to the first
 * line of the body, an empty description replaced by the name, `when_to_use`
 * appended, a cut to a length, angle brackets escaped and the scope appended,
 * each by a rule of the client table's `view`.
 *
 * @module
 */
import { readTextIfRegularSync } from "../shared/checked_read.ts";
import type { Skill } from "../shared/types.ts";
import type { ClientViewRules } from "./clients_table.ts";
import { type ViewRule, viewRule } from "./client_view_rule.ts";

/**
 * The first non-empty line of a `SKILL.md` body, heading marks stripped (how
 * Claude Code describes a skill without `description`).
 *
 * @example Usage
 * ```ts
 * import { firstBodyLine } from "./client_descriptions.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(firstBodyLine("---\nname: a\n---\n\n# Title\n\nText.\n"), "Title");
 * assert.equal(firstBodyLine("Just text.\n"), "Just text.");
 * ```
 *
 * @param text The whole file.
 * @returns The line, or `undefined` for an empty body.
 */
export function firstBodyLine(text: string): string | undefined {
  let body = text.replace(/^\uFEFF/, "");
  const fm = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/.exec(body);
  if (fm !== null) body = body.slice(fm[0].length);
  for (const line of body.split(/\r?\n/)) {
    const text = line.replace(/^#+\s*/, "").trim();
    if (text !== "") return text;
  }
  return undefined;
}

/**
 * A description cut to a length, the marker inside it.
 *
 * @example Usage
 * ```ts
 * import { cutDescription } from "./client_descriptions.ts";
 * import assert from "node:assert/strict";
 *
 * assert.equal(cutDescription("abcdefgh", 6, "..."), "abc...");
 * assert.equal(cutDescription("abc", 6, "..."), "abc");
 * ```
 *
 * @param text The description.
 * @param chars The most characters kept, marker included.
 * @param marker What marks the cut.
 * @returns The description, cut when longer.
 */
export function cutDescription(
  text: string,
  chars: number,
  marker: string,
): string {
  const points = [...text];
  if (points.length <= chars) return text;
  return points.slice(0, chars - [...marker].length).join("") + marker;
}

/**
 * Whether a skill's `description` is a YAML string as written: our parser
 * reads every scalar as text, so the file says whether it was a number
 * (`42`), a boolean or null.
 *
 * @example Usage
 * ```ts
 * import { descriptionIsString } from "./client_descriptions.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "---\nname: a\ndescription: 42\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * assert.equal(descriptionIsString(found.skills[0]!), false);
 * ```
 *
 * @param skill The skill as discovered.
 * @returns Whether its file writes the description as a string.
 */
export function descriptionIsString(skill: Skill): boolean {
  if (typeof skill.frontmatter.description !== "string") return false;
  const text = skill.path === undefined ? undefined : readSkillText(skill.path);
  if (text === undefined) return true;
  const raw = /^description:[ \t]*(.*)$/m.exec(text)?.[1]?.trim();
  if (raw === undefined) return true;
  return !/^([-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|true|false|True|False|TRUE|FALSE|null|Null|NULL|~|\.inf|\.nan)$/
    .test(raw);
}

/**
 * A skill's description as a client renders it, with the rules that shaped
 * it, in the order they apply.
 *
 * @example Usage
 * ```ts
 * import { clientDescription } from "./client_descriptions.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "---\nname: a\ndescription: Does a.\nwhen_to_use: Often.\n---\n");
 * const found = await discover({ sources: [directorySource(root, { scope: "project" })] });
 * const { description } = clientDescription(found.skills[0]!, "a", clientEntry("qwen-code").view ?? {});
 * assert.equal(description, "Does a. — Often. (project)");
 * ```
 *
 * @param skill The skill as discovered.
 * @param name The name the client offers it under.
 * @param rules The client's `view` rules.
 * @returns The description and the rules that rendered it.
 */
export function clientDescription(
  skill: Skill,
  name: string,
  rules: ClientViewRules,
): { readonly description: string; readonly rendered: ViewRule[] } {
  const fm = skill.frontmatter;
  const rendered: ViewRule[] = [];
  const by = (key: keyof ClientViewRules, reason: string) =>
    viewRule(rules, key, reason);
  let description = skill.description;
  if (
    rules.firstLineFallback?.value === true && fm.description === undefined
  ) {
    const text = skill.path === undefined
      ? undefined
      : readSkillText(skill.path);
    description = (text === undefined ? undefined : firstBodyLine(text)) ??
      description;
    rendered.push(
      by(
        "firstLineFallback",
        "it has no description: described by the first line of its body",
      ),
    );
  }
  if (
    rules.emptyDescriptionIsName?.value === true &&
    typeof fm.description === "string" && fm.description.trim() === ""
  ) {
    description = name;
    rendered.push(
      by("emptyDescriptionIsName", "its description is empty: its name"),
    );
  }
  const when = typeof fm.when_to_use === "string"
    ? fm.when_to_use
    : skill.whenToUse;
  if (rules.whenToUse !== undefined && when !== undefined && when !== "") {
    description += rules.whenToUse.value + when;
    rendered.push(by("whenToUse", "when_to_use appended"));
  }
  if (rules.truncate !== undefined) {
    const cut = cutDescription(
      description,
      rules.truncate.value.chars,
      rules.truncate.value.marker,
    );
    if (cut !== description) {
      rendered.push(
        by("truncate", `cut to ${rules.truncate.value.chars} characters`),
      );
    }
    description = cut;
  }
  if (rules.escapesAngles?.value === true && /[<>]/.test(description)) {
    description = description.replaceAll("<", "&lt;").replaceAll(
      ">",
      "&gt;",
    );
    rendered.push(by("escapesAngles", "< and > escaped"));
  }
  if (rules.scopeSuffix?.value === true && skill.scope !== undefined) {
    description += ` (${skill.scope})`;
    rendered.push(by("scopeSuffix", `its level "${skill.scope}" appended`));
  }
  return { description, rendered };
}

/** The largest file a client view reads (the largest `SKILL.md` an embed takes). */
const MAX_CLIENT_FILE_BYTES = 8 * 1024 * 1024;

/**
 * A file a client would read, as text: bounded, and never a blocking read
 * (a FIFO in a hostile tree reads as absent, as discovery treats it). The
 * one reader of the files the client views look at themselves.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readSkillText } from "./client_descriptions.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/SKILL.md`, "---\nname: a\n---\nBody\n");
 * assert.equal(readSkillText(`${dir}/SKILL.md`), "---\nname: a\n---\nBody\n");
 * assert.equal(readSkillText(dir), undefined);
 * ```
 *
 * @param path The file.
 * @returns Its text, or `undefined` when it is missing, not a regular file or too large.
 */
export function readSkillText(path: string): string | undefined {
  return readTextIfRegularSync(path, MAX_CLIENT_FILE_BYTES);
}
