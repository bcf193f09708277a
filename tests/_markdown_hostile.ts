// Copyright 2026 the skillscope authors. MIT license.
// Hostile Markdown bodies and the check that rendered HTML holds only the
// page renderer's own tags, for tests/web_markdown_render_test.ts and
// tests/fuzz_test.ts.
import assert from "node:assert/strict";

/** Hostile bodies of about `n` characters, by name. */
export function hostileBodies(n: number): Record<string, string> {
  const times = (piece: string): string =>
    piece.repeat(Math.ceil(n / piece.length));
  let ticks = "";
  for (let i = 1; ticks.length < n; i++) ticks += `${"`".repeat(i)}a`;
  return {
    "unclosed links": times("[a]("),
    "unclosed images": times("![a]("),
    "nested brackets": times("["),
    "bracket pairs": times("[a]"),
    "bold runs": times("**a"),
    "bold openers": times("** a"),
    "emphasis": times("*a "),
    "mixed marks": times("*_"),
    "underscores": times("_a"),
    "double underscores": times("__a"),
    "backticks": times("`a"),
    "spaced backticks": times("` a"),
    "backtick pairs": times("``a`"),
    "growing backtick runs": ticks,
    "angle brackets": times("<"),
    "open tags": times("<a "),
    "heading closers": `# ${times(" #")}x`,
    "quote marks": times(">"),
    "list blanks": `- ${" ".repeat(n)}\u2028`,
    "rule marks": `${times("* ")}x`,
  };
}

const OWN_TAGS =
  /<\/?(?:p|h[3-6]|ul|ol|li|blockquote|pre|code|strong|em|span)>|<hr>|<span class="(?:href|image)">|<pre class="table">|<p class="cut">/g;

/** Fails unless `html` is made of the renderer's own tags and escaped text. */
export function assertOnlyOwnMarkup(html: string): void {
  const text = html.replace(OWN_TAGS, "");
  const stray = /[<>"']|&(?!(?:amp|lt|gt|quot|#x27);)/.exec(text);
  assert.equal(
    stray,
    null,
    `Stray markup ${JSON.stringify(stray?.[0])} near ${
      JSON.stringify(
        text.slice(Math.max(0, (stray?.index ?? 0) - 40)).slice(0, 80),
      )
    }`,
  );
}

/** Fails unless every tag of `html` closes, in the order the tags were opened. */
export function assertOwnMarkupNests(html: string): void {
  const open: string[] = [];
  for (const [tag, close, name] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
    if (name === "hr") continue;
    if (close === "") open.push(name!);
    else assert.equal(open.pop(), name, `${tag} closes another tag in ${html}`);
  }
  assert.deepEqual(open, [], `Tags left open in ${html}`);
}
