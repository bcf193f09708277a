// Copyright 2026 the skillscope authors. MIT license.
/**
 * How each catalog format lays out its parts (header, one frame per skill
 * with a slot for the description, separator, footer), the shortening of a
 * description, and the report of what a budget cut — what the catalog
 * planner assembles.
 *
 * @module
 */
import {
  escapeHtml,
  escapeTerminal,
  escapeXml,
  replaceInvalidXml,
} from "../shared/escape.ts";
import type { Skill } from "../shared/types.ts";
import { neutraliseForBlock } from "./markdown_block.ts";

/**
 * Catalog formats.
 *
 * @example Usage
 * ```ts
 * import { type CatalogFormat, discoverSync, embeddedSkill, renderCatalog } from "@skillscope/skills";
 * import assert from "node:assert/strict";
 *
 * const { skills } = discoverSync({ sources: [embeddedSkill({ name: "hi", description: "Says hi", content: "# Hi\n" })] });
 * const format: CatalogFormat = "markdown";
 * assert.match(renderCatalog(skills, { format }), /hi/);
 * ```
 */
export type CatalogFormat = "xml" | "json" | "markdown" | "skills-ref";

/** What a budget cut from a catalog (see {@linkcode renderCatalogWithReport}). */
export interface CatalogCuts {
  /** Locations were left out (they go first: a model chooses by description). */
  readonly locationsDropped: boolean;
  /** Descriptions were shortened to this many characters. */
  readonly descriptionsShortenedTo?: number;
  /** Descriptions were left out. */
  readonly descriptionsDropped: boolean;
  /** Skills left out entirely (the last by name). */
  readonly omitted: number;
  /** Not even one skill's name fits: the text is empty. */
  readonly nothingFits: boolean;
  /** With `budget`: the limit, its unit and what the catalog uses of it. */
  readonly limit?: {
    readonly unit: "tokens" | "chars";
    readonly max: number;
    readonly used: number;
  };
  /** With `budget`: skills listed by name only (lowest priority first). */
  readonly nameOnly?: readonly string[];
  /** With `budget`: skills left out (lowest priority first). */
  readonly omittedNames?: readonly string[];
  /** With `budget`: skills whose description was cut to `maxEntryChars`. */
  readonly capped?: readonly string[];
}

/** How one catalog format lays out its parts (for the budget planner). */
export interface Layout {
  /** The catalog of no skills: nothing, or the reference tool's empty block. */
  readonly empty: string;
  readonly header: string;
  readonly sep: string;
  /** Footer, including the omission note when `omitted > 0`; `empty` when no entry precedes it. */
  footer(omitted: number, empty: boolean): string;
  /** Everything of one entry except the description text. */
  frame(skill: Skill, withDescription: boolean, withLocation: boolean): string;
  /** The description inside the entry, already shortened. */
  describe(text: string): string;
  /** Where the description goes inside `frame` (index), for assembling. */
  put(frame: string, description: string): string;
}

/** Where a description goes inside an entry's frame. */
const HOLE = "\u0000";
const put = (frame: string, description: string) =>
  frame.replace(HOLE, () => description);
const note = (n: number) => `${n} more skill${n === 1 ? "" : "s"} omitted`;

/**
 * The layout of a catalog format.
 *
 * @param format The format.
 * @returns Its layout.
 * @throws {TypeError} for an unknown format.
 */
export function layoutOf(format: CatalogFormat): Layout {
  switch (format) {
    case "xml":
      return xmlLayout(
        escapeXml,
        (tag, value) => `<${tag}>${value}</${tag}>`,
        "",
        "",
      );
    case "skills-ref":
      // The reference tool's `to-prompt` of no skills (its test_empty_list).
      return xmlLayout(
        (text) => escapeHtml(replaceInvalidXml(text)),
        (tag, value) => `<${tag}>\n${value}\n</${tag}>\n`,
        "\n",
        "<available_skills>\n</available_skills>",
      );
    case "markdown":
      return {
        empty: "",
        header: "",
        sep: "\n",
        footer: (
          n,
          empty,
        ) => (n > 0 ? `${empty ? "" : "\n"}- … and ${note(n)}` : ""),
        frame: (s, d, l) =>
          `- ${markdownField(s.name)}${d ? `: ${HOLE}` : ""}${
            s.path === undefined || !l
              ? ""
              : ` (file: ${markdownField(s.path)})`
          }`,
        describe: markdownField,
        put,
      };
    case "json":
      return {
        // Still a JSON document: a program parses what it is given.
        empty: '{"skills":[],"omitted":0}',
        header: '{"skills":[',
        sep: ",",
        footer: (n) => `],"omitted":${n}}`,
        frame: (s, d, l) =>
          `{"name":${jsonField(s.name)}${d ? `,"description":${HOLE}` : ""}${
            s.path === undefined || !l ? "" : `,"location":${jsonField(s.path)}`
          }}`,
        describe: jsonField,
        put,
      };
    default:
      throw new TypeError(
        `Unknown catalog format "${format}": expected xml, json, markdown or skills-ref`,
      );
  }
}

/**
 * The two `<available_skills>` layouts: ours (one skill per line) and the
 * reference tool's (every tag and value on its own line).
 */
function xmlLayout(
  escape: (text: string) => string,
  element: (tag: string, value: string) => string,
  afterSkill: string,
  empty: string,
): Layout {
  return {
    empty,
    header: "<available_skills>\n",
    sep: "\n",
    footer: (n, empty) =>
      `${empty ? "" : "\n"}</available_skills>${
        n > 0 ? `\n<!-- ${note(n)} -->` : ""
      }`,
    frame: (s, d, l) =>
      `<skill>${afterSkill}${element("name", escape(s.name))}${
        d ? element("description", HOLE) : ""
      }${
        s.path === undefined || !l ? "" : element("location", escape(s.path))
      }</skill>`,
    describe: escape,
    put,
  };
}

/** One line of Markdown whatever the input: whitespace runs (line breaks
 * included) become one space, other control characters visible escapes,
 * and no HTML comment opens or closes (the catalog goes between `sync`'s
 * comment markers). */
function markdownField(text: string): string {
  return neutraliseForBlock(
    escapeTerminal(text.replace(/\s+/g, " ").trim()),
    "markdown",
  );
}

/** A JSON string whose text holds no `<!--` or `-->` (escaped as
 * `\u003c`, `\u003e`: the value parsed is the same). */
function jsonField(text: string): string {
  return neutraliseForBlock(JSON.stringify(text), "json");
}

/**
 * The skill as a catalog lists it: its description on one line, each run of
 * whitespace (line breaks included) one space — a `|` block description
 * does not break a one-line entry. The skill itself keeps the exact text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { embeddedSkill, discoverSync } from "@skillscope/skills";
 * import { oneLine } from "./catalog_layout.ts";
 *
 * const source = embeddedSkill({ name: "a", description: "Two\n  lines", content: "" });
 * const [skill] = discoverSync({ sources: [source] }).skills;
 * assert.equal(oneLine(skill!).description, "Two lines");
 * assert.equal(skill!.description, "Two\n  lines");
 * ```
 *
 * @param skill A skill.
 * @returns The skill, or a copy with the collapsed description.
 */
export function oneLine(skill: Skill): Skill {
  const text = skill.description;
  if (!/\s\s|[^\S ]|^ | $/.test(text)) return skill;
  return { ...skill, description: text.replace(/\s+/g, " ").trim() };
}

/**
 * `text` cut to `max` characters with an ellipsis (never splitting a
 * surrogate pair).
 *
 * @param text The text.
 * @param max Most characters kept.
 * @returns The text, shortened when longer.
 */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, keptOf(text, max))}…`;
}

/**
 * The length of {@linkcode shorten}`(text, max)`, without building it.
 *
 * @param text The text.
 * @param max Most characters kept.
 * @returns The length of the shortened text.
 */
export function shortenedLength(text: string, max: number): number {
  return text.length <= max ? text.length : keptOf(text, max) + 1;
}

/** How many characters of `text` a cut to `max` keeps: not half a pair. */
function keptOf(text: string, max: number): number {
  const c = text.charCodeAt(max - 1);
  return c >= 0xd800 && c <= 0xdbff ? max - 1 : max;
}

/**
 * The skills sorted by name (code-unit order, stable). A list already in
 * that order — a discovery of one root usually is — is only copied.
 *
 * @param skills The skills.
 * @returns A new array, in name order.
 */
export function byName(skills: readonly Skill[]): Skill[] {
  for (let i = 1; i < skills.length; i++) {
    if (skills[i - 1]!.name > skills[i]!.name) {
      return [...skills].sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0
      );
    }
  }
  return [...skills];
}
