// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope list`.
 *
 * @module
 */
import { discover } from "../discover.ts";
import { truncate } from "../frontmatter.ts";
import type { Command } from "./command.ts";
import { EXIT } from "./errors.ts";
import { formatDiagnostic, writeErr, writeJson, writeOut } from "./io.ts";
import { discoverOptionsFrom, SOURCE_HELP, SOURCE_OPTIONS } from "./sources.ts";

/** The `list` command. */
export const listCommand: Command = {
  name: "list",
  summary: "List the skills found in the roots",
  help: `Usage: skillscope list [--root DIR]... [--json]

Lists every skill found, first root first. Skipped skills and other problems
are reported on stderr with their file paths.

${SOURCE_HELP}

Options:
  --json           Print { "skills", "diagnostics", "shadowed" }
  -h, --help       Show this help`,
  options: { ...SOURCE_OPTIONS, json: { type: "boolean" } },
  async run(values): Promise<number> {
    const found = await discover(discoverOptionsFrom(values));
    for (const d of found.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    if (values.json === true) {
      writeJson(found);
      return EXIT.ok;
    }
    if (found.skills.length === 0) {
      writeErr("No skills found\n");
      return EXIT.ok;
    }
    const rows = found.skills.map((s) => [
      s.name,
      s.scope ?? "",
      truncate(s.description.replace(/\s+/g, " "), 60),
      s.path ?? s.source.key,
    ]);
    const header = ["NAME", "SCOPE", "DESCRIPTION", "PATH"];
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.map((r) => r[i]!.length))
    );
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
        .join("  ").trimEnd();
    writeOut(`${[header, ...rows].map(line).join("\n")}\n`);
    return EXIT.ok;
  },
};
