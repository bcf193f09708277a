// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope roots`, and the table of default roots it prints (also shown
 * by `list` when it finds nothing).
 *
 * @module
 */
import type { DefaultRoot, DefaultRoots } from "../clients/default_roots.ts";
import { clientEntry, CLIENTS } from "../clients/client_profile.ts";
import { defaultRootsFrom } from "./client_options.ts";
import { jsonOption, ROOT_OPTIONS } from "./root_option_defs.ts";
import type { CommandOf, OptionGroup } from "./command.ts";
import { EXIT } from "./errors.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";
import { outputWidth, renderTable } from "./table.ts";

/** One default root as `roots` reports it. */
interface RootRow {
  readonly path: string;
  readonly scope: string;
  readonly client: string;
  /** `null` when it may not be read. */
  readonly exists: boolean | null;
  readonly permitted: boolean;
}

/** Whether each root exists and may be read (queried, never requested). */
function rootRows(roots: readonly DefaultRoot[]): RootRow[] {
  return roots.map((root) => {
    const permitted =
      Deno.permissions.querySync({ name: "read", path: root.path }).state ===
        "granted";
    let exists: boolean | null = null;
    if (permitted) {
      try {
        exists = Deno.statSync(root.path).isDirectory;
      } catch {
        exists = false;
      }
    }
    return {
      path: root.path,
      scope: root.scope,
      client: root.client,
      exists,
      permitted,
    };
  });
}

/**
 * The default roots as a table for people: scope, the convention or agent
 * each comes from, the agents that read it, whether it exists, whether it
 * may be read, and its path; then the agents detected on this machine.
 *
 * @param found The default roots.
 * @param indent Put before every line.
 * @returns The lines, each ending in `\n`.
 */
export function rootsTable(found: DefaultRoots, indent = ""): string {
  const rows = rootRows(found.roots).map((r, i) => [
    r.scope,
    field(r.client),
    found.roots[i]!.clients.filter((c) => c !== "agents").join(", "),
    r.exists === null ? "unknown" : r.exists ? "exists" : "missing",
    r.permitted ? "readable" : "no-access",
    field(r.path),
  ]);
  const width = outputWidth();
  const table = renderTable(
    ["SCOPE", "CLIENT", "READ BY", "STATE", "ACCESS", "PATH"],
    rows,
    width === undefined ? {} : { width: width - indent.length, shrink: 2 },
  );
  return table.replace(/^(?=.)/gm, indent);
}

/**
 * One line naming the agents detected on this machine and the directory
 * that gave each away, or where they were looked for.
 *
 * @param found The default roots (made with `detect`).
 * @returns The line, ending in `\n`.
 */
export function detectedLine(found: DefaultRoots): string {
  if (found.detected.length === 0) {
    // The first few agents of the table, by the home directory they keep.
    const examples = CLIENTS.flatMap((name) =>
      clientEntry(name).detect?.value.filter((p) => p.startsWith("~/")) ?? []
    ).slice(0, 4);
    return `No agent found on this machine by its own directory (${
      examples.join(", ")
    }, …: "skillscope help roots" lists them)\n`;
  }
  return `Agents found on this machine: ${
    found.detected.map((d) => `${d.client} (${field(d.path)})`).join(", ")
  }\n`;
}

/** The option groups of `roots`. */
const GROUPS = [{
  title: "Options",
  options: {
    client: ROOT_OPTIONS.client!,
    "no-project": { type: "boolean", help: "Leave out project roots" },
    ...jsonOption(
      'Print [{ "path", "scope", "client", "exists", "permitted" }]',
    ),
  },
}] as const satisfies readonly OptionGroup[];

/** The `roots` command. */
export const rootsCommand: CommandOf<typeof GROUPS> = {
  name: "roots",
  usage: "roots [--client NAME]... [--no-project] [--json]",
  description:
    `Prints the default roots in precedence order with their scope, the agents
that read each, whether each exists, and whether Deno grants read access to
it. Without --client, the roots of every agent installed here (found by its
own directory: ~/.claude, ~/.codex, …), as a plain "skillscope list" reads
them.`,
  examples: [
    "skillscope roots",
    "skillscope roots --client codex --json",
  ],
  groups: GROUPS,
  run(values): Promise<number> {
    const result = defaultRootsFrom(values);
    for (const d of result.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    if (values.json === true) {
      writeJson(rootRows(result.roots));
      return Promise.resolve(EXIT.ok);
    }
    writeOut(rootsTable(result));
    if (values.client === undefined) writeErr(detectedLine(result));
    return Promise.resolve(EXIT.ok);
  },
};
