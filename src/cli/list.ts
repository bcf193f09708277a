// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope list`.
 *
 * @module
 */
import { discoverUninterrupted } from "../discover/discover.ts";
import { truncate } from "../parse/frontmatter.ts";
import type { Discovery, Skill } from "../shared/types.ts";
import type { Command } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, formatDiagnostic, writeErr, writeOut, writeRaw } from "./io.ts";
import {
  discoverOptionsFrom,
  jsonOption,
  overridesFrom,
  ROOTS_GROUP,
  shownDiagnostics,
} from "./root_options.ts";
import {
  policyOf,
  type SkillOverride,
  type SkillPolicy,
} from "../serve/policy.ts";
import { renderTable, terminalWidth } from "./table.ts";

/** The `list` command. */
export const listCommand: Command = {
  name: "list",
  usage: "list [DIR...] [--root DIR]... [--json]",
  description:
    `Lists every skill found, first root first. DIR (or --root DIR) is a skills
directory, or a skill directory itself; without one, the default roots.
Skipped skills and other problems are reported on stderr with their file
paths, then a count. On a terminal the table fits its width (the path is
shortened or dropped first); piped, it is stable and unwrapped.`,
  examples: [
    "skillscope list",
    "skillscope list ./skills --json",
    "skillscope list --client claude --exclude 'test-*'",
  ],
  groups: [
    ROOTS_GROUP,
    {
      title: "Options",
      options: jsonOption('Print { "skills", "diagnostics", "shadowed" }'),
    },
  ],
  async run(values, positionals): Promise<number> {
    // A CLI run has no event loop to keep responsive: synchronous discovery is faster.
    const found = await discoverUninterrupted(
      discoverOptionsFrom(values, positionals),
    );
    const shown = shownDiagnostics(found.diagnostics, values);
    for (const d of shown) writeErr(`${formatDiagnostic(d)}\n`);
    if (values.json === true) {
      writeDiscoveryJson(found, overridesFrom(values));
      return EXIT.ok;
    }
    if (found.skills.length === 0) {
      if (values.quiet !== true) writeErr("No skills found\n");
      return EXIT.ok;
    }
    const rows = found.skills.map((s) => [
      field(s.name),
      field(s.scope ?? ""),
      field(truncate(s.description.replace(/\s+/g, " "), 60)),
      field(s.path ?? s.source.key),
    ]);
    const width = Deno.stdout.isTerminal() ? terminalWidth() : undefined;
    writeOut(
      renderTable(["NAME", "SCOPE", "DESCRIPTION", "PATH"], rows, {
        ...(width === undefined ? {} : { width }),
        shrink: 2,
        drop: 3,
      }),
    );
    if (values.quiet !== true) {
      const problems = shown.length === 0
        ? ""
        : ` (${shown.length} problem${
          shown.length === 1 ? "" : "s"
        } reported above)`;
      writeErr(
        `${found.skills.length} skill${
          found.skills.length === 1 ? "" : "s"
        }${problems}\n`,
      );
    }
    return EXIT.ok;
  },
};

/**
 * Writes a discovery as `JSON.stringify(found, null, 2)` would, one skill at
 * a time, so thousands of skills never sit in memory as one huge string.
 */
function writeDiscoveryJson(
  found: Discovery,
  overrides: readonly SkillOverride[],
): void {
  const chunk: string[] = [];
  let size = 0;
  const emit = (text: string): void => {
    chunk.push(text);
    size += text.length;
    if (size > 1 << 16) {
      writeRaw(chunk.join(""));
      chunk.length = 0;
      size = 0;
    }
  };
  const array = (
    key: string,
    items: readonly unknown[],
    last: boolean,
    extend?: (item: unknown, json: string) => string,
  ): void => {
    if (items.length === 0) {
      emit(`  "${key}": []${last ? "" : ","}\n`);
      return;
    }
    emit(`  "${key}": [\n`);
    items.forEach((item, i) => {
      let json = JSON.stringify(item, null, 2);
      if (extend !== undefined) json = extend(item, json);
      emit(
        `    ${json.replaceAll("\n", "\n    ")}${
          i < items.length - 1 ? "," : ""
        }\n`,
      );
    });
    emit(`  ]${last ? "" : ","}\n`);
  };
  emit("{\n");
  // Each skill with its effective policy (what the model and the user see),
  // spliced in as text: no copy of the skill, one text per distinct policy.
  const policyText = new Map<SkillPolicy, string>();
  array(
    "skills",
    found.skills,
    false,
    (skill, json) => {
      const policy = policyOf(skill as Skill, overrides);
      let text = policyText.get(policy);
      if (text === undefined) {
        text = JSON.stringify(policy, null, 2).replaceAll("\n", "\n  ");
        policyText.set(policy, text);
      }
      return `${json.slice(0, -2)},\n  "policy": ${text}\n}`;
    },
  );
  array("diagnostics", found.diagnostics, false);
  array("shadowed", found.shadowed, true);
  emit("}\n");
  writeRaw(chunk.join(""));
}
