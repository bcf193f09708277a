// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope list`.
 *
 * @module
 */
import { discoverUninterrupted } from "../discover/discover.ts";
import { truncate } from "../parse/frontmatter.ts";
import type { Discovery } from "../shared/types.ts";
import type { Command } from "./command.ts";
import { EXIT } from "./errors.ts";
import { field, formatDiagnostic, writeErr, writeOut, writeRaw } from "./io.ts";
import {
  discoverOptionsFrom,
  jsonOption,
  ROOTS_GROUP,
} from "./root_options.ts";

/** The `list` command. */
export const listCommand: Command = {
  name: "list",
  usage: "list [--root DIR]... [--json]",
  description:
    "Lists every skill found, first root first. Skipped skills and other problems\nare reported on stderr with their file paths.",
  groups: [
    ROOTS_GROUP,
    {
      title: "Options",
      options: jsonOption('Print { "skills", "diagnostics", "shadowed" }'),
    },
  ],
  async run(values): Promise<number> {
    // A CLI run has no event loop to keep responsive: synchronous discovery is faster.
    const found = await discoverUninterrupted(discoverOptionsFrom(values));
    for (const d of found.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    if (values.json === true) {
      writeDiscoveryJson(found);
      return EXIT.ok;
    }
    if (found.skills.length === 0) {
      writeErr("No skills found\n");
      return EXIT.ok;
    }
    const rows = found.skills.map((s) => [
      field(s.name),
      field(s.scope ?? ""),
      field(truncate(s.description.replace(/\s+/g, " "), 60)),
      field(s.path ?? s.source.key),
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

/**
 * Writes a discovery as `JSON.stringify(found, null, 2)` would, one skill at
 * a time, so thousands of skills never sit in memory as one huge string.
 */
function writeDiscoveryJson(found: Discovery): void {
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
  ): void => {
    if (items.length === 0) {
      emit(`  "${key}": []${last ? "" : ","}\n`);
      return;
    }
    emit(`  "${key}": [\n`);
    items.forEach((item, i) => {
      emit(
        `    ${JSON.stringify(item, null, 2).replaceAll("\n", "\n    ")}${
          i < items.length - 1 ? "," : ""
        }\n`,
      );
    });
    emit(`  ]${last ? "" : ","}\n`);
  };
  emit("{\n");
  array("skills", found.skills, false);
  array("diagnostics", found.diagnostics, false);
  array("shadowed", found.shadowed, true);
  emit("}\n");
  writeRaw(chunk.join(""));
}
