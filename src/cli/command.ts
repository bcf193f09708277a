// Copyright 2026 the skillscope authors. MIT license.
/**
 * The shape of a CLI command, its options declared once (name, type, help
 * text), and the parser and the help text both built from them, so the two
 * cannot disagree.
 *
 * @module
 */
import { disableColour } from "./colour.ts";
import { UsageError } from "./errors.ts";
import {
  parseArguments,
  type ParsedValues,
  type ParseSpec,
  type ValuesOf,
} from "./parse_args.ts";

/** Option definitions in parser form. */
export type OptionSpec = Record<string, ParseSpec>;

/** Parsed option values, for options not known by name. */
export type OptionValues = ParsedValues;

/** One option, declared once: how it parses and what the help says. */
export interface OptionDef {
  /** `boolean` (a flag) or `string` (takes a value). */
  readonly type: "boolean" | "string";
  /** May be given several times. */
  readonly multiple?: boolean;
  /** One-letter alias. */
  readonly short?: string;
  /** The value's placeholder in the help, e.g. `DIR`. */
  readonly arg?: string;
  /** What it does (one sentence; wrapped in the help). */
  readonly help: string;
}

/** A flag's declaration (an option of type `boolean`). */
export type FlagDef = OptionDef & { readonly type: "boolean" };

/** The declaration of an option that takes one value. */
export type StringDef = OptionDef & {
  readonly type: "string";
  readonly multiple?: false;
};

/** Options by name (without the leading `--`). */
export type OptionDefs = Readonly<Record<string, OptionDef>>;

/** A titled block of options in the help (`Roots:`, `Options:`). */
export interface OptionGroup<O extends OptionDefs = OptionDefs> {
  /** The block's title. */
  readonly title: string;
  /** Its options, in help order. */
  readonly options: O;
  /**
   * A shared group's help topic (`skillscope help TOPIC` prints it whole):
   * a command's help then lists the group's flags on one line and points
   * there, instead of repeating every option's text.
   */
  readonly topic?: string;
}

/** The options of a fixed list of groups, together. */
export type GroupOptions<G extends readonly OptionGroup[]> = G extends
  readonly [
    infer H extends OptionGroup,
    ...infer R extends readonly OptionGroup[],
  ] ? H["options"] & GroupOptions<R>
  : Record<never, never>;

/**
 * The parsed values of a command, typed from its groups (declared `as
 * const`): a flag `boolean | undefined`, an option with a value `string |
 * undefined`, a repeatable one `string[] | undefined`. For groups that are
 * not a fixed list, {@linkcode OptionValues}.
 */
export type CommandValues<G extends readonly OptionGroup[]> = number extends
  G["length"] ? OptionValues : ValuesOf<GroupOptions<G>>;

/**
 * One CLI command; `V` is what `run` gets (see {@linkcode CommandOf} for
 * values typed from the command's groups).
 */
export interface Command<V = OptionValues> {
  /** The command word. */
  readonly name: string;
  /** The usage line, after `skillscope `. */
  readonly usage: string;
  /** What the command does (paragraphs). */
  readonly description: string;
  /** Its options; `-h, --help` is added to the last block. */
  readonly groups: readonly OptionGroup[];
  /** Example command lines, shown under `Examples:`. */
  readonly examples?: readonly string[];
  /** Text after the options and examples (e.g. exit codes). */
  readonly footer?: string;
  /** Runs the command; resolves to the exit code. */
  run(values: V, positionals: string[]): Promise<number>;
}

/**
 * A command whose groups are a fixed list (declared `as const`): `run` gets
 * the values typed from their declarations.
 */
export type CommandOf<G extends readonly OptionGroup[]> =
  & Command<CommandValues<G>>
  & { readonly groups: G };

const HELP_OPTION: OptionDef = {
  type: "boolean",
  short: "h",
  help: "Show this help",
};
const WIDTH = 80;
const FLAG_COLUMN = 19;

/**
 * The help text of a command, generated from its declaration.
 *
 * @param command The command.
 * @returns The help text (no trailing newline).
 */
export function commandHelp(command: Command): string {
  const blocks = [`Usage: skillscope ${command.usage}`, command.description];
  command.groups.forEach((group, i) => {
    const last = i === command.groups.length - 1;
    if (group.topic !== undefined) {
      blocks.push(topicLine(group));
      if (last) blocks.push(`Options:\n${optionLine("help", HELP_OPTION)}`);
      return;
    }
    const options: [string, OptionDef][] = Object.entries(group.options);
    if (last) options.push(["help", HELP_OPTION]);
    blocks.push(groupHelp(group.title, options));
  });
  if (command.groups.length === 0) {
    blocks.push(`Options:\n${optionLine("help", HELP_OPTION)}`);
  }
  if (command.examples !== undefined && command.examples.length > 0) {
    blocks.push(
      `Examples:\n${command.examples.map((e) => `  ${e}`).join("\n")}`,
    );
  }
  if (command.footer !== undefined) blocks.push(command.footer);
  return blocks.join("\n\n");
}

/**
 * A group's whole help block: its title and one line (or more) per option.
 *
 * @param title The block's title.
 * @param options The options, in order.
 * @returns The block.
 */
export function groupHelp(
  title: string,
  options: readonly [string, OptionDef][],
): string {
  return `${title}:\n${
    options.map(([name, def]) => optionLine(name, def)).join("\n")
  }`;
}

/** A shared group in a command's help: its flags, wrapped, and where the whole text is. */
function topicLine(group: OptionGroup): string {
  const flags = Object.entries(group.options).map(([name, def]) =>
    `${def.short === undefined ? "" : `-${def.short}|`}--${name}${
      def.arg === undefined ? "" : ` ${def.arg}`
    }`
  );
  const lines: string[] = [];
  let line = " ";
  for (const flag of [...flags, `(see "skillscope help ${group.topic}")`]) {
    if (line.length + 1 + flag.length > WIDTH) {
      lines.push(line);
      line = " ";
    }
    line += ` ${flag}`;
  }
  lines.push(line);
  return `${group.title}:\n${lines.join("\n")}`;
}

function optionLine(name: string, def: OptionDef): string {
  const flag = `${def.short === undefined ? "" : `-${def.short}, `}--${name}${
    def.arg === undefined ? "" : ` ${def.arg}`
  }`;
  const text = def.multiple === true && !def.help.includes("repeatable")
    ? `${def.help} (repeatable)`
    : def.help;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && FLAG_COLUMN + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  const first = `  ${flag}`;
  const pad = " ".repeat(FLAG_COLUMN);
  return (first.length + 2 > FLAG_COLUMN
    ? `${first}\n${pad}`
    : first.padEnd(FLAG_COLUMN)) + lines.join(`\n${pad}`);
}

/**
 * The `parseArgs` options of a command, from its declaration.
 *
 * @param command The command.
 * @returns The spec, `--help` included.
 */
export function optionSpec(command: Command): OptionSpec {
  const spec: OptionSpec = { help: { type: "boolean", short: "h" } };
  for (const group of command.groups) {
    for (const [name, def] of Object.entries(group.options)) {
      spec[name] = {
        type: def.type,
        ...(def.multiple === true ? { multiple: true } : {}),
        ...(def.short === undefined ? {} : { short: def.short }),
      };
    }
  }
  return spec;
}

/**
 * Parses the arguments of one command. A run for a program (`--json`)
 * writes no colour codes, on stdout or stderr.
 *
 * @param command The command.
 * @param args The arguments after the command word.
 * @returns Option values and positionals.
 * @throws {UsageError} on an unknown option or a missing option value.
 */
export function parseCommandArgs(
  command: Command,
  args: string[],
): { values: OptionValues; positionals: string[] } {
  try {
    const parsed = parseArguments(args, optionSpec(command));
    if (parsed.values.json === true) disableColour();
    return parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(
      `${error.message}\nRun "skillscope ${command.name} --help" for usage`,
    );
  }
}
