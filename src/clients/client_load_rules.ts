// Copyright 2026 the skillscope authors. MIT license.
/**
 * The copies of a skill a client refuses to load, each by a rule of the
 * client table's `view`: everything below a root that has a `SKILL.md` of
 * its own, a file with a byte order mark, a name too long or holding
 * whitespace, no name in the frontmatter, a description that is not a YAML
 * string, YAML that only parses after a repair.
 *
 * @module
 */
import { resolve } from "../shared/path.ts";
import type { Diagnostic, Discovery, Skill } from "../shared/types.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import type { ClientViewRules } from "./clients_table.ts";
import { type ViewRule, viewRule } from "./client_view_rule.ts";
import { descriptionIsString } from "./client_descriptions.ts";

/**
 * The copies left when a client reads a root with its own `SKILL.md` as
 * that one skill (`rootSkillMd: "only"`), and the copies below it it drops.
 *
 * @example Usage
 * ```ts
 * import { withoutSingleSkillRoots } from "./client_load_rules.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.writeTextFile(`${root}/SKILL.md`, "---\nname: root\ndescription: The root.\n---\n");
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "---\nname: a\ndescription: Does a.\n---\n");
 * const found = await discover({ sources: [directorySource(root, { recursive: true })] });
 * const roots = [{ path: root, scope: "project" }];
 * const { copies, dropped } = withoutSingleSkillRoots(found.skills, clientEntry("pi").view ?? {}, roots);
 * assert.equal(copies.some((s) => s.name === "a"), false);
 * assert.deepEqual(dropped.map((d) => d.skill.name), ["a"]);
 * ```
 *
 * @param copies Every copy the client weighs.
 * @param rules The client's `view` rules.
 * @param roots Its roots, with their scopes.
 * @returns The copies it keeps, and those it drops with the rule.
 */
export function withoutSingleSkillRoots(
  copies: readonly Skill[],
  rules: ClientViewRules,
  roots: readonly { readonly path: string; readonly scope: string }[],
): {
  readonly copies: Skill[];
  readonly dropped: { skill: Skill; by: ViewRule }[];
} {
  const kept = [...copies];
  const dropped: { skill: Skill; by: ViewRule }[] = [];
  if (rules.rootSkillMd?.value !== "only") return { copies: kept, dropped };
  // A root with its own SKILL.md is that one skill.
  const single = roots.filter((r) => isFileSync(`${r.path}/SKILL.md`)).map((
    r,
  ) => r.path);
  for (let i = kept.length - 1; i >= 0; i--) {
    const dir = kept[i]!.dir;
    if (dir === undefined) continue;
    const root = single.find((r) => dir.startsWith(`${r}/`));
    if (root !== undefined) {
      dropped.push({
        skill: kept[i]!,
        by: viewRule(
          rules,
          "rootSkillMd",
          `${root} has a SKILL.md of its own: the root is one skill`,
        ),
      });
      kept.splice(i, 1);
    }
  }
  return { copies: kept, dropped };
}

/**
 * What decides whether a client refuses a copy of a skill: the first of its
 * load rules the copy breaks, or `undefined` when it loads it.
 *
 * @example Usage
 * ```ts
 * import { refusalOf } from "./client_load_rules.ts";
 * import { clientEntry } from "./client_profile.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "\uFEFF---\nname: a\ndescription: Does a.\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * const refusal = refusalOf(found, clientEntry("codex").view ?? {});
 * assert.equal(refusal(found.skills[0]!, "a")?.rule, "rejectsBom");
 * ```
 *
 * @param found The discovery of the client's roots (its diagnostics say
 * which YAML was repaired).
 * @param rules The client's `view` rules.
 * @returns For a copy and the name the client gives it, the rule that
 * refuses it.
 */
export function refusalOf(
  found: Discovery,
  rules: ClientViewRules,
): (skill: Skill, name: string) => ViewRule | undefined {
  const by = (key: keyof ClientViewRules, reason: string) =>
    viewRule(rules, key, reason);
  const repaired = new Set(
    found.diagnostics.filter((d: Diagnostic) =>
      d.code === "yaml-invalid" && d.level === "warning" &&
      d.path !== undefined
    ).map((d) => resolve(d.path!)),
  );
  return (skill, name) => {
    const fm = skill.frontmatter;
    if (rules.rejectsBom?.value === true && startsWithBom(skill.path)) {
      return by("rejectsBom", "its SKILL.md starts with a byte order mark");
    } else if (
      rules.maxNameLength !== undefined &&
      [...name].length > rules.maxNameLength.value
    ) {
      return by(
        "maxNameLength",
        `its name is longer than ${rules.maxNameLength.value} characters`,
      );
    } else if (rules.rejectsSpacedName?.value === true && /\s/.test(name)) {
      return by("rejectsSpacedName", `its name "${name}" holds whitespace`);
    } else if (rules.requiresName?.value === true && fm.name === undefined) {
      return by("requiresName", "it has no name in its frontmatter");
    } else if (
      rules.requiresStringDescription?.value === true &&
      !descriptionIsString(skill)
    ) {
      return by(
        "requiresStringDescription",
        "its description is not a YAML string",
      );
    } else if (
      rules.rejectsRepairedYaml?.value === true && skill.path !== undefined &&
      repaired.has(resolve(skill.path))
    ) {
      return by(
        "rejectsRepairedYaml",
        "its YAML only parses after a repair (an unquoted colon)",
      );
    }
    return undefined;
  };
}

/** Whether a file starts with a UTF-8 byte order mark. */
function startsWithBom(path: string | undefined): boolean {
  if (path === undefined) return false;
  try {
    const file = Deno.openSync(path);
    try {
      const head = new Uint8Array(3);
      const n = file.readSync(head) ?? 0;
      return n === 3 && head[0] === 0xef && head[1] === 0xbb &&
        head[2] === 0xbf;
    } finally {
      file.close();
    }
  } catch {
    return false;
  }
}
