// Copyright 2026 the skillscope authors. MIT license.
// The install lines of the page `publish` writes (skills/index.html), in a
// real headless Chromium: every skill shows `skillscope install` and
// `npx skills add` for the same site, each with a copy button that copies
// exactly its line — through the Clipboard API, or by selecting the line
// when that API is missing or refuses — and nothing from a hostile skill
// becomes markup, an attribute or a script.
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli, tempDir, writeTree } from "./_helpers.ts";
import {
  decodePng,
  foregroundShare,
  hasChromium,
  launchChromium,
  NO_CHROMIUM_REASON,
  type Page,
} from "./_chromium.ts";
import { readTree, type Route, serveSite } from "./web_site.ts";
import { type PageSkill, renderSkillsPage } from "../src/web/site_page.ts";

const ignore = !hasChromium();
if (ignore) console.warn(`web_page_install_test: ${NO_CHROMIUM_REASON}`);

const ORIGIN = "https://docs.example.com";
const HOSTILE_DESCRIPTION =
  `Copies <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> & 'quotes'`;
/** A directory name and a `name` no index can carry: `publish` leaves the skill out. */
const HOSTILE_DIR = `<img src=x onerror=window.__pwned=3>`;
const HOSTILE_NAME = `"><button onclick="window.__pwned=4">x</button>`;

/** The two install lines of a skill on the site at `origin`. */
function lines(origin: string, name: string): [string, string] {
  return [
    `skillscope install ${origin} --skill ${name}`,
    `npx skills add ${origin} --skill ${name}`,
  ];
}

/** Serves `files` (site path → bytes) and opens `/skills/index.html` in a new Chromium. */
async function openSite(
  files: Map<string, Uint8Array>,
): Promise<{ page: Page; [Symbol.asyncDispose](): Promise<void> }> {
  const routes: Record<string, Route> = {};
  for (const [rel, bytes] of files) {
    routes[`/${rel}`] = () =>
      new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": rel.endsWith(".html")
            ? "text/html; charset=utf-8"
            : "application/octet-stream",
        },
      });
  }
  const site = serveSite(routes);
  const browser = await launchChromium().catch(async (error) => {
    await site.close();
    throw error;
  });
  const dispose = async (): Promise<void> => {
    await browser.close();
    await site.close();
  };
  try {
    const page = await browser.newPage(1000, 1400);
    await page.goto(`${site.origin}/skills/index.html`);
    return { page, [Symbol.asyncDispose]: dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** `skillscope publish` (the CLI, in its own process) of a hostile skill, a plain one and one it must leave out. */
async function publishWithCli(): Promise<Map<string, Uint8Array>> {
  await using temp = await tempDir();
  const skills = join(temp.path, "skills");
  await writeTree(skills, {
    "hostile-page/SKILL.md": `---\nname: hostile-page\ndescription: ${
      JSON.stringify(HOSTILE_DESCRIPTION)
    }\n---\n# Hostile\n`,
    "hostile-page/<img src=x onerror=window.__pwned=5>.md": "x\n",
    "pdf-tools/SKILL.md":
      "---\nname: pdf-tools\ndescription: Fill PDF forms\n---\n# PDF\n",
    [`${HOSTILE_DIR}/SKILL.md`]: `---\nname: ${
      JSON.stringify(HOSTILE_NAME)
    }\ndescription: Never listed\n---\n# No\n`,
  });
  const out = join(temp.path, "site");
  const run = await runCli(
    ["publish", skills, "--out", out, "--base-url", ORIGIN, "--lenient"],
    {
      permissions: ["--allow-read", `--allow-write=${out}`],
      signal: AbortSignal.timeout(60_000),
    },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /is not a valid skill name/);
  return await readTree(out);
}

/** Each skill's name and the text of its install lines, in page order. */
function installLines(page: Page): Promise<string[][]> {
  return page.evaluate(
    `[...document.querySelectorAll("article.skill")].map((a) => [a.querySelector(".name").textContent, ...[...a.querySelectorAll(".command code")].map((c) => c.textContent)])`,
  );
}

/**
 * Replaces `navigator.clipboard` (`"record"`: a writeText that records its
 * argument; `"refuse"`: one that rejects; `"absent"`: none), clicks the
 * button and reports what was copied, the button's label and the selection.
 */
function click(
  page: Page,
  button: string,
  clipboard: "record" | "refuse" | "absent",
): Promise<{ copied: string[]; label: string; selected: string }> {
  return page.evaluate(`(async () => {
    const copied = [];
    const value = ${JSON.stringify(clipboard)} === "absent" ? undefined : {
      writeText: (text) => {
        copied.push(text);
        return ${JSON.stringify(clipboard)} === "record"
          ? Promise.resolve()
          : Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
      },
    };
    Object.defineProperty(navigator, "clipboard", { configurable: true, value });
    getSelection().removeAllRanges();
    const button = document.querySelector(${JSON.stringify(button)});
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { copied, label: button.textContent, selected: getSelection().toString() };
  })()`);
}

Deno.test({
  name:
    "the published page shows a skillscope and an npx line for each skill, escaped, and the npx copy button copies exactly its line",
  ignore,
  async fn(): Promise<void> {
    const files = await publishWithCli();
    const html = new TextDecoder().decode(files.get("skills/index.html"));
    // The skill left out is nowhere on the page; the hostile text is escaped.
    assert.ok(!html.includes("__pwned=3") && !html.includes("__pwned=4"));
    assert.ok(html.includes(
      "Copies &lt;script&gt;window.__pwned = 1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt; &amp; &#x27;quotes&#x27;",
    ));
    await using opened = await openSite(files);
    const { page } = opened;
    assert.deepEqual(await installLines(page), [
      ["hostile-page", ...lines(ORIGIN, "hostile-page")],
      ["pdf-tools", ...lines(ORIGIN, "pdf-tools")],
    ]);
    // Two buttons per skill, the page's own: no text of a skill in them.
    assert.deepEqual(
      await page.evaluate(
        `[...document.querySelectorAll("button")].map((b) => b.getAttributeNames().join(" ") + " | " + b.textContent)`,
      ),
      Array(4).fill("type class | Copy"),
    );
    assert.equal(
      await page.evaluate(
        `document.querySelector("#skill-hostile-page .description").textContent`,
      ),
      HOSTILE_DESCRIPTION,
    );

    const npx = await click(
      page,
      "#skill-hostile-page .command.npx button",
      "record",
    );
    assert.deepEqual(npx.copied, [lines(ORIGIN, "hostile-page")[1]]);
    assert.equal(npx.label, "Copied");
    assert.equal(
      await page.evaluate(`document.getElementById("copy-status").textContent`),
      `Copied: npx skills add ${ORIGIN} --skill hostile-page`,
    );
    const own = await click(
      page,
      "#skill-pdf-tools .command.skillscope button",
      "record",
    );
    assert.deepEqual(own.copied, [lines(ORIGIN, "pdf-tools")[0]]);

    // The hostile skill's card, lines and "Copied" included, is drawn within the card.
    const { card, overflow } = await page.evaluate<{
      card: { x: number; y: number; width: number; height: number };
      overflow: string[];
    }>(`(() => {
      const article = document.getElementById("skill-hostile-page").getBoundingClientRect();
      const overflow = [...document.querySelectorAll("#skill-hostile-page .command > *")]
        .filter((e) => { const r = e.getBoundingClientRect(); return r.width === 0 || r.right > article.right || r.left < article.left; })
        .map((e) => e.outerHTML);
      return { card: { x: article.x, y: article.y, width: article.width, height: article.height }, overflow };
    })()`);
    assert.deepEqual(overflow, []);
    const png = await page.screenshot(card);
    const shot = Deno.env.get("SKILLSCOPE_TEST_SCREENSHOTS");
    if (shot) await Deno.writeFile(join(shot, "install-lines.png"), png);
    assert.ok(foregroundShare(await decodePng(png)) > 0.5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await page.evaluate(`typeof window.__pwned`), "undefined");
    assert.deepEqual(page.errors, []); // the CSP let the page's script run
  },
});

Deno.test({
  name:
    "without the Clipboard API, or when it refuses, the copy button selects exactly its line",
  ignore,
  async fn(): Promise<void> {
    await using opened = await openSite(await publishWithCli());
    const { page } = opened;
    const [own, npx] = lines(ORIGIN, "pdf-tools");
    const absent = await click(
      page,
      "#skill-pdf-tools .command.npx button",
      "absent",
    );
    assert.deepEqual(absent.copied, []);
    assert.equal(absent.selected, npx);
    assert.match(absent.label, /^(Press (Ctrl\+C|\u2318C)|Copied)$/);
    const refused = await click(
      page,
      "#skill-pdf-tools .command.skillscope button",
      "refuse",
    );
    assert.deepEqual(refused.copied, [own]);
    assert.equal(refused.selected, own);
    assert.match(refused.label, /^(Press (Ctrl\+C|\u2318C)|Copied)$/);
    assert.deepEqual(page.errors, []);
  },
});

Deno.test({
  name:
    "a page rendered for a hostile name and origin shows and copies them as text, and runs nothing",
  ignore,
  async fn(): Promise<void> {
    // Names and origins from `publish` are checked; the library takes any.
    const name = `x"><img src=x onerror="window.__pwned=6">'&amp;`;
    const origin = `https://h"><script>window.__pwned=7</script>`;
    const skill: PageSkill = {
      name,
      description: "Hostile name",
      type: "skill-md",
      digest: `sha256:${"0".repeat(64)}`,
      size: 4,
      files: [{ path: "SKILL.md", size: 4 }],
      skillMd: "# Hi\n",
    };
    const html = renderSkillsPage([skill], origin);
    assert.ok(!html.includes("<img") && !html.includes("<script>window"));
    await using opened = await openSite(
      new Map([["skills/index.html", new TextEncoder().encode(html)]]),
    );
    const { page } = opened;
    assert.deepEqual(await installLines(page), [[
      name,
      ...lines(origin, name),
    ]]);
    const npx = await click(page, ".command.npx button", "record");
    assert.deepEqual(npx.copied, [lines(origin, name)[1]]);
    assert.deepEqual(
      await page.evaluate(
        `[...document.querySelectorAll("main script, main img, main a, main [onerror], main [onclick], main [src], main [href]")].map((e) => e.outerHTML)`,
      ),
      [],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await page.evaluate(`typeof window.__pwned`), "undefined");
    assert.deepEqual(page.errors, []);
  },
});
