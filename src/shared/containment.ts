// Copyright 2026 the skillscope authors. MIT license.
/**
 * Where a path really leads, and whether that is inside a directory: the one
 * place every containment check goes through. A path is resolved the way the
 * kernel would follow it — every existing component, symlinks included (also
 * dangling ones: writing through a dangling link creates its target) — and
 * only the components that do not exist yet are taken as written. String
 * prefixes of unresolved paths are never compared.
 *
 * @module
 */
import { dirname, posix, resolve, SEP, win32 } from "./path.ts";

/** How many symlinks one resolution follows before giving up (Linux's limit). */
const MAX_LINKS = 40;

const flavour = Deno.build.os === "windows" ? win32 : posix;

/** Why {@linkcode resolveInside} refused a path. */
export type ContainmentCode = "path-outside" | "path-unresolvable";

/**
 * Thrown when a path leads outside the directory it must stay in
 * (`path-outside`), or cannot be resolved at all (`path-unresolvable`: a
 * symlink loop, or `..` after a component that does not exist).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ContainmentError } from "./containment.ts";
 *
 * const error = new ContainmentError("path-outside", "/p", "../etc", "/etc");
 * assert.equal(error.code, "path-outside");
 * assert.match(error.message, /"\.\.\/etc" resolves to "\/etc", outside "\/p"/);
 * ```
 */
export class ContainmentError extends Error {
  /** Stable code. */
  readonly code: ContainmentCode;
  /** The directory the path had to stay in. */
  readonly root: string;
  /** The path as given. */
  readonly target: string;
  /** Where it leads (`undefined` when it could not be resolved). */
  readonly resolved: string | undefined;

  /**
   * Constructs a new instance.
   *
   * @param code Stable code.
   * @param root The directory the path had to stay in.
   * @param target The path as given.
   * @param resolved Where it leads, when known.
   * @param label What the path is, for the message (default `The path`).
   */
  constructor(
    code: ContainmentCode,
    root: string,
    target: string,
    resolved: string | undefined,
    label = "The path",
  ) {
    super(
      code === "path-outside"
        ? `${label} "${target}" resolves to "${resolved}", outside "${root}"`
        : `${label} "${target}" cannot be resolved inside "${root}" (a symlink loop, or ".." after a missing directory)`,
    );
    this.name = "ContainmentError";
    this.code = code;
    this.root = root;
    this.target = target;
    this.resolved = resolved;
  }
}

/**
 * Resolves `path` by following every existing component, symlinks included
 * (dangling ones too), and appending the components that do not exist as
 * written. The result has no symlink among its existing components.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveExisting } from "./containment.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${dir}/real`);
 * await Deno.symlink(`${dir}/real`, `${dir}/link`);
 * assert.equal(resolveExisting(`${dir}/link/not/yet`), `${dir}/real/not/yet`);
 * assert.equal(resolveExisting(`${dir}/link/../real`), `${dir}/real`);
 * ```
 *
 * @param path A path (relative paths start at the current directory).
 * @returns The resolved absolute path, or `undefined` when it cannot be
 *   resolved: more than 40 symlinks (a loop), or `..` after a component
 *   that does not exist.
 * @throws {Deno.errors.NotCapable} without read permission for a component.
 */
export function resolveExisting(path: string): string | undefined {
  const absolute = flavour.isAbsolute(path)
    ? path
    : `${Deno.cwd()}${SEP}${path}`;
  let [current, pending] = splitRoot(absolute);
  let missing = false;
  let links = 0;
  while (pending.length > 0) {
    const part = pending.pop()!;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (missing) return undefined;
      current = dirname(current);
      continue;
    }
    const next = current.endsWith(SEP) || current.endsWith("/")
      ? `${current}${part}`
      : `${current}${SEP}${part}`;
    if (missing) {
      current = next;
      continue;
    }
    let info: Deno.FileInfo;
    try {
      info = Deno.lstatSync(next);
    } catch (error) {
      if (
        !(error instanceof Deno.errors.NotFound ||
          error instanceof Deno.errors.NotADirectory)
      ) throw error;
      missing = true;
      current = next;
      continue;
    }
    if (!info.isSymlink) {
      current = next;
      continue;
    }
    if (++links > MAX_LINKS) return undefined;
    const link = Deno.readLinkSync(next);
    if (flavour.isAbsolute(link)) {
      const [linkRoot, linkParts] = splitRoot(link);
      current = linkRoot;
      pending.push(...linkParts);
    } else {
      pending.push(...splitParts(link).reverse());
    }
  }
  return current;
}

/**
 * Whether `child` is inside `parent` once both are resolved with
 * {@linkcode resolveExisting} (a symlink inside `parent` that leads out is
 * outside). Correct for `parent` = `/`; `orEqual` counts `parent` itself as
 * inside. With `resolved`, both paths are taken as already resolved (real,
 * absolute, normalized) and only compared: no file-system access.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isInside } from "./containment.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.symlink("/", `${dir}/out`);
 * assert.equal(isInside(dir, `${dir}/new/file`), true);
 * assert.equal(isInside(dir, `${dir}/out/etc`), false);
 * assert.equal(isInside(dir, dir), false);
 * assert.equal(isInside(dir, dir, { orEqual: true }), true);
 * assert.equal(isInside("/", "/etc", { resolved: true }), true);
 * assert.equal(isInside("/sk", "/skills", { resolved: true }), false);
 * ```
 *
 * @param parent The directory.
 * @param child The path to check.
 * @param options `orEqual`: `parent` itself counts as inside; `resolved`:
 *   compare the paths as given.
 * @returns Whether `child` is inside `parent` (`false` when either cannot be
 *   resolved).
 * @throws {Deno.errors.NotCapable} without read permission for a component.
 */
export function isInside(
  parent: string,
  child: string,
  options: { orEqual?: boolean; resolved?: boolean } = {},
): boolean {
  const p = options.resolved === true ? parent : resolveExisting(parent);
  const c = options.resolved === true ? child : resolveExisting(child);
  if (p === undefined || c === undefined) return false;
  if (p === c) return options.orEqual === true;
  const prefix = p.endsWith(SEP) || p.endsWith("/") ? p : `${p}${SEP}`;
  return c.startsWith(prefix);
}

/**
 * Resolves `path` (relative to `root`, or absolute) with
 * {@linkcode resolveExisting} and requires the result inside `root`'s real
 * path: what every write, link, move or delete below a directory checks
 * first. Write to the returned path, not to the one given.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ContainmentError, resolveInside } from "./containment.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * await Deno.mkdir(`${dir}/project`);
 * await Deno.symlink("..", `${dir}/project/.claude`);
 * assert.equal(resolveInside(`${dir}/project`, ".agents/skills"), `${dir}/project/.agents/skills`);
 * assert.throws(
 *   () => resolveInside(`${dir}/project`, ".claude/skills"),
 *   (e) => e instanceof ContainmentError && e.resolved === `${dir}/skills`,
 * );
 * assert.throws(() => resolveInside(`${dir}/project`, "../project2"), ContainmentError);
 * ```
 *
 * @param root The directory the path must stay in.
 * @param path The path, relative to `root` or absolute.
 * @param options `orEqual`: `root` itself is acceptable; `label`: what the
 *   path is, for the error message (default `The path`).
 * @returns The resolved absolute path.
 * @throws {ContainmentError} `path-outside` (naming the path, where it
 *   leads and `root`) or `path-unresolvable`.
 * @throws {Deno.errors.NotCapable} without read permission for a component.
 */
export function resolveInside(
  root: string,
  path: string,
  options: { orEqual?: boolean; label?: string } = {},
): string {
  const absoluteRoot = resolve(root);
  const realRoot = resolveExisting(absoluteRoot);
  const resolved = realRoot === undefined ? undefined : resolveExisting(
    flavour.isAbsolute(path) ? path : `${realRoot}${SEP}${path}`,
  );
  if (realRoot === undefined || resolved === undefined) {
    throw new ContainmentError(
      "path-unresolvable",
      absoluteRoot,
      path,
      undefined,
      options.label,
    );
  }
  const inside = isInside(realRoot, resolved, {
    resolved: true,
    orEqual: options.orEqual === true,
  });
  if (!inside) {
    throw new ContainmentError(
      "path-outside",
      absoluteRoot,
      path,
      resolved,
      options.label,
    );
  }
  return resolved;
}

/**
 * Creates the directory `path` and its missing parents inside `root`, one
 * component at a time: each is created without `recursive` and checked with
 * `lstat` to be a directory, not a symlink, and the whole path is resolved
 * again at the end; a symlink swapped in on the way is refused.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ContainmentError, makeDirsInside } from "./containment.ts";
 *
 * const dir = await Deno.realPath(await Deno.makeTempDir());
 * assert.equal(makeDirsInside(dir, "a/b"), `${dir}/a/b`);
 * assert.ok(Deno.statSync(`${dir}/a/b`).isDirectory);
 * await Deno.symlink("/", `${dir}/out`);
 * assert.throws(() => makeDirsInside(dir, "out/tmp/x"), ContainmentError);
 * ```
 *
 * @param root The directory everything must stay in (it must exist).
 * @param path The directory to create, relative to `root` or absolute.
 * @param options `orEqual`: `root` itself is acceptable; `label` for messages.
 * @returns The resolved path of the directory.
 * @throws {ContainmentError} when it leads, or is made to lead, outside `root`.
 * @throws {Deno.errors.NotADirectory} when a component is a file.
 */
export function makeDirsInside(
  root: string,
  path: string,
  options: { orEqual?: boolean; label?: string } = {},
): string {
  const resolved = resolveInside(root, path, options);
  const realRoot = resolveExisting(resolve(root))!;
  let current = realRoot;
  const rest = resolved.slice(realRoot.length);
  for (const part of splitParts(rest).filter((p) => p !== "")) {
    current = current.endsWith(SEP)
      ? `${current}${part}`
      : `${current}${SEP}${part}`;
    try {
      Deno.mkdirSync(current);
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
    }
    const info = Deno.lstatSync(current);
    if (!info.isDirectory && !info.isSymlink) {
      throw new Deno.errors.NotADirectory(`"${current}" is not a directory`);
    }
    if (info.isSymlink) {
      throw new ContainmentError(
        "path-outside",
        resolve(root),
        path,
        resolveExisting(current),
        options.label,
      );
    }
  }
  // A component swapped for a symlink after its own check is caught here.
  if (resolveInside(root, path, options) !== resolved) {
    throw new ContainmentError(
      "path-outside",
      resolve(root),
      path,
      resolveExisting(resolved),
      options.label,
    );
  }
  return resolved;
}

/** The file-system root of an absolute path, and its other components reversed (a stack). */
function splitRoot(path: string): [string, string[]] {
  const match = flavour === win32
    ? /^(?:[A-Za-z]:[\\/]|[\\/]{2}[^\\/]+[\\/][^\\/]+[\\/]?|[\\/])/.exec(path)
    : /^\/+/.exec(path);
  const prefix = match === null ? "" : match[0];
  return [
    flavour === win32 ? prefix.replaceAll("/", "\\") : "/",
    splitParts(path.slice(prefix.length)).reverse(),
  ];
}

/** The components of a relative path (empty ones included). */
function splitParts(path: string): string[] {
  return path.split(flavour === win32 ? /[\\/]/ : "/");
}
