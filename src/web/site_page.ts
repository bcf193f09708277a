// Copyright 2026 the skillscope authors. MIT license.
/**
 * The page for people beside a published index (`/skills/index.html`): one
 * self-contained file listing every skill with its description, files,
 * digest, install commands (`skillscope install` and `npx skills add`, each
 * with a copy button) and rendered `SKILL.md`, and a filter box that works
 * from a file or any static host. Every text from a skill is escaped and
 * none becomes an attribute: the copy button copies the text of the line
 * beside it. A Content-Security-Policy allows nothing but the page's own
 * style and script, by their SHA-256 hashes.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { splitFrontmatter } from "../parse/frontmatter.ts";
import { escapeHtml } from "../shared/escape.ts";
import { markdownToHtml } from "./markdown_html.ts";

/**
 * One skill on the page.
 */
export interface PageSkill {
  /** The skill's name. */
  readonly name: string;
  /** Its description. */
  readonly description: string;
  /** The artifact's type. */
  readonly type: "skill-md" | "archive";
  /** The artifact's digest. */
  readonly digest: string;
  /** The artifact's size in bytes. */
  readonly size: number;
  /** The files it ships, sorted. */
  readonly files: readonly { readonly path: string; readonly size: number }[];
  /** The text of its `SKILL.md`. */
  readonly skillMd: string;
}

/** What the install commands name when no origin is known. */
export const ORIGIN_PLACEHOLDER = "https://YOUR-SITE";

const STYLE = `
:root { color-scheme: light; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0b5fff; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: #ffffff; color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
header, main, #none { max-width: 960px; margin: 0 auto; }
h1 { font-size: 26px; margin: 0 0 4px; }
header p { color: var(--muted); margin: 4px 0 12px; }
#filter { width: 100%; padding: 8px 10px; font: inherit; border: 1px solid var(--line); border-radius: 6px; }
#count { color: var(--muted); margin: 8px 0 16px; }
.skill { border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 6px; padding: 12px 16px; margin: 0 0 16px; background: #f6f8fa; }
.skill h2 { font-size: 19px; margin: 0 0 4px; font-family: ui-monospace, monospace; }
.description { margin: 0 0 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
dt { color: var(--muted); }
dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 13px; }
pre { background: #ffffff; border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow: auto; }
.frontmatter { white-space: pre-wrap; overflow-wrap: anywhere; }
.files { margin: 0; padding-left: 18px; }
.size, .href, .image { color: var(--muted); }
.command { display: flex; align-items: center; gap: 8px; margin: 0 0 4px; }
.command code { flex: 1 1 auto; min-width: 0; background: #ffffff; border: 1px solid var(--line); border-radius: 6px; padding: 3px 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
.copy { flex: none; min-width: 9em; font: inherit; font-size: 13px; padding: 3px 10px; background: #ffffff; color: var(--fg); border: 1px solid var(--line); border-radius: 6px; cursor: pointer; }
.copy:hover { border-color: var(--accent); color: var(--accent); }
.copy:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.copy.done { border-color: #1a7f37; color: #1a7f37; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
details { margin-top: 8px; }
summary { cursor: pointer; color: var(--accent); }
.body { background: #ffffff; border: 1px solid var(--line); border-radius: 6px; padding: 4px 16px; margin-top: 8px; overflow-wrap: anywhere; }
@media (max-width: 560px) {
  body { padding: 16px; }
  dl { grid-template-columns: 1fr; }
  dt { margin-top: 4px; }
  .command { flex-wrap: wrap; margin-bottom: 8px; }
  .command code { flex-basis: 100%; }
}
[hidden] { display: none !important; }
`;

const SCRIPT = `
"use strict";
const input = document.getElementById("filter");
const count = document.getElementById("count");
const none = document.getElementById("none");
const skills = Array.from(document.querySelectorAll("article.skill"), (el) => ({
  el,
  text: (el.querySelector(".name").textContent + " " +
    el.querySelector(".description").textContent).toLowerCase(),
}));
function apply() {
  const terms = input.value.toLowerCase().split(/\\s+/).filter((t) => t !== "");
  let shown = 0;
  for (const skill of skills) {
    const match = terms.every((t) => skill.text.includes(t));
    skill.el.hidden = !match;
    if (match) shown++;
  }
  const total = skills.length + (skills.length === 1 ? " skill" : " skills");
  count.textContent = terms.length === 0 ? total : shown + " of " + total;
  none.hidden = shown !== 0 || skills.length === 0;
}
input.addEventListener("input", apply);
apply();

// Copy buttons: each copies the text of the <code> beside it, through the
// Clipboard API; without it (or when it refuses) the line is selected so
// that the keyboard copies it.
const copyStatus = document.getElementById("copy-status");
const keys = /Mac|iPhone|iPad/.test(navigator.platform) ? "\u2318C" : "Ctrl+C";
const timers = new WeakMap();
function show(button, label, message) {
  button.textContent = label;
  button.classList.toggle("done", label === "Copied");
  copyStatus.textContent = message;
  clearTimeout(timers.get(button));
  timers.set(button, setTimeout(() => {
    button.textContent = "Copy";
    button.classList.remove("done");
  }, 4000));
}
function selectLine(button, code) {
  const range = document.createRange();
  range.selectNodeContents(code);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    // not supported: the selection stays for the keyboard
  }
  if (copied) show(button, "Copied", "Copied: " + code.textContent);
  else show(button, "Press " + keys, "Selected: press " + keys + " to copy");
}
document.getElementById("skills").addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (button === null) return;
  const code = button.parentElement.querySelector("code");
  const line = code.textContent;
  const clipboard = navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== "function") {
    selectLine(button, code);
    return;
  }
  clipboard.writeText(line).then(
    () => show(button, "Copied", "Copied: " + line),
    () => selectLine(button, code),
  );
});
`;

/** The CSP source of an inline element's text. */
function hashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/**
 * The Content-Security-Policy of the page: nothing is loaded or run but
 * its own style and script, named by hash.
 */
export const PAGE_CSP: string = `default-src 'none'; script-src ${
  hashSource(SCRIPT)
}; style-src ${
  hashSource(STYLE)
}; img-src 'none'; base-uri 'none'; form-action 'none'`;

/**
 * The page's HTML: the same text for the same skills.
 *
 * @example Hostile text is shown, never run
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderSkillsPage } from "./site_page.ts";
 *
 * const html = renderSkillsPage([{
 *   name: "hi",
 *   description: "<script>alert(1)</script>",
 *   type: "skill-md",
 *   digest: `sha256:${"0".repeat(64)}`,
 *   size: 4,
 *   files: [{ path: "SKILL.md", size: 4 }],
 *   skillMd: "# Hi\n",
 * }], "https://docs.example.com");
 * assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
 * assert.ok(html.includes("skillscope install https://docs.example.com --skill hi"));
 * assert.ok(html.includes("npx skills add https://docs.example.com --skill hi"));
 * ```
 *
 * @param skills The skills, in the order shown.
 * @param origin The site's origin for the install commands (default {@linkcode ORIGIN_PLACEHOLDER}).
 * @returns The HTML text.
 */
export function renderSkillsPage(
  skills: readonly PageSkill[],
  origin: string = ORIGIN_PLACEHOLDER,
): string {
  const count = `${skills.length} skill${skills.length === 1 ? "" : "s"}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PAGE_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent Skills</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Agent Skills</h1>
<p>${count} published at <code>${
    escapeHtml(origin)
  }</code> for agents that read <a href="../.well-known/agent-skills/index.json">/.well-known/agent-skills/index.json</a>. Each skill's artifact carries a SHA-256 digest that clients check before they use a byte of it.</p>
<input id="filter" type="search" placeholder="Filter by name or description" aria-label="Filter skills" autocomplete="off">
<p id="count" aria-live="polite">${count}</p>
</header>
<main id="skills">
${skills.map((skill) => skillHtml(skill, origin)).join("\n")}
</main>
<p id="none" hidden>No skill matches the filter.</p>
<p id="copy-status" class="visually-hidden" role="status" aria-live="polite"></p>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** One skill's `<article>`. */
function skillHtml(skill: PageSkill, origin: string): string {
  const name = escapeHtml(skill.name);
  const files = skill.files.map((f) =>
    `<li><code>${escapeHtml(f.path)}</code> <span class="size">${
      sizeText(f.size)
    }</span></li>`
  ).join("\n");
  const { frontmatter, body } = splitSkillMd(skill.skillMd);
  return `<article class="skill" id="skill-${name}">
<h2 class="name">${name}</h2>
<p class="description">${escapeHtml(skill.description)}</p>
<dl>
<dt>Install</dt><dd>
${
    commandHtml(
      "skillscope",
      `skillscope install ${origin} --skill ${skill.name}`,
    )
  }
${commandHtml("npx", `npx skills add ${origin} --skill ${skill.name}`)}
</dd>
<dt>Digest</dt><dd><code class="digest">${
    escapeHtml(skill.digest)
  }</code> <span class="size">(${skill.type}, ${
    sizeText(skill.size)
  })</span></dd>
<dt>Files</dt><dd><ul class="files">
${files}
</ul></dd>
</dl>
<details>
<summary>SKILL.md</summary>
${
    frontmatter === undefined
      ? ""
      : `<pre class="frontmatter">${escapeHtml(frontmatter)}</pre>\n`
  }<div class="body">
${markdownToHtml(body)}
</div>
</details>
</article>`;
}

/**
 * One install line and its copy button. The button carries no text of the
 * skill: the page's script copies the text of the `<code>` beside it.
 */
function commandHtml(tool: "skillscope" | "npx", line: string): string {
  return `<div class="command ${tool}"><code class="install">${
    escapeHtml(line)
  }</code><button type="button" class="copy">Copy</button></div>`;
}

/** The frontmatter text and the body of a `SKILL.md` (all body when it has no frontmatter). */
function splitSkillMd(text: string): { frontmatter?: string; body: string } {
  try {
    const split = splitFrontmatter(text, "SKILL.md");
    return {
      frontmatter: split.yaml.replace(/\n$/, ""),
      body: split.text.slice(split.bodyStart),
    };
  } catch {
    return { body: text };
  }
}

/** A size for people: bytes, KiB or MiB. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
