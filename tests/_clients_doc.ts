// Copyright 2026 the skillscope authors. MIT license.
// docs/clients.md, rendered from the one client table (then formatted by
// deno fmt): the test compares the file with this rendering;
// CLIENTS_DOC_UPDATE=1 rewrites it.
import { settingsReader } from "../src/clients/settings_readers.ts";
import {
  CLIENT_TABLE,
  type ClientEntry,
  type ClientRootEntry,
} from "../src/clients/clients_table.ts";

const RULES: readonly [keyof ClientEntry, string][] = [
  ["precedence", "precedence (highest first)"],
  ["depth", "depth below a root"],
  ["followsSymlinkedDirs", "follows a symlinked directory"],
  ["followsSymlinkedSkillMd", "opens a symlinked SKILL.md"],
  ["readsAgentsDir", "reads .agents/skills"],
  ["requiresNameMatch", "name must equal the directory"],
  ["keepsDuplicateNames", "keeps two skills of one name"],
  ["strictYaml", "drops an unquoted colon"],
  ["withoutDescription", "a skill without description"],
  ["readsCodexMetadata", "reads agents/openai.yaml"],
  ["budget", "listing budget"],
  ["projectWalk", "project directories read"],
];

function rootText(root: ClientRootEntry, scope = false): string {
  const path = typeof root.path === "string"
    ? `\`${root.path}\``
    : root.path.map((p) => `\`${p}\``).join(" or ");
  const notes = [
    ...(scope && root.scope !== "user" ? [root.scope] : []),
    ...(root.os ?? []),
  ];
  return notes.length === 0 ? path : `${path} (${notes.join(", ")})`;
}

function roots(entry: ClientEntry, scopes: readonly string[]): string {
  const list = entry.roots.filter((r) => scopes.includes(r.scope));
  if (list.length === 0) return "—";
  return list.map((r) => rootText(r, scopes.length > 1)).join(", ");
}

function value(fact: unknown): string {
  if (fact === undefined) return "unknown";
  const v = (fact as { value: unknown }).value;
  if (Array.isArray(v)) return v.join(", ");
  if (typeof v === "object" && v !== null) {
    return Object.entries(v).map(([k, x]) => `${k} ${x}`).join(", ");
  }
  return String(v);
}

/** Escapes the characters a Markdown table cell cannot hold. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => r[i]!.length))
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [
    line(header),
    `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}

/** The text of docs/clients.md. */
export function renderClientsDoc(): string {
  const entries = Object.entries(CLIENT_TABLE) as [string, ClientEntry][];
  const known = (entry: ClientEntry) =>
    entry.view !== undefined ||
    RULES.some(([key]) => entry[key] !== undefined);
  const out: string[] = [
    "# Client profiles",
    "",
    "<!-- Rendered from src/clients/clients_table.ts by tests/_clients_doc.ts; run",
    "CLIENTS_DOC_UPDATE=1 deno test -A tests/client_profiles_test.ts after changing the table. -->",
    "",
    "One table of agents drives `--client NAME` (list, catalog, mcp, …),",
    "`defaultSources({ clients })`, `install --client NAME` and `doctor`. For each",
    "agent it gives its roots with their scope, the order it reads them in, how deep",
    "it looks, its symlink, name and description rules, and the source of each fact.",
    "A rule marked `unknown` is not documented anywhere we could check: discovery",
    "then applies the Agent Skills default (immediate subdirectories, symlinks",
    "followed) and `doctor` answers `unknown` when the skill depends on it.",
    "",
    "How the profiles are applied:",
    "",
    "- **Roots.** A project root is looked for in every directory from the git root",
    "  down to the cwd (deepest first); `~/…` is below the home directory, `$NAME/…`",
    "  below that environment variable when it is set (else the next alternative).",
    "  A directory-name variant (opencode's `skill` beside `skills`) is a root of",
    "  its own. The shared `.agents/skills` roots are included, except under",
    "  `--client` for agents known not to read them (Claude Code). Some agents",
    "  read project roots only in the cwd, or every ancestor outside a git",
    "  repository (`project directories read`).",
    "- **Client views.** For an agent verified against its binary, `list --client`,",
    "  `catalog --client` and `doctor --client` apply its view rules after",
    "  discovery: which skills it loads (parser leniency, hidden folders, name and",
    "  description rules), the name and description it offers each under, which",
    "  copies of a name it keeps, which it hides from the model",
    "  (`disable-model-invocation`, `paths:`), and its order. `doctor` answers from",
    "  the same listing and names the rule and its evidence.",
    "- **Precedence** is per profile: the first `--client` orders the scopes (Claude",
    "  Code: admin, user, project; Codex and the default: project, user, system,",
    "  admin), and within a scope its own roots come first, in its own order, then",
    "  the other clients', then the shared ones. An earlier skill shadows a later one",
    "  of the same name (reported as `skill-shadowed`).",
    "- **Scanning.** A root is scanned as the clients that read it scan it, the",
    "  widest rule winning when several do: depth 1 is the immediate subdirectories,",
    "  a larger depth a recursive scan bounded at that depth (`any` at 32) and 2000",
    "  directories, symlinked directories followed once (a cycle is reported, never",
    "  looped), unless the profile says the agent does not follow them (Codex's",
    "  system root).",
    "- **Descriptions.** On a root Claude Code reads, a skill without `description`",
    "  is described by the first paragraph of its body, with a",
    "  `description-from-body` warning; elsewhere it is skipped (`description-missing`).",
    "- **Detection.** Without `--root` and `--client`, every agent whose own",
    "  directory exists (the `detected by` column: any of the paths listed; a",
    "  relative one in a project directory) adds its roots, and `list` shows which",
    "  agents see each skill: each agent's roots are read alone and its measured view",
    "  applied (what `list --client NAME` shows), so an agent that refuses a file",
    "  (Codex and a byte-order mark) or prefers another copy (Claude Code and a",
    "  personal skill) is not named. The shared convention is always included.",
    "- **The agents' own settings.** For the agents whose profile below names",
    "  them, the default roots and every `--client` view read the agent's own",
    "  settings files and variables, as measured on its binary: a folder a setting",
    "  adds is a root of that agent, a root a variable turns off is left out, and a",
    "  skill a setting turns off is not listed (`doctor` names the entry and the",
    "  file, view rule `settings`). A settings file that is missing, not covered by",
    "  `--allow-read` or not valid is left out, as the agents leave it.",
    "- **Listing budgets.** Qwen Code's is applied as its binary applies it: when",
    "  its `<available_skills>` block, its own bundled skills counted, is over 8,000",
    "  characters, every other skill is listed with the first line of its",
    "  description only. Claude Code's (1% of the model's context window, with usage",
    "  ranking) and Codex's (2% of it, descriptions shortened evenly, then skills",
    "  dropped from the end) depend on the model, which skillscope cannot know: they",
    "  are not applied, so with many long descriptions those agents may send less",
    "  than `list --client` shows. Gemini CLI, opencode and pi send every",
    "  description whole (measured with 60 to 80 skills).",
    "- **Install.** `install --client NAME` writes to the root marked for install, else",
    "  the first root of the scope (`--project`: the project one); recorded install",
    "  targets must end in one of the table's project or home-relative directories.",
    "",
    "## Every agent",
    "",
  ];
  out.push(table(
    [
      "name",
      "agent",
      "detected by",
      "project roots",
      "user / system / admin roots",
      "evidence",
    ],
    entries.map(([name, entry]) => [
      cell(
        [name, ...(entry.aliases ?? [])].map((n) => `\`${n}\``).join(", "),
      ),
      cell(entry.label),
      cell(
        entry.detect?.value.map((p) => `\`${p}\``).join(", ") ??
          (name === "agents" ? "always" : "—"),
      ),
      cell(roots(entry, ["project"])),
      cell(roots(entry, ["user", "system", "admin"])),
      entry.verified === undefined
        ? (name === "agents" ? "—" : "from documentation only")
        : `verified against ${entry.verified.value}`,
    ]),
  ));
  out.push(
    "",
    "Agents without a section below have roots only (from the vercel-labs/skills",
    "agent table): every rule of theirs is `unknown`.",
    "",
    "## Profiles with known rules",
  );
  for (const [name, entry] of entries) {
    if (!known(entry)) continue;
    out.push("", `### ${entry.label} (\`${name}\`)`, "");
    out.push(
      entry.verified === undefined
        ? "From documentation only: no binary run checked these rules."
        : `Verified against ${entry.label} ${entry.verified.value} (${entry.verified.source}).`,
      "",
    );
    if (entry.detect !== undefined) {
      out.push(
        `- detected by ${
          entry.detect.value.map((p) => `\`${p}\``).join(", ")
        }: ${entry.detect.source}`,
      );
    }
    for (const root of entry.roots) {
      out.push(`- ${root.scope} root ${rootText(root)}: ${root.source}`);
    }
    for (const [key, label] of RULES) {
      const fact = entry[key] as { source: string } | undefined;
      out.push(
        `- ${label}: **${value(fact)}**${
          fact === undefined ? "" : ` (${fact.source})`
        }`,
      );
    }
    for (const [key, fact] of Object.entries(entry.view ?? {})) {
      const { source } = fact as { source: string };
      out.push(`- view rule \`${key}\`: **${value(fact)}** (${source})`);
    }
    const settings = settingsReader(name);
    if (settings !== undefined) {
      out.push(
        `- its own settings (view rule \`settings\`): ${settings.reads}${
          settings.evidence === "" ? "" : ` (${settings.evidence})`
        }`,
      );
    }
  }
  return `${out.join("\n")}\n`;
}
