// Copyright 2026 the skillscope authors. MIT license.
/**
 * `doctor`: for each agent we know, whether it will see a skill, and why
 * not — from the one client table (roots and scanning rules).
 *
 * @module
 */
import { recordedCopies } from "../install/same_install.ts";
import { isInside } from "../shared/containment.ts";
import { misnamedSkillMd } from "../parse/misnamed_skill_md.ts";
import { join, resolve } from "../shared/path.ts";
import { CLIENTS, defaultRoots } from "../clients/default_roots.ts";
import { clientProfile } from "../clients/client_profile.ts";
import { discover } from "../discover/discover.ts";
import { SkillCache } from "../discover/scan_cache.ts";
import { directorySource } from "../discover/sources.ts";
import { isDirectorySkill } from "../parse/build_skill.ts";
import {
  existsSync,
  isDirectorySync,
  isFileSync,
} from "../shared/fs_checks.ts";
import type { DirectorySkill } from "../shared/types.ts";
import type { SameSkill } from "../discover/dedup.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { CliError, EXIT, UsageError } from "./errors.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";
import { agentNamed } from "./client_options.ts";
import { overridesFrom } from "./root_options.ts";
import { SkillSkippedError, skippedSkill } from "./skill_missing.ts";
import { renderTable, terminalWidth } from "./table.ts";
import { setupReport } from "./doctor_setup.ts";
import { setupText } from "./doctor_setup_view.ts";
import { rootsOfClient } from "./doctor_verdict.ts";
import { viewVerdict } from "./doctor_view.ts";
import { listedView } from "./agent_views.ts";
import { hasClientView } from "../clients/client_profile.ts";
import {
  copiesIn,
  type Copy,
  type CopyVerdict,
  verdictOver,
} from "./doctor_copies.ts";

/**
 * The skill the argument names, with every copy doctor weighs: for a
 * directory, itself and the copies in the agents' roots that are the same
 * skill (a link to it, a copy a lock records); for a name, every copy of
 * the name in those roots, in their order.
 */
async function findSkill(
  arg: string,
  clients: readonly string[],
  cache: SkillCache,
  same: SameSkill,
): Promise<{ skill: DirectorySkill; copies: Copy[] }> {
  const path = resolve(arg);
  // A skill without description loads here as Claude Code loads it: each
  // client's verdict says what that client does with it.
  if (isFileSync(join(path, "SKILL.md"))) {
    const found = await discover({
      sources: [
        directorySource(path, {
          recursive: true,
          maxDepth: 0,
          required: true,
          descriptionFallback: "first-paragraph",
        }),
      ],
      cache: false,
    });
    const skill = found.skills.find(isDirectorySkill);
    if (skill === undefined) {
      // The reason is in the error itself, for --json as for a person.
      const errors = found.diagnostics.filter((d) => d.level === "error");
      for (const d of found.diagnostics) {
        if (d.level !== "error") writeErr(`${formatDiagnostic(d)}\n`);
      }
      throw new SkillSkippedError(
        errors[0]?.code ?? "skill-invalid",
        `${path} is not a skill any agent loads: ${
          errors.map(formatDiagnostic).join("; ")
        }`,
      );
    }
    const itself: Copy = {
      skill,
      scope: undefined,
      diagnostics: found.diagnostics,
    };
    // A link in another agent's root answers as the skill it leads to.
    const { copies } = await copiesIn(defaultRoots({ clients }).roots, cache);
    const others = copies.filter((c) =>
      c.skill.name === skill.name &&
      (c.skill.dir === skill.dir || same(c.skill, skill))
    );
    if (!others.some((c) => c.skill.dir === skill.dir)) {
      others.unshift(itself);
    }
    return { skill, copies: others };
  }
  // A lowercase skill.md: no agent loads it; say which file and what to do.
  const misnamed = isDirectorySync(path) ? misnamedSkillMd(path) : undefined;
  if (misnamed !== undefined) {
    throw new CliError(
      `${misnamed.path}: ${misnamed.message}; no agent loads it until it is renamed`,
    );
  }
  if (arg.includes("/")) {
    throw new UsageError(
      `${arg} ${
        existsSync(path) ? "is not a skill directory" : "does not exist"
      }`,
    );
  }
  // A symlinked SKILL.md an agent skips is found too: each verdict then
  // says who skips it, as `list` does, rather than "No skill named".
  const found = await copiesIn(defaultRoots({ clients }).roots, cache);
  const copies = found.copies.filter((c) => c.skill.name === arg);
  if (copies.length === 0) {
    const skipped = skippedSkill(arg, found.diagnostics);
    if (skipped !== undefined) {
      throw new SkillSkippedError(skipped.diagnostic.code, skipped.message);
    }
    throw new CliError(
      `No skill named "${arg}" in any known agent's roots; pass its directory instead`,
    );
  }
  return { skill: copies[0]!.skill, copies };
}

/**
 * The agents doctor asks by default: those the table has a rule for, and
 * any other whose roots hold the skill's directory.
 */
function defaultClients(dirs: readonly string[]): string[] {
  return CLIENTS.filter((client) => {
    const profile = clientProfile(client);
    if (Object.keys(profile.sources).length > 0) return true;
    return rootsOfClient(client).own.some((r) =>
      dirs.some((dir) =>
        isInside(r.path, dir, { orEqual: true, resolved: true })
      )
    );
  });
}

/** The option groups of `doctor`. */
const GROUPS = [{
  title: "Options",
  options: {
    client: {
      type: "string",
      multiple: true,
      arg: "NAME",
      help:
        "Only these agents, by name or alias (repeatable; default: the agents with known rules, and any whose roots hold the skill; without a skill, the agents found on this machine)",
    },
    all: {
      type: "boolean",
      help: "Every agent of the client table",
    },
    config: {
      type: "string",
      arg: "FILE",
      help: "Overrides (default: ./skillscope.json when present)",
    },
    json: {
      type: "boolean",
      help:
        "Print { skill, clients: [...] }, or without a skill { agents, roots, skills, problems }",
    },
  },
}] as const satisfies readonly OptionGroup[];

/** `doctor [PATH|NAME]`. */
export const doctorCommand: CommandOf<typeof GROUPS> = {
  name: "doctor",
  usage: "doctor [PATH|NAME] [--client NAME]... [--all] [--json]",
  description:
    `Without a skill, checks the whole setup: the agents found on this machine
(by their own directories, or those of --client, or --all), the roots they
read, and every skill there with the agents that see it and those that do
not, and why; the skills with a problem come first, and each problem ends
with a next step (a command to run or an edit to make). Exits 1 when it
finds an error (an agent does not load a skill); warnings alone exit 0.
--json prints { agents, roots, skills, problems }.

With a skill, for each agent we know, says whether it will see it and why not,
from its profile in the client table: a root it does not scan, the depth it
looks, a symlinked directory or SKILL.md it does not follow, a name it
rejects, YAML its parser rejects, a missing description, another skill
shadowing it in its own precedence, a policy that hides it, a listing budget
it does not fit. Where an agent's rule is not known, it answers unknown.`,
  examples: [
    "skillscope doctor",
    "skillscope doctor ./.claude/skills/pdf-tools",
    "skillscope doctor pdf-tools --client codex --client claude",
  ],
  groups: GROUPS,
  async run(values, positionals): Promise<number> {
    if (positionals.length > 1) {
      throw new UsageError(
        "Name one skill (a directory or a name), or none for the whole setup\nUsage: skillscope doctor [PATH|NAME]",
      );
    }
    const named = values.client;
    const explicit: string[] = [];
    for (const client of named ?? []) {
      const name = agentNamed(client);
      if (name === "agents") {
        throw new UsageError(
          `"agents" is a convention, not an agent: name the agents to check`,
        );
      }
      if (!explicit.includes(name)) explicit.push(name);
    }
    if (positionals.length === 0) {
      const report = await setupReport({
        clients: named !== undefined
          ? explicit
          : values.all === true
          ? "all"
          : undefined,
        overrides: overridesFrom(values),
      });
      if (values.json === true) writeJson(report);
      else writeOut(setupText(report));
      // Warnings (a placeholder description, a shadowed copy) are reported
      // but do not fail the run: an agent still loads the skill.
      return report.problems.some((p) => p.level === "error")
        ? EXIT.failure
        : EXIT.ok;
    }
    const cache = new SkillCache();
    const same = recordedCopies();
    let wanted: { skill: DirectorySkill; copies: Copy[] };
    try {
      wanted = await findSkill(
        positionals[0]!,
        named === undefined ? CLIENTS : explicit,
        cache,
        same,
      );
    } catch (error) {
      // A folder no parser of ours loads: the agents with measured rules
      // still answer, from the listing `list --client` shows.
      if (
        !(error instanceof SkillSkippedError) || explicit.length === 0 ||
        !explicit.every(hasClientView)
      ) throw error;
      const dir = resolve(positionals[0]!);
      const verdicts = [];
      for (const client of explicit) {
        verdicts.push(
          viewVerdict(
            client,
            [dir],
            await listedView(client, overridesFrom(values)),
            { sees: "no", reasons: [error.message], blocking: [] },
          ),
        );
      }
      if (values.json === true) {
        writeJson({ skill: { dir, copies: [dir] }, clients: verdicts });
      } else {
        writeErr(`${error.message}\n`);
        writeOut(
          renderTable(
            ["AGENT", "SEES IT", "WHY"],
            verdicts.map((v) => [v.label, v.sees, field(v.reasons.join("; "))]),
          ),
        );
      }
      return EXIT.failure;
    }
    const { skill, copies } = wanted;
    const clients = named !== undefined
      ? explicit
      : values.all === true
      ? [...CLIENTS]
      : defaultClients(copies.map((c) => c.skill.dir));
    const overrides = overridesFrom(values);
    const verdicts: CopyVerdict[] = [];
    for (const client of clients) {
      const { verdict } = await verdictOver(
        client,
        copies,
        overrides,
        cache,
        same,
      );
      // Measured rules: exactly what `list --client` shows decides.
      verdicts.push(
        hasClientView(client)
          ? viewVerdict(
            client,
            copies.map((c) => c.skill.dir),
            await listedView(client, overrides),
            verdict,
          )
          : verdict,
      );
    }
    if (values.json === true) {
      writeJson({
        skill: {
          name: skill.name,
          dir: skill.dir,
          copies: copies.map((c) => c.skill.dir),
        },
        clients: verdicts,
      });
      return EXIT.ok;
    }
    writeOut(
      `${field(skill.name)}  ${
        copies.map((c) => field(c.skill.dir)).join(", ")
      }\n\n`,
    );
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
