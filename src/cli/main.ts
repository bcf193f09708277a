// Copyright 2026 the skillscope authors. MIT license.
/**
 * The CLI entry: dispatch, help, version, error-to-exit-code mapping.
 *
 * @module
 */
import { VERSION } from "../shared/version.ts";
import { type Command, commandHelp, parseCommandArgs } from "./command.ts";
import {
  EXIT,
  type Failure,
  failureOf,
  OutputClosed,
  UsageError,
} from "./errors.ts";
import { guessOf } from "./parse_args.ts";
import { disableColor, writeErr, writeJson, writeOut } from "./io.ts";

/** A command in the list: its name, one line, and how to load it. */
export interface CommandEntry {
  /** The command word. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Loads the command's module (only when the command runs). */
  readonly load: () => Promise<Command>;
}

/** Every command, in help order; each module is loaded only when its command runs. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "list",
    summary: "List the skills found in the roots",
    load: async () => (await import("./list.ts")).listCommand,
  },
  {
    name: "init",
    summary: "Create a new skill directory with a SKILL.md that validates",
    load: async () => (await import("./init.ts")).initCommand,
  },
  {
    name: "validate",
    summary: "Check skill directories against the Agent Skills specification",
    load: async () => (await import("./validate.ts")).validateCommand,
  },
  {
    name: "read",
    summary:
      "Print a skill's instructions (SKILL.md body, frontmatter stripped)",
    load: async () => (await import("./read.ts")).readCommand,
  },
  {
    name: "asset",
    summary:
      "Print a file bundled with a skill (refuses paths outside the skill)",
    load: async () => (await import("./asset.ts")).assetCommand,
  },
  {
    name: "resources",
    summary: "List the files bundled with a skill",
    load: async () => (await import("./resources.ts")).resourcesCommand,
  },
  {
    name: "match",
    summary:
      "Show the skills whose globs match the given paths (plus always-on ones)",
    load: async () => (await import("./match.ts")).matchCommand,
  },
  {
    name: "search",
    summary: "Rank the skills by relevance to a query",
    load: async () => (await import("./search.ts")).searchCommand,
  },
  {
    name: "catalog",
    summary: "Print the skill catalog for a system prompt",
    load: async () => (await import("./catalog.ts")).catalogCommand,
  },
  {
    name: "activate",
    summary: "Print the activation payload of a skill (<skill_content>)",
    load: async () => (await import("./activate.ts")).activateCommand,
  },
  {
    name: "mcp",
    summary: "Serve the skills over MCP (stdio or Streamable HTTP)",
    load: async () => (await import("./mcp.ts")).mcpCommand,
  },
  {
    name: "embed",
    summary: "Generate a TypeScript module embedding a directory of skills",
    load: async () => (await import("./embed.ts")).embedCommand,
  },
  {
    name: "publish",
    summary:
      "Write a directory of skills as a static site (/.well-known/agent-skills/ and a page)",
    load: async () => (await import("./publish.ts")).publishCommand,
  },
  {
    name: "install",
    summary:
      "Install a skill from a local path or a git URL, recording it in skills.lock",
    load: async () => (await import("./install.ts")).installCommand,
  },
  {
    name: "remove",
    summary: "Remove an installed skill and its lock entry",
    load: async () => (await import("./remove.ts")).removeCommand,
  },
  {
    name: "info",
    summary: "Show where an installed skill came from, its hash and its drift",
    load: async () => (await import("./info.ts")).infoCommand,
  },
  {
    name: "verify",
    summary: "Re-hash every installed skill; exit 1 on drift, naming each file",
    load: async () => (await import("./verify.ts")).verifyCommand,
  },
  {
    name: "update",
    summary: "Re-install skills from the sources recorded in skills.lock",
    load: async () => (await import("./update.ts")).updateCommand,
  },
  {
    name: "check",
    summary:
      "Report which installed skills have updates, unreachable sources or local changes",
    load: async () => (await import("./check.ts")).checkCommand,
  },
  {
    name: "restore",
    summary:
      "Rebuild every skill in skills.lock exactly as locked (install --frozen)",
    load: async () => (await import("./restore.ts")).restoreCommand,
  },
  {
    name: "audit",
    summary:
      "Audit skills for hidden text, remote code execution, secrets and risky files",
    load: async () => (await import("./audit.ts")).auditCommand,
  },
  {
    name: "approve",
    summary:
      "Record a skill's content hash as approved (for --require-approval)",
    load: async () => (await import("./approve.ts")).approveCommand,
  },
  {
    name: "doctor",
    summary:
      "Check the whole setup, or say for each agent whether it will see a skill and why not",
    load: async () => (await import("./doctor.ts")).doctorCommand,
  },
  {
    name: "sync",
    summary:
      "Write the catalog into AGENTS.md (or FILE) for agents without native skills",
    load: async () => (await import("./sync.ts")).syncCommand,
  },
  {
    name: "roots",
    summary:
      "Show the default skill roots, whether each exists and may be read",
    load: async () => (await import("./roots.ts")).rootsCommand,
  },
];

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `skillscope ${VERSION}: discover, validate and serve Agent Skills

Usage: skillscope <command> [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

Options:
  -h, --help     Show help (also "skillscope help <command>"; the options
                 that choose the skills: "skillscope help roots")
  -V, --version  Show the version
  --no-color     No colour (as NO_COLOR=1); colour is used only on a terminal

Exit codes: 0 ok, 1 invalid / not found, 2 usage, 3 missing permission.
`;
}

/**
 * Runs the CLI with `args` and resolves to the exit code. Output goes to
 * stdout (results) and stderr (diagnostics, errors).
 *
 * @param args The arguments after the program name.
 * @returns The exit code.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  // `--no-color` is accepted by every command.
  if (args.includes("--no-color")) {
    disableColor();
    args = args.filter((a) => a !== "--no-color");
  }
  // `skillscope help roots`: the options every command that reads skills shares.
  if (args[0] === "help" && args[1] === "roots" && args.length === 2) {
    writeOut(await rootsHelp());
    return EXIT.ok;
  }
  // `skillscope help CMD` is `skillscope CMD --help`.
  if (args[0] === "help" && args.length === 2) {
    return await runCli([args[1]!, "--help"]);
  }
  const [first, ...rest] = args;
  if (
    first === undefined || first === "-h" || first === "--help" ||
    first === "help"
  ) {
    writeOut(mainHelp());
    return first === undefined ? EXIT.usage : EXIT.ok;
  }
  if (first === "-V" || first === "--version") {
    writeOut(`skillscope ${VERSION}\n`);
    return EXIT.ok;
  }
  let command: Command | undefined;
  try {
    const entry = COMMANDS.find((c) => c.name === first);
    if (!entry && first.startsWith("-")) {
      throw new UsageError(
        `Unknown option "${first}"${
          /^-+v(?:ersion)?$/i.test(first)
            ? ' (did you mean "-V" or "--version"?)'
            : ""
        }\nRun "skillscope --help" for usage`,
      );
    }
    if (!entry) {
      throw new UsageError(
        `Unknown command "${first}"${
          guessOf(first, COMMANDS.map((c) => c.name))
        }\nRun "skillscope --help" for the list of commands`,
      );
    }
    command = await entry.load();
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values.help === true) {
      writeOut(`${commandHelp(command)}\n`);
      return EXIT.ok;
    }
    return await command.run(values, positionals);
  } catch (error) {
    if (error instanceof OutputClosed) return EXIT.ok; // `| head`: quietly
    const failure = failureOf(error);
    if (failure === undefined) throw error;
    if (rest.includes("--json") && takesJson(command)) {
      // A program reading JSON gets the error as JSON on stdout, where it
      // reads, with the same exit code; `--json` given to a command that has
      // no such option is a usage error for a person.
      writeJson({ error: { code: failure.code, message: failure.message } });
    } else {
      writeErr(`skillscope: ${usageForm(failure, first)}\n`);
    }
    return failure.exitCode;
  }
}

/** Whether the command has a `--json` option. */
function takesJson(command: Command | undefined): boolean {
  return command?.groups.some((g) => "json" in g.options) === true;
}

/**
 * Every usage error in one form: what is wrong, then how to see the usage
 * (added when the message does not already show it).
 */
function usageForm(failure: Failure, command: string): string {
  if (failure.code !== "usage" || /\n(?:Usage: |Run ")/.test(failure.message)) {
    return failure.message;
  }
  const known = COMMANDS.some((c) => c.name === command);
  return `${failure.message}\nRun "skillscope ${
    known ? `${command} ` : ""
  }--help" for usage`;
}

/** The text of `skillscope help roots`. */
async function rootsHelp(): Promise<string> {
  const { ROOTS_GROUP } = await import("./root_option_defs.ts");
  const { groupHelp } = await import("./command.ts");
  const { CLIENTS } = await import("../clients/client_profile.ts");
  // The agents --client takes, from the one client table, wrapped at 80.
  const agents: string[] = [];
  let line = " ";
  for (const name of CLIENTS) {
    if (line.length + name.length + 2 > 80) {
      agents.push(line);
      line = " ";
    }
    line += ` ${name},`;
  }
  agents.push(line.replace(/,$/, ""));
  return `Which skills a command sees. Every command that reads skills (list,
catalog, read, search, match, activate, mcp, sync, audit, …) takes these:

${groupHelp(ROOTS_GROUP.title, Object.entries(ROOTS_GROUP.options))}

Without --root and --client: the shared .agents/skills roots (the project's,
from the git root down to the cwd, then ~/.agents/skills) and the roots of every
agent installed here. "skillscope roots" shows which exist and may be read.

Agents (--client NAME; "skillscope roots --client NAME" shows its roots):
${agents.join("\n")}
`;
}
