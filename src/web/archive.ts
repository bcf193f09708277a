// Copyright 2026 the skillscope authors. MIT license.
/**
 * Archives of the well-known protocol: which format a download is (its
 * `Content-Type`, else its URL's extension), and unpacking it in memory
 * under the rules of {@linkcode ArchiveCollector}. The tar and zip
 * libraries load only here, only when an archive is unpacked.
 *
 * @module
 */
import { ArchiveCollector, type SkillFiles } from "./archive_entry.ts";
import { unpackTarGz } from "./archive_tar.ts";
import { unpackZip } from "./archive_zip.ts";
import { WebArtifactError } from "./errors.ts";

/** The archive formats of the protocol. */
export type ArchiveFormat = "tar.gz" | "zip";

const TYPES: Readonly<Record<string, ArchiveFormat>> = {
  "application/gzip": "tar.gz",
  "application/x-gzip": "tar.gz",
  "application/x-gtar": "tar.gz",
  "application/x-tgz": "tar.gz",
  "application/x-compressed-tar": "tar.gz",
  "application/tar+gzip": "tar.gz",
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
};

/**
 * The format of an archive: from `Content-Type` when it names one, else
 * from the URL's path (`.tar.gz`, `.tgz`, `.zip`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { archiveFormatOf } from "./archive.ts";
 *
 * assert.equal(archiveFormatOf("application/zip", "https://example.com/a"), "zip");
 * assert.equal(archiveFormatOf("application/octet-stream", "https://example.com/a.tar.gz"), "tar.gz");
 * assert.throws(() => archiveFormatOf(null, "https://example.com/a.rar"), /format/);
 * ```
 *
 * @param contentType The response's `Content-Type`, if any.
 * @param url The archive's URL.
 * @returns The format.
 * @throws {WebArtifactError} `web-archive-format`.
 */
export function archiveFormatOf(
  contentType: string | null,
  url: string,
): ArchiveFormat {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const byType = Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  if (byType !== undefined) return byType;
  const path = (URL.parse(url)?.pathname ?? url).toLowerCase();
  if (path.endsWith(".tar.gz") || path.endsWith(".tgz")) return "tar.gz";
  if (path.endsWith(".zip")) return "zip";
  throw new WebArtifactError(
    "web-archive-format",
    `Cannot tell the format of the archive "${url}": its Content-Type is ${
      contentType === null ? "missing" : JSON.stringify(contentType)
    } and its URL ends in neither .tar.gz, .tgz nor .zip`,
  );
}

/**
 * Unpacks an archive in memory. The whole archive is refused at the first
 * entry that breaks a rule: a path with `..`, absolute or with a backslash;
 * a symlink or hard link (links are refused outright, whether they point
 * inside the skill or not: nothing needs them and a copy is safer); a
 * device, FIFO or socket; a path given twice; more than `maxFiles` files or
 * `maxBytes` bytes unpacked (a bomb stops there, its bytes never held).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { packTarGz } from "./pack.ts";
 * import { unpackArchive } from "./archive.ts";
 *
 * const archive = await packTarGz(new Map([
 *   ["SKILL.md", new TextEncoder().encode("---\nname: a\ndescription: A\n---\n")],
 *   ["references/x.md", new TextEncoder().encode("x")],
 * ]));
 * const { files } = await unpackArchive(archive, "tar.gz", { maxFiles: 10, maxBytes: 1 << 20 });
 * assert.deepEqual([...files.keys()], ["SKILL.md", "references/x.md"]);
 * ```
 *
 * @param bytes The archive (already verified against its digest).
 * @param format Its format.
 * @param limits Most files and bytes unpacked.
 * @returns The files by relative path.
 * @throws {WebArtifactError} naming the rule that was broken.
 */
export async function unpackArchive(
  bytes: Uint8Array,
  format: ArchiveFormat,
  limits: { maxFiles: number; maxBytes: number },
): Promise<SkillFiles> {
  const collector = new ArchiveCollector(limits);
  if (format === "zip") await unpackZip(bytes, collector);
  else await unpackTarGz(bytes, collector);
  return collector.finish();
}
