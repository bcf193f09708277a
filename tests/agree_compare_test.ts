// Copyright 2026 the skillscope authors. MIT license.
// The agreement harness's comparison: a client's listing against
// skillscope's, and doctor's verdicts against what the client listed.
import assert from "node:assert/strict";
import {
  compareDoctor,
  compareListing,
  listedFolder,
  normalise,
  withoutBuiltins,
} from "../agree/compare.ts";
import {
  agreementMarkdown,
  differences,
  evaluate,
  verdictLine,
} from "../agree/report.ts";
import { reasonFor } from "../agree/reasons.ts";
import { parseArgs } from "../agree/main.ts";
import type { ScenarioRun } from "../agree/run.ts";
import { visibleSkills } from "../agree/run.ts";
import type { ClientDriver, ListedSkill } from "../agree/types.ts";

const s = (
  name: string,
  description?: string,
  location?: string,
): ListedSkill => ({
  name,
  description,
  location,
});

Deno.test("compareListing() agrees on the same names and descriptions up to whitespace", () => {
  const result = compareListing(
    [s("a", "One  thing\n and another "), s("b", "B")],
    [s("a", "One thing and another"), s("b", "B")],
  );
  assert.equal(result.agree, true);
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.extra, []);
  assert.equal(normalise(" x \t y\n"), "x y");
});

Deno.test("compareListing() reports missing and extra names and description differences apart", () => {
  const result = compareListing(
    [s("a", "A"), s("c", "C"), s("d", "client")],
    [s("a", "A"), s("b", "B"), s("d", "ours")],
  );
  assert.equal(result.agree, false);
  assert.deepEqual(result.missing, ["c"]);
  assert.deepEqual(result.extra, ["b"]);
  assert.deepEqual(result.descriptions, [
    { name: "d", client: "client", skillscope: "ours" },
  ]);
});

Deno.test("compareListing() counts copies of a name: a client may offer each", () => {
  const client = [s("twin", "project"), s("twin", "user")];
  const one = compareListing(client, [s("twin", "project")]);
  assert.deepEqual(one.missing, ["twin"]);
  assert.equal(one.agree, false);
  const both = compareListing(client, [
    s("twin", "user"),
    s("twin", "project"),
  ]);
  assert.equal(both.agree, true);
  assert.equal(both.orderDiffers, false);
});

Deno.test("compareListing() reports order, failing only for a client that sorts", () => {
  const client = [s("a", "A"), s("b", "B")];
  const ours = [s("b", "B"), s("a", "A")];
  const loose = compareListing(client, ours);
  assert.equal(loose.orderDiffers, true);
  assert.equal(loose.agree, true);
  const strict = compareListing(client, ours, { sorts: true });
  assert.equal(strict.agree, false);
  assert.equal(strict.orderCounts, true);
});

Deno.test("compareListing() takes a name-only entry as an empty description", () => {
  const result = compareListing([s("a")], [s("a", "A")]);
  assert.deepEqual(result.descriptions, [
    { name: "a", client: "", skillscope: "A" },
  ]);
});

Deno.test("withoutBuiltins() leaves out the client's own skills unless one on disk took the name", () => {
  const listing = { skills: [s("bundled"), s("taken"), s("mine")] };
  assert.deepEqual(
    withoutBuiltins(listing, ["bundled", "taken"], [s("taken"), s("mine")])
      .map((x) => x.name),
    ["taken", "mine"],
  );
});

Deno.test("listedFolder() matches by path where the client gives one, else by name", () => {
  const listing = [
    s("a", "A", "/r/project/.x/skills/a/SKILL.md"),
    s("b", "B", "project"),
  ];
  assert.equal(listedFolder(listing, "/r/project/.x/skills/a", "a"), true);
  assert.equal(listedFolder(listing, "/r/home/.x/skills/a", "a"), false);
  assert.equal(listedFolder(listing, "/r/anything/b", "b"), true);
  assert.equal(listedFolder(listing, "/r/anything/c", "c"), false);
});

Deno.test("listedFolder() takes a folder's real path where the client reports it", () => {
  const listing = [{ name: "a", location: "/r/elsewhere/a/SKILL.md" }];
  assert.equal(listedFolder(listing, "/r/project/.x/skills/a", "a"), false);
  assert.equal(
    listedFolder(
      listing,
      "/r/project/.x/skills/a",
      "a",
      undefined,
      "/r/elsewhere/a",
    ),
    true,
  );
});

Deno.test("compareDoctor() tells copies of one name apart by description when the client gives no paths", () => {
  const listing = [{ name: "twin", description: "The user copy." }];
  const result = compareDoctor(
    [
      {
        folder: "project/s/twin",
        name: "twin",
        sees: "no",
        description: "The project copy.",
      },
      {
        folder: "home/s/twin",
        name: "twin",
        sees: "yes",
        description: "The user copy.",
      },
    ],
    listing,
    "/r",
  );
  assert.deepEqual(result.map((r) => [r.listed, r.agree]), [
    [false, true],
    [true, true],
  ]);
  // One folder of the name: by name, whatever its description.
  const one = compareDoctor(
    [{
      folder: "home/s/twin",
      name: "twin",
      sees: "yes",
      description: "Other.",
    }],
    listing,
    "/r",
  );
  assert.equal(one[0]?.agree, true);
});

Deno.test("compareDoctor() wants yes for listed, no for not listed, and never unknown", () => {
  const listing = [s("a", "A", "/r/p/a")];
  const result = compareDoctor(
    [
      { folder: "p/a", name: "a", sees: "yes" },
      { folder: "p/b", name: "b", sees: "no" },
      { folder: "p/c", name: "c", sees: "yes" },
      { folder: "p/d", sees: "unknown" },
      { folder: "p/a2", name: "a", sees: "no" },
    ],
    listing,
    "/r",
  );
  assert.deepEqual(result.map((r) => [r.folder, r.listed, r.agree]), [
    ["p/a", true, true],
    ["p/b", false, true],
    ["p/c", false, false],
    ["p/d", false, false],
    ["p/a2", false, true],
  ]);
});

Deno.test("visibleSkills() keeps skills the model sees, in skillscope's order", () => {
  const json = {
    skills: [
      {
        name: "b",
        description: "B",
        dir: "/x/b",
        policy: { modelVisible: true },
      },
      {
        name: "h",
        description: "H",
        dir: "/x/h",
        policy: { modelVisible: false },
      },
      { name: "a", description: "A", dir: "/x/a" },
    ],
  };
  assert.deepEqual(visibleSkills(json), [
    s("b", "B", "/x/b"),
    s("a", "A", "/x/a"),
  ]);
});

const driver: ClientDriver = {
  name: "demo",
  version: "1.0.0",
  packages: [],
  builtins: ["bundled"],
  prepare: () => Promise.resolve(),
  command: () => ({ cmd: "true", args: [], env: {} }),
  extract: () => ({ skills: [] }),
};

const scenario = {
  id: "demo/visibility/x",
  client: "demo",
  title: "x",
  dimension: "visibility",
  files: {},
  git: true,
  cwd: "project",
};

Deno.test("evaluate() judges a run and verdictLine() prints PASS or DIFF", () => {
  const run: ScenarioRun = {
    scenario,
    root: "/r",
    listing: { skills: [s("bundled", "ship"), s("a", "A")] },
    skillscope: [s("a", "A"), s("hidden", "H")],
    doctor: [
      { folder: "project/s/a", name: "a", sees: "yes" },
      { folder: "project/s/hidden", name: "hidden", sees: "yes" },
    ],
    ms: 1,
  };
  const e = evaluate(run, driver);
  assert.equal(e.listingAgrees, false);
  assert.equal(e.doctorAgreed, 1);
  assert.deepEqual(differences(e), [
    "skillscope lists, the client does not offer: hidden",
    "doctor project/s/hidden: says yes, the client does not list hidden",
  ]);
  assert.match(verdictLine(e), /^DIFF demo\/visibility\/x: /);
  const fine = evaluate(
    { ...run, skillscope: [s("a", "A")], doctor: [] },
    driver,
  );
  assert.equal(verdictLine(fine), "PASS demo/visibility/x");
});

Deno.test("evaluate() counts a failed client run as a disagreement", () => {
  const e = evaluate({
    scenario,
    root: "/r",
    error: "no request held a listing",
    skillscope: [],
    doctor: [{ folder: "project/s/a", name: "a", sees: "no" }],
    ms: 1,
  }, driver);
  assert.equal(e.listingAgrees, false);
  assert.equal(e.doctorAgreed, 0);
  assert.match(verdictLine(e), /no comparison: no request held a listing/);
});

Deno.test("parseArgs() reads --report (rewrite docs/agreement.md from stored results) beside the other options", () => {
  assert.deepEqual(parseArgs(["--report"]), {
    clients: [],
    limit: undefined,
    only: undefined,
    keep: false,
    report: true,
  });
  assert.deepEqual(parseArgs(["pi", "--only", "walk"]).only, "walk");
  assert.equal(parseArgs(["opencode", "--retry"]).retry, true);
  assert.throws(() => parseArgs(["--nope"]), /unknown option/);
});

Deno.test("agreementMarkdown() gives each remaining difference its reason, or says it is not explained", () => {
  const evaluation = {
    id: "x/roots/one",
    title: "one",
    dimension: "roots",
    listing: compareListing([{ name: "a" }], []),
    doctor: [],
    listingAgrees: false,
    doctorAgreed: 0,
  };
  const text = agreementMarkdown([{
    client: "x",
    version: "1",
    evaluations: [evaluation],
  }]);
  assert.match(text, /- reason: not yet explained/);
  assert.equal(
    reasonFor("x/roots/one", { "x/roots/one": "a client bug" }),
    "a client bug",
  );
});
