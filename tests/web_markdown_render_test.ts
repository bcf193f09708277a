// Copyright 2026 the skillscope authors. MIT license.
// The Markdown renderer of the published skills page on hostile bodies: the
// shapes that make backtracking patterns take cubic or quadratic time
// (`[a](` runs, `**`, nested `[`, backticks, `<`, `_`, heading and list
// lines), quotes nested past any stack, and bodies past the page's cap. Each
// render runs in a worker or a subprocess killed at a deadline, so a slow
// renderer fails the test instead of hanging it. The output is checked to
// hold only the renderer's own fixed tags.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir, writeSkill } from "./_helpers.ts";
import {
  assertOnlyOwnMarkup,
  assertOwnMarkupNests,
  hostileBodies,
} from "./_markdown_hostile.ts";
import {
  MARKDOWN_HTML_MAX_LENGTH,
  markdownToHtml,
  MAX_QUOTE_DEPTH,
} from "../src/web/markdown_html.ts";

/**
 * Renders each text in a worker; fails when the worker has not answered
 * within `ms` (the worker is ended: a regression fails, it does not hang).
 */
async function renderBounded(
  texts: readonly string[],
  maxLength: number,
  ms: number,
): Promise<string[]> {
  const mod = new URL("../src/web/markdown_html.ts", import.meta.url).href;
  const code = `import { markdownToHtml } from ${JSON.stringify(mod)};
self.onmessage = (e) => {
  self.postMessage(e.data.texts.map((t) => markdownToHtml(t, { maxLength: e.data.maxLength })));
};`;
  const worker = new Worker(
    `data:text/javascript,${encodeURIComponent(code)}`,
    { type: "module" },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<string[]>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Rendering took over ${ms} ms`)),
        ms,
      );
      worker.onmessage = (e: MessageEvent<string[]>) => resolve(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(e.message));
      };
      worker.postMessage({ texts, maxLength });
    });
  } finally {
    clearTimeout(timer);
    worker.terminate();
  }
}

Deno.test("markdownToHtml() renders 128 KiB of every hostile shape, uncapped, in linear time", async () => {
  const bodies = hostileBodies(128 * 1024);
  const html = await renderBounded(Object.values(bodies), Infinity, 30_000);
  for (const [i, name] of Object.keys(bodies).entries()) {
    assert.ok(html[i]!.length > 0, name);
    assertOnlyOwnMarkup(html[i]!);
  }
});

Deno.test("markdownToHtml() renders at most 64 KiB of a 1 MiB body and says how much it left out", async () => {
  const body = "[a](".repeat(256 * 1024);
  const [html] = await renderBounded([body], MARKDOWN_HTML_MAX_LENGTH, 30_000);
  const left = body.length - MARKDOWN_HTML_MAX_LENGTH;
  assert.ok(
    html!.endsWith(
      `\n<p class="cut">Not shown here: the last ${left} characters of this file.</p>`,
    ),
    html!.slice(-200),
  );
  assert.ok(html!.length < 2 * MARKDOWN_HTML_MAX_LENGTH, `${html!.length}`);
  // Cut at a line break when there is one, never inside a surrogate pair.
  assert.equal(
    markdownToHtml("one\ntwo\nthree", { maxLength: 9 }),
    '<p>one two</p>\n<p class="cut">Not shown here: the last 5 characters of this file.</p>',
  );
  assert.equal(
    markdownToHtml("ab\u{1F600}", { maxLength: 3 }),
    '<p>ab</p>\n<p class="cut">Not shown here: the last 2 characters of this file.</p>',
  );
});

Deno.test("markdownToHtml() nests quotes at most MAX_QUOTE_DEPTH deep, however many > a line holds", async () => {
  const [html] = await renderBounded([">".repeat(200_000)], Infinity, 30_000);
  assert.equal(html!.split("<blockquote>").length - 1, MAX_QUOTE_DEPTH);
  assert.ok(html!.includes("&gt;".repeat(1000)));
  assert.equal(
    markdownToHtml("> a\n> > b"),
    "<blockquote><p>a</p>\n<blockquote><p>b</p></blockquote></blockquote>",
  );
});

Deno.test("markdownToHtml() keeps the Markdown it rendered before: code, links, images, bold, emphasis, headings", () => {
  const cases: [string, string][] = [
    ["`a` b `` c ` d `` `e", "<p><code>a</code> b <code>c ` d</code> `e</p>"],
    ["snake_case_name and 2*3*4", "<p>snake_case_name and 2*3*4</p>"],
    [
      "*em* **strong** __u__ _e_",
      "<p><em>em</em> <strong>strong</strong> <strong>u</strong> <em>e</em></p>",
    ],
    ["**a *b* c**", "<p><strong>a <em>b</em> c</strong></p>"],
    ["a * b * c and **a", "<p>a * b * c and **a</p>"],
    [
      '[x](<u> "t") [](e) [y]()',
      '<p>x <span class="href">(&lt;u&gt;)</span> [](e) y</p>',
    ],
    [
      '![a "b"](x.png) [**l**](u)',
      '<p><span class="image">[image: a &quot;b&quot;]</span> <strong>l</strong> <span class="href">(u)</span></p>',
    ],
    ["## C ##\n# a #b\n#nope", "<h4>C</h4>\n<h3>a #b</h3>\n<p>#nope</p>"],
    [
      "- one\n  more\n- **two**\n\n1. x\n2) y",
      "<ul>\n<li>one more</li>\n<li><strong>two</strong></li>\n</ul>\n<ol>\n<li>x</li>\n<li>y</li>\n</ol>",
    ],
    ["***\n| a |\n|---|", '<hr>\n<pre class="table">| a |\n|---|</pre>'],
    [
      "```js\n<b>\n```\nafter",
      "<pre><code>&lt;b&gt;</code></pre>\n<p>after</p>",
    ],
  ];
  for (const [markdown, html] of cases) {
    assert.equal(markdownToHtml(markdown), html, markdown);
  }
});

Deno.test("markdownToHtml() closes tags in the order it opened them, renders code in a link's label and keeps a # that ends a word of a heading", () => {
  const cases: [string, string][] = [
    [
      "***x*** **_a_**",
      "<p><strong>*x</strong>* <strong><em>a</em></strong></p>",
    ],
    [
      "[`cfg`](docs/cfg.md)",
      '<p><code>cfg</code> <span class="href">(docs/cfg.md)</span></p>',
    ],
    ["## C# ##", "<h4>C#</h4>"],
  ];
  for (const [markdown, html] of cases) {
    assert.equal(markdownToHtml(markdown), html, markdown);
    assertOwnMarkupNests(html);
  }
});

Deno.test("markdownToHtml() shows raw HTML, event handlers and script addresses as text only", () => {
  const html = markdownToHtml(
    [
      "# <script>alert(1)</script>",
      '<img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a>',
      '[click](javascript:alert(1)) ![i](x" onerror="alert(1)) [d](data:text/html,<script>)',
      "- `</code><script>` *<b>* **'q'**",
      "> <iframe src=//evil>",
    ].join("\n\n"),
  );
  assertOnlyOwnMarkup(html);
  assert.ok(!/<(?:script|img|a|iframe)\b/.test(html), html);
});

/** The attack through the real CLI: a skills directory with one skill per hostile shape. */
async function publishHostile(permissions: string[]): Promise<void> {
  await using dir = await tempDir();
  const skills = join(dir.path, "skills");
  const bodies = hostileBodies(24 * 1024);
  const names: string[] = [];
  for (const [i, body] of Object.values(bodies).entries()) {
    names.push(`hostile-${i}`);
    await writeSkill(skills, `hostile-${i}`, { body: `${body}\n` });
  }
  const home = join(dir.path, "home");
  await Deno.mkdir(home);
  const out = join(dir.path, "site");
  const started = performance.now();
  const run = await runCli(["publish", skills, "--out", out], {
    permissions,
    env: { HOME: home },
    signal: AbortSignal.timeout(30_000),
  });
  const seconds = (performance.now() - started) / 1000;
  assert.equal(run.code, 0, `${run.stderr} (after ${seconds.toFixed(1)} s)`);
  const page = await Deno.readTextFile(join(out, "skills/index.html"));
  for (const name of names) {
    assert.ok(page.includes(`id="skill-${name}"`), name);
  }
  const bodiesHtml = [...page.matchAll(/<div class="body">\n([^]*?)\n<\/div>/g)]
    .map((m) => m[1]!);
  assert.equal(bodiesHtml.length, names.length);
  for (const html of bodiesHtml) assertOnlyOwnMarkup(html);
  assert.ok(page.includes("&lt;".repeat(1000)));
}

Deno.test("skillscope publish -P=cli of skills with 24 KB hostile bodies finishes within seconds", async () => {
  await publishHostile(["-P=cli"]);
});

Deno.test("skillscope publish -A of skills with 24 KB hostile bodies finishes within seconds", async () => {
  await publishHostile(["-A"]);
});
