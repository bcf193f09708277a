// Copyright 2026 the skillscope authors. MIT license.
/**
 * `doctor`: for each agent we know, whether it will see a skill, and why
 * not — from the one client table (roots and scanning rules).
 *
 * @module
 */
import { basename, join, relative, resolve } from "node:path";
import {
  clientRules,
  CLIENTS,
  defaultRoots,
} from "../discover/default_roots.ts";
import { discoverUninterrupted } from "../discover/discover.ts";
import { SkillCache } from "../discover/scan_cache.ts";
import { directorySource } from "../discover/sources.ts";
import { isDirectorySkill } from "../discover/build_skill.ts";
import { isFileSync } from "../shared/fs_checks.ts";
import { policyOf } from "../serve/policy.ts";
import { renderCatalogWithReport } from "../serve/catalog.ts";
import type { Diagnostic, DirectorySkill } from "../shared/types.ts";
import type { Command } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";
import { overridesFrom } from "./root_options.ts";
import { renderTable, terminalWidth } from "./table.ts";

/** What doctor says about one client. */
interface Verdict {
  client: string;
  label: string;
  /** `yes`, `no`, or `unknown` (a rule of that client is not known for sure). */
  sees: "yes" | "no" | "unknown";
  /** Why (empty for a plain yes). */
  reasons: string[];
}

const inside = (dir: string, root: string): boolean =>
  dir === root || dir.startsWith(root.endsWith("/") ? root : `${root}/`);

/** The skill the argument names: a skill directory, or a name in any client's roots. */
async function findSkill(
  arg: string,
  clients: readonly string[],
  cache: SkillCache,
): Promise<{ skill: DirectorySkill; diagnostics: readonly Diagnostic[] }> {
  const path = resolve(arg);
  if (isFileSync(join(path, "SKILL.md"))) {
    const found = await discoverUninterrupted({
      sources: [
        directorySource(path, { recursive: true, maxDepth: 0, required: true }),
      ],
      cache: false,
    });
    const skill = found.skills.find(isDirectorySkill);
    if (skill === undefined) {
      for (const d of found.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
      throw new CliError(
        `${path} is not a skill any agent loads: it does not parse (see above)`,
      );
    }
    return { skill, diagnostics: found.diagnostics };
  }
  if (arg.includes("/")) {
    throw new UsageError(`${arg} is not a skill directory`);
  }
  const { roots } = defaultRoots({ clients });
  const found = await discoverUninterrupted({
    sources: roots.map((r) =>
      directorySource(r.path, {
        onPermissionDenied: "skip",
        onInvalidRoot: "skip",
      })
    ),
    cache,
  });
  const skill = found.skills.filter(isDirectorySkill).find((s) =>
    s.name === arg
  );
  if (skill === undefined) {
    throw new CliError(
      `No skill named "${arg}" in any known agent's roots; pass its directory instead`,
    );
  }
  return {
    skill,
    diagnostics: found.diagnostics.filter((d) =>
      d.path !== undefined && inside(d.path, skill.dir)
    ),
  };
}

async function verdictFor(
  client: string,
  skill: DirectorySkill,
  diagnostics: readonly Diagnostic[],
  overrides: ReturnType<typeof overridesFrom>,
  cache: SkillCache,
): Promise<Verdict> {
  const rules = clientRules(client);
  // What stops it, what is not known for sure, and what is worth knowing.
  const reasons: string[] = [];
  const unknowns: string[] = [];
  const notes: string[] = [];
  const { roots: all } = defaultRoots({ clients: [client] });
  const roots = all.filter((r) =>
    r.client === client ||
    (r.client === "agents" && rules.readsAgentsDir !== false)
  );
  const agentsRoot = roots.some((r) =>
    r.client === "agents" && inside(skill.dir, r.path)
  );
  if (rules.readsAgentsDir === undefined && agentsRoot) {
    unknowns.push(`whether ${rules.label} reads .agents/skills is not known`);
  }
  // The deepest root holding the skill.
  const root = roots.filter((r) => inside(skill.dir, r.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (root === undefined) {
    reasons.push(
      `not in a root ${rules.label} scans (${
        roots.map((r) => r.path).join(", ") || "none known"
      })`,
    );
    return {
      client,
      label: rules.label,
      sees: "no",
      reasons: [...reasons, ...unknowns],
    };
  }
  const depth = relative(root.path, skill.dir).split(/[\\/]/).length;
  if (rules.depth === undefined) {
    if (depth > 1) {
      unknowns.push(
        `${depth} levels below ${root.path}; how deep ${rules.label} looks is not known`,
      );
    }
  } else if (depth > rules.depth) {
    reasons.push(
      `${depth} levels below ${root.path}; ${rules.label} looks ${rules.depth} level${
        rules.depth === 1 ? "" : "s"
      } deep`,
    );
  }
  let symlinked = false;
  try {
    symlinked = Deno.lstatSync(skill.path).isSymlink;
  } catch {
    symlinked = false;
  }
  if (symlinked) {
    if (rules.followsSymlinkedSkillMd === false) {
      reasons.push(`SKILL.md is a symlink, which ${rules.label} does not open`);
    } else if (rules.followsSymlinkedSkillMd === undefined) {
      unknowns.push(
        `SKILL.md is a symlink; whether ${rules.label} opens one is not known`,
      );
    }
  }
  const dirName = basename(skill.dir);
  if (skill.name !== dirName) {
    if (rules.requiresNameMatch === true) {
      reasons.push(
        `its name "${skill.name}" differs from its directory "${dirName}", which ${rules.label} rejects`,
      );
    } else if (rules.requiresNameMatch === undefined) {
      unknowns.push(
        `its name differs from its directory; whether ${rules.label} accepts that is not known`,
      );
    }
  }
  const repairedYaml = diagnostics.some((d) =>
    d.code === "yaml-invalid" && d.level === "warning"
  );
  if (repairedYaml) {
    if (rules.strictYaml === true) {
      reasons.push(
        `its YAML only parses after a repair ${rules.label} does not make`,
      );
    } else if (rules.strictYaml === undefined) {
      unknowns.push(
        `its YAML needs a repair; whether ${rules.label}'s parser makes it is not known`,
      );
    }
  }
  // Shadowed by another skill of the same name in an earlier root of that client.
  // One cache for the whole run: the roots agents share are scanned once.
  const found = await discoverUninterrupted({
    sources: roots.map((r) =>
      directorySource(r.path, {
        onPermissionDenied: "skip",
        onInvalidRoot: "skip",
      })
    ),
    cache,
  });
  const winner = found.skills.find((s) => s.name === skill.name);
  if (winner !== undefined && winner.dir !== skill.dir) {
    reasons.push(`shadowed by ${winner.path ?? winner.source.key}`);
  }
  // Over its listing budget: collapsed to its name, or left out.
  if (rules.budget !== undefined && reasons.length === 0) {
    const visible = found.skills.filter((s) =>
      policyOf(s, overrides).modelVisible
    );
    const { cuts } = renderCatalogWithReport(visible, {
      budget: rules.budget,
      overrides,
    });
    if (cuts.omittedNames?.includes(skill.name)) {
      reasons.push(
        `left out of ${rules.label}'s listing: ${visible.length} skills do not fit its budget`,
      );
    } else if (cuts.nameOnly?.includes(skill.name)) {
      notes.push(
        `listed by name only: ${visible.length} skills do not fit ${rules.label}'s budget`,
      );
    }
  } else if (rules.budget === undefined) {
    notes.push(`${rules.label}'s listing budget is not known: not checked`);
  }
  const policy = policyOf(skill, overrides);
  if (policy.mode === "off") reasons.push(`turned off (${policy.source})`);
  else if (!policy.modelVisible) {
    notes.push(
      `the model does not see it (${policy.mode}: ${policy.source}); the user can invoke it`,
    );
  }
  return {
    client,
    label: rules.label,
    sees: reasons.length > 0 ? "no" : unknowns.length > 0 ? "unknown" : "yes",
    reasons: [...reasons, ...unknowns, ...notes],
  };
}

/** `doctor [PATH|NAME]`. */
export const doctorCommand: Command = {
  name: "doctor",
  usage: "doctor PATH|NAME [--client NAME]... [--json]",
  description:
    `For each agent we know, says whether it will see the skill and why not: a
root it does not scan, the depth it looks, a symlinked SKILL.md it does not
open, a name it rejects, YAML its parser rejects, another skill shadowing it,
a policy that hides it, a listing budget it does not fit. Where an agent's
rule is not known for sure, it says so.`,
  examples: [
    "skillscope doctor ./.claude/skills/pdf-tools",
    "skillscope doctor pdf-tools --client codex --client claude",
  ],
  groups: [{
    title: "Options",
    options: {
      client: {
        type: "string",
        multiple: true,
        arg: "NAME",
        help: "Only these agents (repeatable; default: all)",
      },
      config: {
        type: "string",
        arg: "FILE",
        help: "Overrides (default: ./skillscope.json when present)",
      },
      json: { type: "boolean", help: "Print { skill, clients: [...] }" },
    },
  }],
  async run(values, positionals): Promise<number> {
    if (positionals.length !== 1) {
      throw new UsageError(
        "Name one skill (a directory or a name)\nUsage: skillscope doctor PATH|NAME",
      );
    }
    const clients = (values.client as string[] | undefined) ?? [...CLIENTS];
    for (const client of clients) {
      if (!(CLIENTS as readonly string[]).includes(client)) {
        throw new UsageError(
          `Unknown client "${client}": expected one of ${CLIENTS.join(", ")}`,
        );
      }
    }
    const cache = new SkillCache();
    const { skill, diagnostics } = await findSkill(
      positionals[0]!,
      clients,
      cache,
    );
    const overrides = overridesFrom(values);
    const verdicts: Verdict[] = [];
    for (const client of clients) {
      verdicts.push(
        await verdictFor(client, skill, diagnostics, overrides, cache),
      );
    }
    if (values.json === true) {
      writeJson({
        skill: { name: skill.name, dir: skill.dir },
        clients: verdicts,
      });
      return EXIT.ok;
    }
    writeOut(`${field(skill.name)}  ${field(skill.dir)}\n\n`);
    writeOut(
      renderTable(
        ["AGENT", "SEES IT", "WHY"],
        verdicts.map((v) => [
          v.label,
          v.sees,
          field(v.reasons.join("; ")),
        ]),
        Deno.stdout.isTerminal() ? { width: terminalWidth(), drop: -1 } : {},
      ),
    );
    return EXIT.ok;
  },
};
