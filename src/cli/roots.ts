// Copyright 2026 the skillscope authors. MIT license.
/**
 * `skillscope roots`.
 *
 * @module
 */
import { defaultRoots } from "../discover/default_roots.ts";
import { jsonOption, ROOT_OPTIONS } from "./root_options.ts";
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
  usage: "roots [--client NAME]... [--no-project] [--json]",
  description:
    "Prints the default roots in precedence order with their scope, whether each\nexists, and whether Deno grants read access to it.",
  examples: [
    "skillscope roots",
    "skillscope roots --client codex --json",
  ],
  groups: [{
    title: "Options",
    options: {
      client: ROOT_OPTIONS.client!,
      "no-project": { type: "boolean", help: "Leave out project roots" },
      ...jsonOption(
        'Print [{ "path", "scope", "client", "exists", "permitted" }]',
      ),
    },
  }],
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
      return {
        path: root.path,
        scope: root.scope,
        client: root.client,
        exists,
        permitted,
      };
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
