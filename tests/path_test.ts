// Copyright 2026 the skillscope authors. MIT license.
import assert from "node:assert/strict";
import * as nodePath from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fc from "fast-check";
import {
  basename,
  dirname,
  fromFileUrl,
  isAbsolute,
  join,
  type PathFlavour,
  posix,
  relative,
  resolve,
  SEP,
  win32,
} from "../src/shared/path.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 3000);

const segment = fc.constantFrom("a", "bb", ".", "..", "", "c.d", "é", " x");
const posixPath = fc.tuple(
  fc.constantFrom("", "/", "//"),
  fc.array(segment, { maxLength: 6 }),
  fc.constantFrom("", "/", "//"),
).map(([head, parts, tail]) => head + parts.join("/") + tail);
const winSep = fc.constantFrom("\\", "/");
const winPath = fc.tuple(
  fc.constantFrom(
    "",
    "\\",
    "/",
    "C:",
    "C:\\",
    "d:/",
    "\\\\srv\\share",
    "\\\\srv\\share\\",
  ),
  fc.array(fc.tuple(segment, winSep), { maxLength: 6 }),
).map(([head, parts]) => head + parts.map(([s, sep]) => s + sep).join(""))
  .chain((path) => fc.constantFrom(path, path.slice(0, -1)));
const winRelative = fc.array(fc.tuple(segment, winSep), { maxLength: 4 })
  .map((parts) => parts.map(([s, sep]) => s + sep).join(""))
  .chain((path) => fc.constantFrom(path, path.slice(0, -1)));

Deno.test("posix join, dirname, basename and resolve agree with node:path.posix", () => {
  fc.assert(
    fc.property(fc.array(posixPath, { maxLength: 4 }), (parts) => {
      assert.equal(posix.join(...parts), nodePath.posix.join(...parts));
      const cwd = () => "/work/x";
      const expected = nodePath.posix.resolve("/work/x", ...parts);
      assert.equal(posix.resolve(cwd, ...parts), expected);
    }),
    { numRuns: RUNS },
  );
  fc.assert(
    fc.property(posixPath, (path) => {
      assert.equal(
        posix.dirname(path),
        nodePath.posix.dirname(path),
        `dirname ${path}`,
      );
      assert.equal(
        posix.basename(path),
        nodePath.posix.basename(path),
        `basename ${path}`,
      );
      assert.equal(posix.isAbsolute(path), nodePath.posix.isAbsolute(path));
    }),
    { numRuns: RUNS },
  );
});

Deno.test("win32 join, dirname, basename and resolve agree with node:path.win32", () => {
  fc.assert(
    fc.property(winPath, (path) => {
      assert.equal(
        win32.dirname(path),
        nodePath.win32.dirname(path),
        `dirname ${path}`,
      );
      assert.equal(
        win32.basename(path),
        nodePath.win32.basename(path),
        `basename ${path}`,
      );
      assert.equal(
        win32.isAbsolute(path),
        nodePath.win32.isAbsolute(path),
        `isAbsolute ${path}`,
      );
    }),
    { numRuns: RUNS },
  );
  fc.assert(
    // Later parts hold no drive: node prefixes ".\\" to a relative result
    // with a drive-like segment inside it, which no skill path has.
    fc.property(
      fc.tuple(winPath, fc.array(winRelative, { maxLength: 2 })),
      ([first, rest]) => {
        const parts = [first, ...rest];
        // `\\.\` and `\\?\` name Win32 device namespaces, not shares.
        fc.pre(
          parts.every((part) => !/^[\\/]{2}[.?](?:[\\/]|$)/.test(part)) &&
            !/^[\\/]{2}[.?](?:[\\/]|$)/.test(parts.filter((p) => p).join("\\")),
        );
        assert.equal(
          win32.join(...parts),
          nodePath.win32.join(...parts),
          `join ${JSON.stringify(parts)}`,
        );
        // Drive-relative parts (`C:a`) resolve against that drive's own cwd in
        // node; both sides start from an absolute path on C: here.
        const cwd = () => "C:\\work\\x";
        assert.equal(
          win32.resolve(
            cwd,
            "C:\\work\\x",
            ...parts.filter((p) => !/^[A-Za-z]:(?![\\/])/.test(p)),
          ),
          nodePath.win32.resolve(
            "C:\\work\\x",
            ...parts.filter((p) => !/^[A-Za-z]:(?![\\/])/.test(p)),
          ),
          `resolve ${JSON.stringify(parts)}`,
        );
      },
    ),
    { numRuns: RUNS },
  );
});

Deno.test("the platform functions use the platform flavour and the real cwd", () => {
  assert.equal(SEP, nodePath.sep);
  assert.equal(resolve("a", "../b"), nodePath.resolve("a", "../b"));
  assert.equal(resolve(), Deno.cwd());
  assert.equal(relative("a/b", "c"), nodePath.relative("a/b", "c"));
  assert.equal(relative("/skills", "/skills"), "");
  assert.equal(isAbsolute("/skills"), nodePath.isAbsolute("/skills"));
  assert.equal(isAbsolute("skills"), false);
  assert.equal(
    join("/skills", "pdf", "../SKILL.md"),
    nodePath.join("/skills", "pdf", "../SKILL.md"),
  );
  assert.equal(dirname("/skills/pdf/SKILL.md"), "/skills/pdf");
  assert.equal(basename("/skills/pdf/"), "pdf");
});

/** Pairs of paths as the code passes them to `relative`: skill roots, skill directories, files. */
const POSIX_RELATIVE: [string, string][] = [
  ["/skills/pdf", "/skills/pdf/SKILL.md"],
  ["/skills/pdf", "/skills/docx/SKILL.md"],
  ["/skills/pdf/", "/skills/pdf"],
  ["/skills", "/skillset/a"],
  ["/skillset/a", "/skills"],
  ["/", "/etc/passwd"],
  ["/etc/passwd", "/"],
  ["/a/b/c", "/a"],
  ["/a//b/./c/..", "/a/b/d"],
  ["//a", "/a/b"],
  ["", ""],
  ["", "/x"],
  ["skills/pdf", "skills/docx"],
  ["skills", "../outside"],
  [".", "SKILL.md"],
];
const WIN32_RELATIVE: [string, string][] = [
  ["C:\\skills\\pdf", "C:\\skills\\pdf\\SKILL.md"],
  ["C:\\skills\\pdf", "C:\\skills\\docx\\SKILL.md"],
  ["C:\\Skills\\PDF", "c:\\skills\\pdf\\a"],
  ["C:\\skills", "C:\\skillset\\a"],
  ["C:\\", "C:\\skills"],
  ["C:\\skills\\pdf", "C:\\"],
  ["C:/skills/pdf", "C:\\skills/docx/"],
  ["C:\\skills", "D:\\skills"],
  ["C:\\skills", "\\\\srv\\share\\skills"],
  ["\\\\srv\\share\\a", "\\\\srv\\share\\b\\c"],
  ["\\\\srv\\share\\a", "\\\\srv\\other\\b"],
  ["\\\\srv\\share\\a", "\\\\srv\\share"],
  ["\\\\srv\\share\\a", "\\\\host\\share\\a"],
  ["C:\\a\\é", "C:\\A\\É\\b"],
  ["\\skills", "C:\\skills\\a"],
  ["skills\\pdf", "skills\\docx"],
  ["", "C:\\work\\x\\a"],
];

/** Asserts that `flavour` and Node's same flavour agree on `relative` and `isAbsolute` (with the cwd `cwd`). */
function assertSameRelative(
  flavour: PathFlavour,
  node: typeof nodePath.posix,
  cwd: string,
  [from, to]: [string, string],
): void {
  assert.equal(
    flavour.relative(() => cwd, from, to),
    node.relative(node.resolve(cwd, from), node.resolve(cwd, to)),
    `relative ${JSON.stringify([from, to])}`,
  );
  for (const path of [from, to]) {
    assert.equal(flavour.isAbsolute(path), node.isAbsolute(path), path);
  }
}

Deno.test("relative and isAbsolute agree with node:path on the paths the code uses", () => {
  for (const pair of POSIX_RELATIVE) {
    assertSameRelative(posix, nodePath.posix, "/work/x", pair);
  }
  for (const pair of WIN32_RELATIVE) {
    assertSameRelative(win32, nodePath.win32, "C:\\work\\x", pair);
  }
});

Deno.test("relative agrees with node:path.posix and node:path.win32", () => {
  fc.assert(
    fc.property(posixPath, posixPath, (from, to) => {
      assertSameRelative(posix, nodePath.posix, "/work/x", [from, to]);
    }),
    { numRuns: RUNS },
  );
  // One divergence is left out: when a name's lower case is longer than the
  // name (`İ`), Node compares UNC paths on two different servers segment by
  // segment and climbs over the server name; for every other name, and here
  // always, such a path is returned whole.
  const winCase = fc.tuple(winPath, fc.constantFrom("", "a", "A", "É"))
    .map(([path, tail]) => path + tail);
  fc.assert(
    fc.property(winCase, winCase, (from, to) => {
      // Device namespaces and drive-relative paths as in the resolve test.
      fc.pre(
        [from, to].every((p) =>
          !/^[\\/]{2}[.?](?:[\\/]|$)/.test(p) && !/^[A-Za-z]:(?![\\/])/.test(p)
        ),
      );
      assertSameRelative(win32, nodePath.win32, "C:\\work\\x", [from, to]);
    }),
    { numRuns: RUNS },
  );
});

Deno.test("fromFileUrl matches node:url and refuses what it refuses", () => {
  for (const path of ["/skills/a b", "/skills/%41", "/s/é/日本", "/s/#x?y"]) {
    const url = pathToFileURL(path);
    assert.equal(fromFileUrl(url), fileURLToPath(url));
  }
  assert.throws(() => fromFileUrl(new URL("https://example.com/x")), TypeError);
  assert.throws(() => fromFileUrl(new URL("file:///a%2Fb")), TypeError);
  assert.throws(() => fileURLToPath(new URL("file:///a%2Fb")), TypeError);
  assert.throws(() => fromFileUrl(new URL("file://host/a")), TypeError);
});
