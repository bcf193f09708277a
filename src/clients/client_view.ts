// Copyright 2026 the skillscope authors. MIT license.
/**
 * A client's view of a discovery: what one agent does with the skills found
 * in its roots, measured on its binary (`deno task agree`) and written in the
 * client table's `view` rules. Which skills it loads at all, the name it
 * offers each under (its frontmatter `name` or its folder), how many copies
 * of one name it keeps, the description as it renders it, which it hides
 * from the model (`disable-model-invocation`, a `paths:` condition) and the
 * order. `list --client X`, `catalog --client X` and `doctor --client X`
 * read this one view, so they cannot disagree.
 *
 * @module
 */
import { basename } from "../shared/path.ts";
import type { Discovery, Skill } from "../shared/types.ts";
import { policyOf, type SkillOverride } from "../serve/policy.ts";
import type { SkillPolicy } from "../serve/policy.ts";
import type { ClientViewRules } from "./clients_table.ts";
import { clientEntry, clientName } from "./client_profile.ts";
import { type ViewRule, viewRule } from "./client_view_rule.ts";
import { clientCopies } from "./client_extra_skills.ts";
import { refusalOf, withoutSingleSkillRoots } from "./client_load_rules.ts";
import { clientDescription } from "./client_descriptions.ts";
import { keptCopies } from "./client_duplicates.ts";
import { withinListingBudget } from "./client_budget.ts";
import {
  decidingRule,
  type SettingEntry,
  type SettingsContext,
} from "./client_settings.ts";
import { clientSettings, settingsReader } from "./settings_readers.ts";

export type { ViewRule } from "./client_view_rule.ts";

/**
 * A skill as one client offers (or loads but hides) it.
 *
 * @example Usage
 * ```ts
 * import { clientView, type ViewedSkill } from "./client_view.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "---\nname: a\ndescription: Does a.\ndisable-model-invocation: true\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * const viewed: ViewedSkill = (await clientView("claude", found)).skills[0]!;
 * assert.equal(viewed.policy.modelVisible, false);
 * assert.equal(viewed.hiddenBy?.rule, "disableModelInvocation");
 * ```
 */
export interface ViewedSkill {
  /** The skill as discovered. */
  readonly skill: Skill;
  /** The name the client invokes it by. */
  readonly name: string;
  /** The description as the client renders it. */
  readonly description: string;
  /** Its policy for this client (`modelVisible: false`: loaded, not offered). */
  readonly policy: SkillPolicy & { readonly conditional?: true };
  /** Why the model does not see it (when `policy.modelVisible` is false). */
  readonly hiddenBy?: ViewRule;
  /** The rules that shaped its name and description for this client. */
  readonly rendered: readonly ViewRule[];
}

/**
 * One client's view of a discovery (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { type ClientView, clientView } from "./client_view.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "\uFEFF---\nname: a\ndescription: Does a.\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * const view: ClientView = await clientView("codex", found);
 * assert.deepEqual(view.skills, []);
 * assert.equal(view.dropped[0]?.by.rule, "rejectsBom");
 * ```
 */
export interface ClientView {
  /** The table's name of the client. */
  readonly client: string;
  /** The skills it loads, in its order. */
  readonly skills: readonly ViewedSkill[];
  /** Skills found in its roots that it does not load, and the rule. */
  readonly dropped: readonly {
    readonly skill: Skill;
    readonly by: ViewRule;
    /** The name and description it would have been offered under (a copy another wins over). */
    readonly name?: string;
    readonly description?: string;
  }[];
}

/**
 * Applies a client's view to a discovery of its roots (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { clientView } from "./client_view.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "---\nname: a\ndescription: Does a.\nwhen_to_use: Often.\n---\n");
 * const found = await discover({ sources: [directorySource(root, { scope: "project" })] });
 * const view = await clientView("qwen-code", found);
 * assert.equal(view.skills[0]?.description, "Does a. — Often. (project)");
 * ```
 *
 * @param client A client name or alias.
 * @param found The discovery of its roots.
 * @param options The user's overrides; the roots (for the scope of a shadowed copy).
 * @returns The view.
 */
export async function clientView(
  client: string,
  found: Discovery,
  options: {
    readonly overrides?: readonly SkillOverride[];
    readonly roots?: readonly {
      readonly path: string;
      readonly scope: string;
    }[];
    /** Where the client's own settings are (its default roots' context): their rules apply. */
    readonly context?: SettingsContext | undefined;
  } = {},
): Promise<ClientView> {
  const entry = clientEntry(client);
  const name = clientName(client);
  const settings = await clientSettings(name, options.context);
  const byRule = (reason: string, setting: SettingEntry): ViewRule => ({
    rule: "settings",
    evidence: settingsReader(name)?.evidence ?? "",
    reason,
    // The setting as written, not the rule that matched with it.
    setting: {
      entry: setting.entry,
      from: setting.from,
      ...(setting.file === undefined ? {} : { file: setting.file }),
    },
  });
  const rules: ClientViewRules = entry.view ?? {};
  const overrides = options.overrides ?? [];
  const roots = options.roots ?? [];
  const identity = rules.identity?.value ?? "frontmatter";
  // Every copy, and what it loads that our discovery does not.
  const weighed = withoutSingleSkillRoots(
    await clientCopies(found, entry, roots),
    rules,
    roots,
  );
  const dropped: {
    skill: Skill;
    by: ViewRule;
    name?: string;
    description?: string;
  }[] = [...weighed.dropped];
  const refusal = refusalOf(found, rules);
  const loaded: ViewedSkill[] = [];
  for (const skill of weighed.copies) {
    const name = identity === "folder" && skill.dir !== undefined
      ? basename(skill.dir)
      : skill.name;
    const drop = refusal(skill, name);
    if (drop !== undefined) {
      dropped.push({ skill, by: drop });
      continue;
    }
    // The client's own settings: every skill off, or the last rule that speaks of it.
    if (settings.none !== undefined) {
      const { entry: what, from } = settings.none;
      dropped.push({
        skill,
        by: byRule(`every skill is off: ${what} in ${from}`, settings.none),
      });
      continue;
    }
    const rule = decidingRule(settings, skill, name);
    if (rule?.action === "off") {
      dropped.push({
        skill,
        by: byRule(`turned off by ${rule.entry} in ${rule.from}`, rule),
      });
      continue;
    }
    const shown = viewed(skill, name, rules, overrides);
    loaded.push(
      rule?.action === "name-only"
        ? {
          ...shown,
          description: "",
          rendered: [
            ...shown.rendered,
            byRule(`listed by name only: ${rule.entry} in ${rule.from}`, rule),
          ],
        }
        : shown,
    );
  }
  // Copies of one name.
  const copies = keptCopies(loaded, entry, roots);
  dropped.push(...copies.dropped);
  const ordered = rules.order?.value === "name"
    ? [...copies.kept].sort((a, b) => a.name.localeCompare(b.name))
    : copies.kept;
  // Its listing budget, over what it offers its model.
  const budgeted = withinListingBudget(
    ordered.filter((v) => v.policy.modelVisible),
    rules,
    (builtin) =>
      settings.none === undefined &&
      decidingRule(settings, builtinSkill(builtin), builtin)?.action !== "off",
  );
  let next = 0;
  const kept = ordered.map((v) =>
    v.policy.modelVisible ? budgeted[next++]! : v
  );
  return { client: entry.label, skills: kept, dropped };
}

/** A loaded skill under the client's name and description, with its policy. */
function viewed(
  skill: Skill,
  name: string,
  rules: ClientViewRules,
  overrides: readonly SkillOverride[],
): ViewedSkill {
  const rendered: ViewRule[] = [];
  if (name !== skill.name) {
    rendered.push(viewRule(rules, "identity", `named by its folder "${name}"`));
  }
  const shown = clientDescription(skill, name, rules);
  rendered.push(...shown.rendered);
  const description = shown.description;
  const { policy, hiddenBy } = visibility(skill, rules, overrides);
  return hiddenBy === undefined
    ? { skill, name, description, rendered, policy }
    : { skill, name, description, rendered, policy, hiddenBy };
}

/**
 * A skill's policy for a client, and the rule that hides it from the model:
 * `disable-model-invocation` as the client reads it, a `paths:` condition,
 * or the user's overrides.
 */
function visibility(
  skill: Skill,
  rules: ClientViewRules,
  overrides: readonly SkillOverride[],
): Pick<ViewedSkill, "policy" | "hiddenBy"> {
  const fm = skill.frontmatter;
  const raw = fm["disable-model-invocation"];
  const dmi = rules.disableModelInvocation?.value;
  const hides = dmi === undefined
    ? skill.disableModelInvocation === true
    : dmi === "ignored"
    ? false
    : dmi === "boolean"
    ? raw === true
    : raw === true || raw === "true";
  const policy = policyOf(
    { ...skill, disableModelInvocation: hides },
    overrides,
  );
  const paths = fm.paths;
  const conditional = rules.conditionalPaths?.value === true &&
    paths !== undefined && paths !== null &&
    !(Array.isArray(paths) && paths.length === 0);
  if (conditional && policy.modelVisible) {
    return {
      policy: {
        ...policy,
        modelVisible: false,
        conditional: true,
        source: "paths",
      },
      hiddenBy: viewRule(
        rules,
        "conditionalPaths",
        "it has a paths: condition: offered only once a matching file is touched",
      ),
    };
  }
  if (!policy.modelVisible) {
    const fromFlag = policy.source === "disable-model-invocation";
    return {
      policy,
      hiddenBy: fromFlag
        ? viewRule(
          rules,
          "disableModelInvocation",
          `disable-model-invocation: ${String(raw)}`,
        )
        : {
          rule: "policy",
          evidence: policy.source,
          reason: `${policy.mode} (${policy.source})`,
        },
    };
  }
  return { policy };
}

/**
 * A discovery as one client sees it: its loaded skills under the client's
 * names and descriptions, in its order, each with its policy for that
 * client (what `list --client X --json` writes).
 *
 * @example Usage
 * ```ts
 * import { clientView, viewedDiscovery } from "./client_view.ts";
 * import { discover, directorySource } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${root}/a`);
 * await Deno.writeTextFile(`${root}/a/SKILL.md`, "---\nname: a\ndescription: Does a.\ndisable-model-invocation: true\n---\n");
 * const found = await discover({ sources: [directorySource(root)] });
 * const { discovery, policies } = viewedDiscovery(found, await clientView("codex", found));
 * assert.equal(policies.get(discovery.skills[0]!)?.modelVisible, true);
 * ```
 *
 * @param found The discovery.
 * @param view The client's view of it.
 * @returns The discovery with the view's skills, and each one's policy.
 */
export function viewedDiscovery(
  found: Discovery,
  view: ClientView,
): {
  readonly discovery: Discovery;
  readonly policies: Map<Skill, ViewedSkill["policy"]>;
  readonly original: Map<Skill, Skill>;
} {
  const policies = new Map<Skill, ViewedSkill["policy"]>();
  const original = new Map<Skill, Skill>();
  const skills = view.skills.map((v) => {
    const skill: Skill = v.name === v.skill.name &&
        v.description === v.skill.description
      ? v.skill
      : Object.freeze({ ...v.skill, name: v.name, description: v.description });
    policies.set(skill, v.policy);
    original.set(skill, v.skill);
    return skill;
  });
  return { discovery: { ...found, skills }, policies, original };
}

/** One of the client's own bundled skills, for its settings rules to match. */
function builtinSkill(name: string): Skill {
  return Object.freeze({
    name,
    description: "",
    scope: "bundled",
    frontmatter: Object.freeze({ name }),
  }) as unknown as Skill;
}
