// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope roots`.
 *
 * @module
 */
import { defaultRoots } from "../discover/default_roots.ts";
import type { Command } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";

/** The `roots` command. */
export const rootsCommand: Command = {
  name: "roots",
  summary: "Show the default skill roots, whether each exists and may be read",
  help: `Usage: skillscope roots [--client NAME]... [--no-project] [--json]

Prints the default roots in precedence order with their scope, whether each
exists, and whether Deno grants read access to it.

Options:
  --client NAME    Add an agent's roots: claude, codex, gemini, opencode,
                   cursor, zero (repeatable)
  --no-project     Leave out project roots
  --json           Print [{ "path", "scope", "client", "exists", "permitted" }]
  -h, --help       Show this help`,
  options: {
    client: { type: "string", multiple: true },
    "no-project": { type: "boolean" },
    json: { type: "boolean" },
  },
  run(values): Promise<number> {
    const clients = (values.client as string[] | undefined) ?? [];
    let result;
    try {
      result = defaultRoots({
        clients,
        trustProject: values["no-project"] !== true,
      });
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(error.message);
      throw error;
    }
    for (const d of result.diagnostics) writeErr(`${formatDiagnostic(d)}\n`);
    const rows = result.roots.map((root) => {
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
      return { ...root, exists, permitted };
    });
    if (values.json === true) {
      writeJson(rows);
    } else {
      const text = rows.map((r) =>
        `${r.scope.padEnd(7)}  ${r.client.padEnd(8)}  ${
          r.exists === null ? "unknown" : r.exists ? "exists " : "missing"
        }  ${r.permitted ? "readable  " : "no-access "}  ${field(r.path)}`
      );
      writeOut(`${text.join("\n")}\n`);
    }
    return Promise.resolve(EXIT.ok);
  },
};
