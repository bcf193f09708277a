// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope list`.
 *
 * @module
 */
import { discover } from "../discover/discover.ts";
import type { skillAgents } from "../clients/skill_agents.ts";
import { truncate } from "../parse/frontmatter.ts";
import type {
  Diagnostic,
  Discovery,
  Shadowed,
  Skill,
} from "../shared/types.ts";
import type { DiscoverOptions } from "../discover/discover.ts";
import { streamDiscovery } from "../discover/discover.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT, OutputClosed } from "./errors.ts";
import {
  field,
  onePerFile,
  writeDiagnostics,
  writeErr,
  writeRaw,
  writeStyled,
} from "./io.ts";
import { painter, scopeStyle } from "./colour.ts";
import { shortPath } from "./short_path.ts";
import {
  overridesFrom,
  remoteRootFailed,
  rootSelection,
  shownDiagnostics,
} from "./root_options.ts";
import {
  type JsonOption,
  jsonOption,
  ROOTS_GROUP,
} from "./root_option_defs.ts";
import {
  policyOf,
  type SkillOverride,
  type SkillPolicy,
} from "../serve/policy.ts";
import { outputWidth, renderTable } from "./table.ts";

/** The `list` command. */
export const listCommand: CommandOf<
  readonly [typeof ROOTS_GROUP, OptionGroup<JsonOption>]
> = {
  name: "list",
  usage: "list [DIR...] [--root DIR]... [--json]",
  description:
    `Lists every skill found, first root first. DIR (or --root DIR) is a skills
directory, or a skill directory itself; without one, the default roots:
those of each --client, or without --client those of every agent installed
here (found by its own directory: ~/.claude, ~/.codex, ~/.gemini, …), and
the AGENTS column says which of them sees each skill (--json: "agents").
A copy that install put into several agents' directories (a symlink, or a
copy skills.lock records with the same content) is one skill, reported in
--json "shadowed" with "same": true and not warned about; a copy that
differs is a clash and warned about. The table comes first, then on stderr
the skipped skills and other problems (each once, with its file path) and a
count. On a terminal the table fits its width (the path is shortened or
dropped first), paths are relative to the working directory (or ~) where
shorter, each problem is one line (--verbose prints them whole), and colour
shows state unless NO_COLOR is set or --no-color given; piped, it is stable,
plain and unwrapped.`,
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
    const selection = await rootSelection(values, positionals);
    // Named roots, as JSON: each skill is written as it is found, and none
    // is kept. The default roots' "agents" need every skill first.
    // A config that does not load fails the run after the discovery, as
    // below: it is read again there.
    const overrides = values.json === true && selection.defaults === undefined
      ? overridesOrNone(values)
      : undefined;
    if (overrides !== undefined) {
      return await listJsonStreamed(selection.options, values, overrides);
    }
    // A listing is waited for: large roots are read on both cores.
    const discovered = await discover({
      ...selection.options,
      readAhead: true,
    });
    // One --client with measured rules: what that client loads and offers,
    // under its names and descriptions, in its order (the views load only
    // for the default roots: a --root listing shows none).
    const views = selection.defaults === undefined
      ? undefined
      : await import("./view_of.ts");
    const viewed = views === undefined
      ? { discovery: discovered }
      : await views.viewOf(
        discovered,
        views.viewClient(values, selection),
        selection,
        overridesOrNone(values) ?? [],
      );
    const found = viewed.discovery;
    // A website named as a root that could not be listed fails the run, as
    // a missing directory does; its diagnostic says why.
    const failed = remoteRootFailed(found.diagnostics);
    const done = failed ? EXIT.failure : EXIT.ok;
    const agents = selection.defaults === undefined
      ? undefined
      : await agentsOf(
        discovered,
        found,
        viewed.original,
        await (await import("./agent_views.ts")).agentViews(
          values,
          selection,
          overridesOrNone(values) ?? [],
        ),
      );
    // Each problem once per real file (a skill linked into two agents'
    // directories is one skill); JSON keeps every diagnostic.
    const shown = onePerFile(shownDiagnostics(found.diagnostics, values));
    const verbose = values.verbose === true;
    if (values.json === true) {
      let overrides: SkillOverride[];
      try {
        overrides = overridesFrom(values);
      } catch (error) {
        // A config that does not load fails the run after the roots'
        // problems are reported, as the streamed listing does.
        writeDiagnostics(shown, { verbose });
        throw error;
      }
      writeDiscoveryJson(found, overrides, agents, viewed.policies);
      writeDiagnostics(shown, { verbose });
      return done;
    }
    if (found.skills.length === 0) {
      writeDiagnostics(shown, { verbose });
      if (values.quiet !== true && !failed) {
        const { nothingFound } = await import("./nothing_found.ts");
        writeErr(nothingFound(selection, values));
      }
      return done;
    }
    const unseen = writeTable(found.skills, agents);
    // The result first, then what explains it, then the problems.
    const note = painter("stderr");
    if (unseen && values.quiet !== true) {
      writeStyled(
        "stderr",
        `${
          note(
            'AGENTS "-": no agent installed here sees the skill ("skillscope doctor NAME" says why)',
            "dim",
          )
        }\n`,
      );
    }
    const cut = writeDiagnostics(shown, { verbose, oneLine: true });
    if (values.quiet !== true) {
      const problems = shown.length === 0 ? "" : ` (${
        note(
          `${shown.length} problem${shown.length === 1 ? "" : "s"}`,
          shown.some((d) => d.level === "error") ? "error" : "warning",
        )
      } reported above${cut === 0 ? "" : "; --verbose prints them whole"})`;
      const skipped = skippedCount(shown);
      const count = found.skills.length;
      writeStyled(
        "stderr",
        `${count} skill${count === 1 ? "" : "s"}${
          skipped === 0 ? "" : `, ${note(`${skipped} skipped`, "error")}`
        }${problems}\n`,
      );
    }
    return done;
  },
};

/**
 * Writes the table of skills to stdout; on a terminal its paths are short
 * and its states coloured (scope; agents that see a skill, or `-` for
 * none). Returns whether a skill shows `-`.
 */
function writeTable(
  skills: readonly Skill[],
  agents: ReadonlyMap<Skill, readonly string[]> | undefined,
): boolean {
  // Fitted to the terminal (or COLUMNS); with no width known (a pipe),
  // descriptions are cut at 60 characters for stable output.
  const width = outputWidth();
  const terminal = Deno.stdout.isTerminal();
  // A skill no agent sees shows "-", unless no skill has any (the
  // column is hidden then).
  const anyAgents = [...agents?.values() ?? []].some((a) => a.length > 0);
  let unseen = false;
  const rows = skills.map((s) => {
    const description = s.description.replace(/\s+/g, " ");
    const seenBy = agents?.get(s) ?? [];
    if (anyAgents && seenBy.length === 0) unseen = true;
    const path = s.path ?? s.source.key;
    return [
      field(s.name),
      field(s.scope ?? ""),
      anyAgents ? (seenBy.length === 0 ? "-" : seenBy.join(", ")) : "",
      field(width === undefined ? truncate(description, 60) : description),
      field(terminal ? shortPath(path) : path),
    ];
  });
  const paint = painter("stdout");
  writeStyled(
    "stdout",
    renderTable(["NAME", "SCOPE", "AGENTS", "DESCRIPTION", "PATH"], rows, {
      ...(width === undefined ? {} : { width }),
      shrink: 3,
      drop: 4,
      paint: (text, column, row) =>
        row === 0
          ? paint(text, "heading")
          : column === 1
          ? paint(text, scopeStyle(text))
          : column === 2
          ? paint(text, text === "-" ? "unseen" : "seen")
          : column === 4
          ? paint(text, "dim")
          : text,
    }),
  );
  return unseen;
}

/** How many skills were skipped: the SKILL.md files an error is about. */
function skippedCount(diagnostics: Discovery["diagnostics"]): number {
  return new Set(
    diagnostics.flatMap((d) =>
      d.level === "error" && d.path?.endsWith("SKILL.md") ? [d.path] : []
    ),
  ).size;
}

/**
 * `list --json` over named roots: the skills are written as discovery finds
 * them (a few hundred at a time), then the rest of the document, then the
 * diagnostics on stderr; the document is the same as from a whole discovery.
 * What fails a root fails the run before any skill is written. A reader that
 * goes away ends the writing, not the discovery: its diagnostics are still
 * reported.
 */
async function listJsonStreamed(
  options: DiscoverOptions,
  values: Parameters<typeof listCommand.run>[0],
  overrides: readonly SkillOverride[],
): Promise<number> {
  const skills = skillsJson(overrides, undefined);
  let closed: OutputClosed | undefined;
  const write = (step: () => void): void => {
    if (closed !== undefined) return;
    try {
      step();
    } catch (error) {
      if (!(error instanceof OutputClosed)) throw error;
      closed = error;
    }
  };
  const found = await streamDiscovery(
    { ...options, readAhead: true },
    (skill) => write(() => skills.push(skill)),
  );
  write(() => {
    skills.end();
    writeRest(found);
  });
  writeDiagnostics(onePerFile(shownDiagnostics(found.diagnostics, values)), {
    verbose: values.verbose === true,
  });
  if (closed !== undefined) throw closed;
  return remoteRootFailed(found.diagnostics) ? EXIT.failure : EXIT.ok;
}

/** The overrides, or `undefined` when the config does not load. */
function overridesOrNone(
  values: Parameters<typeof overridesFrom>[0],
): SkillOverride[] | undefined {
  try {
    return overridesFrom(values);
  } catch {
    return undefined;
  }
}

/**
 * Writes a discovery exactly as `JSON.stringify(found, null, 2)` would, with
 * each skill's `agents` (over the default roots) and effective `policy`
 * after its fields.
 */
function writeDiscoveryJson(
  found: Discovery,
  overrides: readonly SkillOverride[],
  agents: ReadonlyMap<Skill, readonly string[]> | undefined,
  policies?: ReadonlyMap<Skill, SkillPolicy>,
): void {
  const skills = skillsJson(overrides, agents, policies);
  for (const skill of found.skills) skills.push(skill);
  skills.end();
  writeRest(found);
}

/** The `"skills"` array, opening the document: each skill with its `agents` and `policy`. */
function skillsJson(
  overrides: readonly SkillOverride[],
  agents: ReadonlyMap<Skill, readonly string[]> | undefined,
  policies?: ReadonlyMap<Skill, SkillPolicy>,
): JsonArray<Skill> {
  return new JsonArray("{\n", "skills", false, (skill) => ({
    ...skill,
    ...(agents === undefined ? {} : { agents: agents.get(skill) ?? [] }),
    policy: policies?.get(skill) ?? policyOf(skill, overrides),
  }));
}

/**
 * The agents that see each shown skill (a client's view shows copies of the
 * discovered skills); the client table loads only for it.
 */
async function agentsOf(
  discovered: Discovery,
  shown: Discovery,
  original: ReadonlyMap<Skill, Skill> | undefined,
  views: Parameters<typeof skillAgents>[1],
): Promise<ReadonlyMap<Skill, readonly string[]>> {
  const { skillAgents } = await import("../clients/skill_agents.ts");
  const agents = skillAgents(discovered, views);
  if (original === undefined) return agents;
  const out = new Map<Skill, readonly string[]>();
  for (const skill of shown.skills) {
    out.set(skill, agents.get(original.get(skill) ?? skill) ?? []);
  }
  return out;
}

/** The document after its skills: the diagnostics and the shadow reports. */
function writeRest(found: Pick<Discovery, "diagnostics" | "shadowed">): void {
  const diagnostics = new JsonArray<Diagnostic>("", "diagnostics", false);
  for (const d of found.diagnostics) diagnostics.push(d);
  diagnostics.end();
  const shadowed = new JsonArray<Shadowed>("", "shadowed", true);
  for (const s of found.shadowed) shadowed.push(s);
  shadowed.end();
  writeRaw("}\n");
}

/** Items serialized per `JSON.stringify` call. */
const SLICE = 64;

/**
 * Writes `  "key": [ … ]` as the body of an object indented by two spaces,
 * items as they come, a slice at a time: thousands of items never sit in
 * memory as one huge string, and each slice is one `JSON.stringify` call
 * (no per-item re-indenting). `JSON.stringify({ key: slice }, null, 2)`
 * indents the items exactly as they sit in the whole document, so only its
 * first and last lines are cut. Nothing is written before the first slice
 * is full or the array ends.
 */
class JsonArray<T> {
  #slice: unknown[] = [];
  #started = false;
  readonly #before: string;
  readonly #key: string;
  readonly #last: boolean;
  readonly #shape: ((item: T) => unknown) | undefined;

  constructor(
    before: string,
    key: string,
    last: boolean,
    shape?: (item: T) => unknown,
  ) {
    this.#before = before;
    this.#key = key;
    this.#last = last;
    this.#shape = shape;
  }

  push(item: T): void {
    this.#slice.push(this.#shape === undefined ? item : this.#shape(item));
    if (this.#slice.length === SLICE) this.#flush();
  }

  end(): void {
    if (this.#slice.length > 0) this.#flush();
    const end = this.#last ? "\n" : ",\n";
    writeRaw(
      this.#started
        ? `\n  ]${end}`
        : `${this.#before}  ${JSON.stringify(this.#key)}: []${end}`,
    );
  }

  #flush(): void {
    const head = `  ${JSON.stringify(this.#key)}: [\n`;
    const text = JSON.stringify({ [this.#key]: this.#slice }, null, 2);
    this.#slice = [];
    // Cut "{\n" + head before the items and "\n  ]\n}" after them.
    const items = text.slice(2 + head.length, -6);
    writeRaw(this.#started ? `,\n${items}` : `${this.#before}${head}${items}`);
    this.#started = true;
  }
}
