// A zip archive (an inspect_ai .eval log, or a .zip of score files) opened in the
// browser and handed to the core as its archive text (REGISTRY.archive_text_key):
// the core reads the files; this only decompresses them.
//
// The central directory is read here rather than with a zip library: the small
// maintained ones (fflate) inflate only stored and deflate entries, inspect_ai
// writes zstd entries (method 93), and a streaming reader depends on local
// headers that may leave the sizes to a trailing descriptor. Deflate is the
// browser's own DecompressionStream; zstd is fzstd.
import { decompress as zstd } from 'fzstd';

import { REGISTRY } from '../generated/registry';

/** True when the bytes start as a zip archive does ("PK\3\4"). */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

const STORED = 0, DEFLATE = 8, ZSTD = 93;

async function inflateRaw(raw: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([raw as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The archive's files, decompressed, by their paths inside it. Throws an Error naming the archive when it cannot be read. */
export async function zipEntries(bytes: Uint8Array, name: string): Promise<{ name: string; bytes: Uint8Array }[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string) => new Error(`${name}: not a zip archive that can be read (${what})`);
  const u16 = (at: number) => { if (at + 2 > bytes.length) throw bad('it is cut short'); return view.getUint16(at, true); };
  const u32 = (at: number) => { if (at + 4 > bytes.length) throw bad('it is cut short'); return view.getUint32(at, true); };
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;
  let eocd = -1;
  for (let i = bytes.length - 22; i >= 0 && bytes.length - i <= 22 + 65535; --i)
    if (u32(i) === 0x06054b50) { eocd = i; break; }
  if (eocd < 0) throw bad('no central directory');
  let count = u16(eocd + 10), at = u32(eocd + 16);
  // Zip64: the locator just before points to the 64-bit record.
  if ((count === 0xffff || at === 0xffffffff) && eocd >= 20 && u32(eocd - 20) === 0x07064b50) {
    const rec = u64(eocd - 20 + 8);
    if (u32(rec) !== 0x06064b50) throw bad('a damaged zip64 record');
    count = u64(rec + 32);
    at = u64(rec + 48);
  }
  const out: { name: string; bytes: Uint8Array }[] = [];
  const decoder = new TextDecoder();
  for (let k = 0; k < count; ++k) {
    if (u32(at) !== 0x02014b50) throw bad('a damaged central directory');
    const method = u16(at + 10);
    let packed = u32(at + 20), size = u32(at + 24), local = u32(at + 42);
    const nameLen = u16(at + 28), extraLen = u16(at + 30), commentLen = u16(at + 32);
    const entry = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLen));
    for (let e = at + 46 + nameLen; e + 4 <= at + 46 + nameLen + extraLen; e += 4 + u16(e + 2)) {
      if (u16(e) !== 1) continue;
      let p = e + 4;
      if (size === 0xffffffff) { size = u64(p); p += 8; }
      if (packed === 0xffffffff) { packed = u64(p); p += 8; }
      if (local === 0xffffffff) local = u64(p);
    }
    at += 46 + nameLen + extraLen + commentLen;
    if (u32(local) !== 0x04034b50) throw bad('a damaged entry');
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + packed > bytes.length) throw bad('it is cut short');
    const raw = bytes.subarray(start, start + packed);
    let data: Uint8Array;
    if (method === STORED) data = raw;
    else if (method === DEFLATE) data = await inflateRaw(raw).catch(() => { throw new Error(`${name}, ${entry}: its deflate data is damaged`); });
    else if (method === ZSTD) {
      try { data = zstd(raw); } catch { throw new Error(`${name}, ${entry}: its zstd data cannot be read`); }
    } else throw new Error(`${name}, ${entry}: compression method ${method} is not one pairpower reads (stored, deflate, zstd)`);
    if (data.length !== size) throw new Error(`${name}, ${entry}: the entry is cut short or damaged`);
    out.push({ name: entry, bytes: data });
  }
  return out;
}

/** A file for the archive text: its path and text, or in a folder why it could not be opened. */
export type ArchiveFile = { name: string; text: string } | { name: string; unreadable: string };

/**
 * Files as the core's archive text: JSON lines, a first line naming the archive, then one line per file.
 * A folder's (`folder`) is read by the core as the CLI reads a folder: a file it cannot read is left out, with a warning.
 */
export function archiveText(name: string, files: ArchiveFile[], folder = false): string {
  const lines = [JSON.stringify({ [REGISTRY.archive_text_key]: 1, name, ...(folder ? { folder: true } : {}) })];
  for (const f of files) lines.push(JSON.stringify(f));
  return lines.join('\n') + '\n';
}

/** The archive as the core's archive text. */
export async function zipToText(bytes: Uint8Array, name: string): Promise<string> {
  const decoder = new TextDecoder();
  return archiveText(name, (await zipEntries(bytes, name)).map((e) => ({ name: e.name, text: decoder.decode(e.bytes) })));
}
