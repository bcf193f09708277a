// Copyright 2026 the skillscope authors. MIT license.
// The page `publish` writes for people (skills/index.html), in a real
// headless Chromium over the DevTools protocol: it loads without a console
// error, lists every skill, the filter narrows the list, a hostile skill's
// markup shows as text and runs nothing, the CSP refuses a script it does not
// hash, and a screenshot of the list is not blank.
import assert from "node:assert/strict";
import { join } from "node:path";
import { tempDir, writeTree } from "./_helpers.ts";
import {
  decodePng,
  foregroundShare,
  hasChromium,
  launchChromium,
  NO_CHROMIUM_REASON,
  type Page,
} from "./_chromium.ts";
import { FIXTURES } from "./_mcp.ts";
import { readTree, type Route, serveSite, type Site } from "./web_site.ts";
import { publishSkills } from "../src/web/publish.ts";

const ignore = !hasChromium();
if (ignore) console.warn(`web_page_test: ${NO_CHROMIUM_REASON}`);

const HOSTILE_DESCRIPTION =
  `Says hi <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> & "quotes"`;

/** The fixtures plus a hostile skill, published into a served site. */
async function publishedPage(
  edit?: (html: string) => string,
): Promise<
  { site: Site; url: string; [Symbol.asyncDispose](): Promise<void> }
> {
  const temp = await tempDir();
  const root = temp.path;
  const skills = join(root, "skills");
  await Deno.mkdir(skills);
  // The fixtures as symlinked skill directories (how users install skills).
  for await (const entry of Deno.readDir(FIXTURES)) {
    await Deno.symlink(join(FIXTURES, entry.name), join(skills, entry.name));
  }
  await writeTree(skills, {
    "hostile-page/SKILL.md": `---\nname: hostile-page\ndescription: ${
      JSON.stringify(HOSTILE_DESCRIPTION)
    }\n---\n# <script>window.__pwned = 3</script>\n\n<iframe src="javascript:window.__pwned = 4"></iframe>\n\n[click](javascript:window.__pwned=5) ![img](x" onerror="window.__pwned=6)\n`,
    "hostile-page/<img src=x onerror=window.__pwned=7>.md": "x\n",
  });
  const out = join(root, "site");
  const result = await publishSkills(skills, out, {
    origin: "https://docs.example.com",
  });
  assert.equal(result.skipped, 0, JSON.stringify(result.diagnostics));
  const routes: Record<string, Route> = {};
  for (const [rel, bytes] of await readTree(out)) {
    const body = rel === "skills/index.html" && edit !== undefined
      ? new TextEncoder().encode(edit(new TextDecoder().decode(bytes)))
      : bytes;
    routes[`/${rel}`] = () =>
      new Response(body as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": rel.endsWith(".html")
            ? "text/html; charset=utf-8"
            : "application/octet-stream",
        },
      });
  }
  const site = serveSite(routes);
  return {
    site,
    url: `${site.origin}/skills/index.html`,
    [Symbol.asyncDispose]: async () => {
      await site.close();
      await temp[Symbol.asyncDispose]();
    },
  };
}

/** The published page, loaded in a new headless Chromium (1000 × 1400). */
async function openPage(
  edit?: (html: string) => string,
): Promise<{ page: Page; [Symbol.asyncDispose](): Promise<void> }> {
  const published = await publishedPage(edit);
  const browser = await launchChromium().catch(async (error) => {
    await published[Symbol.asyncDispose]();
    throw error;
  });
  const dispose = async (): Promise<void> => {
    await browser.close();
    await published[Symbol.asyncDispose]();
  };
  try {
    const page = await browser.newPage(1000, 1400);
    await page.goto(published.url);
    return { page, [Symbol.asyncDispose]: dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The names of the skills the page shows (not hidden by the filter). */
function shown(page: Page): Promise<string[]> {
  return page.evaluate(
    `[...document.querySelectorAll("article.skill")].filter((a) => !a.hidden && a.offsetHeight > 0).map((a) => a.querySelector(".name").textContent)`,
  );
}

const ALL = [
  "brand-guidelines",
  "changelog-writer",
  "hostile-page",
  "pdf-tools",
  "sql-review",
];

Deno.test({
  name:
    "the published page loads with no console error, lists every skill, and the filter narrows the list",
  ignore,
  async fn(): Promise<void> {
    await using opened = await openPage();
    const { page } = opened;
    assert.deepEqual(await shown(page), ALL);
    assert.equal(await page.evaluate(`count.textContent`), "5 skills");
    assert.equal(
      await page.evaluate(
        `document.querySelector("#skill-pdf-tools .install").textContent`,
      ),
      "skillscope install https://docs.example.com --skill pdf-tools",
    );
    await page.evaluate(`document.getElementById("filter").focus()`);
    await page.type("pdf");
    assert.deepEqual(await shown(page), ["pdf-tools"]);
    assert.equal(await page.evaluate(`count.textContent`), "1 of 5 skills");
    await page.type(" forms"); // every word must match
    assert.deepEqual(await shown(page), ["pdf-tools"]);
    await page.evaluate(`filter.value = ""; filter.focus()`);
    await page.type("REVIEW"); // case-insensitive, description included
    assert.deepEqual(await shown(page), ["sql-review"]);
    await page.type(" nothing-matches-this");
    assert.deepEqual(await shown(page), []);
    assert.equal(await page.evaluate(`none.hidden`), false);
    assert.deepEqual(page.errors, []);
  },
});

Deno.test({
  name:
    "a skill whose description and body hold <script> shows the text on the page and runs nothing",
  ignore,
  async fn(): Promise<void> {
    await using opened = await openPage();
    const { page } = opened;
    await page.evaluate(
      `document.querySelectorAll("details").forEach((d) => { d.open = true; })`,
    );
    assert.equal(
      await page.evaluate(
        `document.querySelector("#skill-hostile-page .description").textContent`,
      ),
      HOSTILE_DESCRIPTION,
    );
    const body = await page.evaluate<string>(
      `document.querySelector("#skill-hostile-page .body").textContent`,
    );
    assert.match(body, /<script>window\.__pwned = 3<\/script>/);
    assert.match(
      body,
      /<iframe src="javascript:window\.__pwned = 4"><\/iframe>/,
    );
    assert.match(
      await page.evaluate(
        `document.querySelector("#skill-hostile-page .files").textContent`,
      ),
      /<img src=x onerror=window\.__pwned=7>\.md/,
    );
    // Nothing from the skill became an element, a link or a handler.
    assert.deepEqual(
      await page.evaluate(
        `[...document.querySelectorAll("main script, main img, main iframe, main a, main [onerror], main [src], main [href]")].map((e) => e.outerHTML)`,
      ),
      [],
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // any handler would have run
    assert.equal(await page.evaluate(`typeof window.__pwned`), "undefined");
    assert.deepEqual(page.errors, []);
  },
});

Deno.test({
  name:
    "the page's Content-Security-Policy refuses an inline script it does not hash, and runs its own",
  ignore,
  async fn(): Promise<void> {
    // What an injection would look like if escaping ever failed.
    await using opened = await openPage((html) =>
      html.replace("</main>", "<script>window.__evil = 1</script></main>")
    );
    const { page } = opened;
    assert.equal(await page.evaluate(`typeof window.__evil`), "undefined");
    assert.ok(
      page.errors.some((e) => /Content Security Policy/.test(e)),
      page.errors.join("\n"),
    );
    await page.evaluate(`filter.focus()`);
    await page.type("sql");
    assert.deepEqual(await shown(page), ["sql-review"]); // its own script runs
  },
});

Deno.test({
  name:
    "a screenshot of the published list shows the skills, and the same area with the list emptied is blank",
  ignore,
  async fn(): Promise<void> {
    await using opened = await openPage();
    const { page } = opened;
    const clip = await page.evaluate<
      { x: number; y: number; width: number; height: number }
    >(
      `(() => { const r = document.getElementById("skills").getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: Math.min(r.height, 1200) }; })()`,
    );
    assert.ok(clip.width > 200 && clip.height > 200, JSON.stringify(clip));
    const full = foregroundShare(await decodePng(await page.screenshot(clip)));
    // The cards (not the white page) cover most of the list.
    assert.ok(
      full > 0.5,
      `only ${(full * 100).toFixed(1)}% of the list is drawn`,
    );
    await page.evaluate(`filter.focus()`);
    await page.type("no-skill-is-called-this");
    const empty = foregroundShare(await decodePng(await page.screenshot(clip)));
    assert.ok(empty < 0.01, `${(empty * 100).toFixed(1)}% drawn when empty`);
    assert.deepEqual(page.errors, []);
  },
});
