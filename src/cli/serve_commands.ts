// Copyright 2026 the skillscope authors. MIT license.
/**
 * The commands that serve skills to an agent: `read`, `asset`, `resources`,
 * `match`, `search`, `catalog`, `activate`, `mcp`.
 *
 * @module
 */
import type { CatalogFormat } from "../serve/catalog.ts";
import type { Command } from "./command.ts";
import { EXIT, UsageError } from "./errors.ts";
import {
  field,
  formatDiagnostic,
  writeErr,
  writeJson,
  writeOut,
} from "./io.ts";
import {
  expectArgs,
  jsonOption,
  openSkillSet,
  ROOTS_GROUP,
} from "./root_options.ts";

/** `read NAME`. */
export const readCommand: Command = {
  name: "read",
  usage: "read NAME [--json]",
  description:
    'Prints the body of SKILL.md. --json adds "name", "dir" and "resources".',
  groups: [ROOTS_GROUP, { title: "Options", options: jsonOption() }],
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope read NAME");
    const set = openSkillSet(values);
    const body = await set.read(name!);
    if (values.json === true) {
      const skill = set.require(name!);
      const resources = await set.resources(name!);
      writeJson({
        name: skill.name,
        body,
        dir: skill.dir ?? null,
        resources: resources.files,
      });
    } else {
      writeOut(body);
    }
    return EXIT.ok;
  },
};

/** `asset NAME RELPATH`. */
export const assetCommand: Command = {
  name: "asset",
  usage: "asset NAME RELPATH",
  description:
    'Writes the file\'s bytes to stdout. RELPATH is relative to the skill\ndirectory; absolute paths, ".." and symlinks leading outside the skill are\nrefused (exit 1).',
  groups: [ROOTS_GROUP],
  async run(values, positionals): Promise<number> {
    const [name, path] = expectArgs(
      positionals,
      2,
      "skillscope asset NAME RELPATH",
    );
    const set = openSkillSet(values);
    const bytes = await set.readAsset(name!, path!);
    if (Deno.stdout.isTerminal()) {
      // On a terminal the bytes are shown, escaped; piped, they are exact.
      writeOut(new TextDecoder().decode(bytes));
      return EXIT.ok;
    }
    let rest = bytes;
    while (rest.length > 0) rest = rest.subarray(Deno.stdout.writeSync(rest));
    return EXIT.ok;
  },
};

/** `resources NAME`. */
export const resourcesCommand: Command = {
  name: "resources",
  usage: "resources NAME [--json]",
  description:
    'Lists the skill\'s files (relative paths; hidden ones skipped).\n--json: { "files", "truncated" }.',
  groups: [ROOTS_GROUP, { title: "Options", options: jsonOption() }],
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope resources NAME");
    const set = openSkillSet(values);
    const resources = await set.resources(name!);
    if (values.json === true) writeJson(resources);
    else if (resources.files.length > 0) {
      writeOut(
        `${resources.files.map(field).join("\n")}\n${
          resources.truncated ? "(more files not listed)\n" : ""
        }`,
      );
    }
    return EXIT.ok;
  },
};

/** `match PATH...`. */
export const matchCommand: Command = {
  name: "match",
  usage: "match PATH... [--json]",
  description:
    'Prints the names of the matching skills.\n--json: { "matched": [{ name, path, globs, alwaysApply }] }.',
  groups: [ROOTS_GROUP, { title: "Options", options: jsonOption() }],
  run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError('"match" needs at least one PATH');
    }
    const set = openSkillSet(values);
    const matched = set.match(positionals);
    if (values.json === true) {
      writeJson({
        matched: matched.map((s) => ({
          name: s.name,
          path: s.path ?? s.source.key,
          globs: s.globs ?? [],
          alwaysApply: s.alwaysApply ?? false,
        })),
      });
    } else if (matched.length > 0) {
      writeOut(`${matched.map((s) => field(s.name)).join("\n")}\n`);
    }
    return Promise.resolve(EXIT.ok);
  },
};

/** `search QUERY`. */
export const searchCommand: Command = {
  name: "search",
  usage: "search QUERY [--limit N] [--json]",
  description: "Ranks skills by BM25 over their names and descriptions.",
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      limit: { type: "string", arg: "N", help: "Most results (default 10)" },
      ...jsonOption(),
    },
  }],
  run(values, positionals): Promise<number> {
    if (positionals.length === 0) {
      throw new UsageError('"search" needs a QUERY');
    }
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) {
      throw new UsageError(
        `--limit must be a positive integer, got "${values.limit}"`,
      );
    }
    const set = openSkillSet(values);
    const hits = set.search(positionals.join(" "), { limit });
    if (values.json === true) {
      writeJson(
        hits.map((h) => ({
          name: h.skill.name,
          score: h.score,
          description: h.skill.description,
        })),
      );
    } else if (hits.length > 0) {
      writeOut(
        `${
          hits.map((h) =>
            `${field(h.skill.name)}\t${h.score.toFixed(3)}\t${
              field(h.skill.description.replace(/\s+/g, " "))
            }`
          ).join("\n")
        }\n`,
      );
    }
    return Promise.resolve(EXIT.ok);
  },
};

const FORMATS: readonly CatalogFormat[] = [
  "xml",
  "json",
  "markdown",
  "skills-ref",
];

/** `catalog`. */
export const catalogCommand: Command = {
  name: "catalog",
  usage: "catalog [--format xml|json|markdown|skills-ref] [--max-chars N]",
  description:
    "Prints the catalog sorted by name; nothing at all when there are no skills.",
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      format: {
        type: "string",
        arg: "F",
        help:
          "xml (default), json, markdown, or skills-ref (the reference tool's to-prompt output)",
      },
      "max-chars": {
        type: "string",
        arg: "N",
        help: "Budget: shorten, then drop descriptions, then omit skills",
      },
    },
  }],
  run(values): Promise<number> {
    const format = (values.format ?? "xml") as CatalogFormat;
    if (!FORMATS.includes(format)) {
      throw new UsageError(
        `--format must be one of ${FORMATS.join(", ")}, got "${values.format}"`,
      );
    }
    const raw = values["max-chars"];
    const maxChars = raw === undefined ? undefined : Number(raw);
    if (
      maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 0)
    ) {
      throw new UsageError(
        `--max-chars must be a non-negative integer, got "${raw}"`,
      );
    }
    const set = openSkillSet(values, { report: true });
    const text = set.catalog(
      maxChars === undefined ? { format } : { format, maxChars },
    );
    if (text !== "") writeOut(`${text}\n`);
    return Promise.resolve(EXIT.ok);
  },
};

/** `activate NAME`. */
export const activateCommand: Command = {
  name: "activate",
  usage: "activate NAME",
  description:
    'Prints <skill_content name="…"> with the body, the skill directory and its\nfiles.',
  groups: [ROOTS_GROUP],
  async run(values, positionals): Promise<number> {
    const [name] = expectArgs(positionals, 1, "skillscope activate NAME");
    const set = openSkillSet(values);
    writeOut(`${await set.activate(name!)}\n`);
    return EXIT.ok;
  },
};

/** `mcp`. */
export const mcpCommand: Command = {
  name: "mcp",
  usage:
    "mcp [--root DIR]... [--http [HOST:]PORT [--allow-remote]] [--no-watch]",
  description: `Runs an MCP server with the standard skills extension
(io.modelcontextprotocol/skills: skills/list, skills/get, resources/read and
resources/directory/read on skill://NAME/PATH) and the tools skills_list,
skills_read, skills_read_asset, skills_match and skills_search. It watches the
roots and tells the client when skills change. Diagnostics go to stderr.
Without --http it speaks on stdin/stdout, one JSON-RPC message per line.`,
  groups: [ROOTS_GROUP, {
    title: "Options",
    options: {
      http: {
        type: "string",
        arg: "[HOST:]PORT",
        help:
          "Streamable HTTP at http://HOST:PORT/mcp (HOST defaults to 127.0.0.1; needs --allow-net=HOST)",
      },
      "allow-remote": {
        type: "boolean",
        help: "Allow a HOST that is not a loopback address",
      },
      "no-watch": {
        type: "boolean",
        help: "Do not watch the roots for changes",
      },
    },
  }],
  async run(values): Promise<number> {
    const http = values.http === undefined
      ? undefined
      : parseListen(String(values.http));
    const set = openSkillSet(values, { report: true });
    // Loaded on demand: no other command needs the MCP SDK.
    const { McpTransportError, serveMcp } = await import("../mcp/serve.ts");
    const log = (message: string): void =>
      writeErr(`skillscope mcp: ${message}\n`);
    try {
      await serveMcp(set, {
        onLog: log,
        onDiagnostic: (d) => writeErr(`${formatDiagnostic(d)}\n`),
        watch: values["no-watch"] !== true,
        ...(http === undefined ? {} : {
          transport: {
            http: {
              ...http,
              allowRemote: values["allow-remote"] === true,
              onListen: (url: string) => log(`listening on ${url}`),
            },
          },
        }),
      });
    } catch (error) {
      // Already logged as it happened.
      if (error instanceof McpTransportError) return EXIT.failure;
      if (error instanceof RangeError) throw new UsageError(error.message);
      throw error;
    }
    return EXIT.ok;
  },
};

/** `[HOST:]PORT`, `[::1]:PORT` for IPv6. */
function parseListen(text: string): { hostname: string; port: number } {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:\[\]]+):)?([0-9]{1,5})$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || port > 65535) {
    throw new UsageError(
      `--http expects [HOST:]PORT (for example 8808 or 127.0.0.1:8808), got ${
        JSON.stringify(text)
      }`,
    );
  }
  return {
    hostname: (match[1] ?? "127.0.0.1").replace(/^\[|\]$/g, ""),
    port,
  };
}
