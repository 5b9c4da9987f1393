// A file as its tool wrote it: gzip opened in the browser (DecompressionStream,
// by the magic bytes rather than the name, as the CLI does), a zip archive (an
// inspect_ai .eval) given as the core's archive text, then UTF-8, or UTF-16
// with a byte-order mark (PowerShell's `>`). Used in the page and in the
// workers (a File crosses to a worker without a copy of its bytes).
import { isZip, zipToText } from './archive';

/** True when the bytes start as gzip does (1f 8b). */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** A stream of gzip's bytes, decompressed; broken or cut-short data is said so, not in the browser's words ("Failed to fetch"). */
async function gunzipped(gzip: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await new Response(gzip.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  } catch {
    throw new Error('not whole gzip data: it could not be decompressed (cut short or damaged)');
  }
}

async function fileBytes(f: Blob): Promise<Uint8Array> {
  const head = new Uint8Array(await f.slice(0, 2).arrayBuffer());
  return isGzip(head) ? gunzipped(f.stream()) : new Uint8Array(await f.arrayBuffer());
}

const utf16 = (b: Uint8Array) => (b[0] === 0xff && b[1] === 0xfe ? 'utf-16le' : b[0] === 0xfe && b[1] === 0xff ? 'utf-16be' : null);

const nameOf = (f: Blob) => (f instanceof File ? f.name : 'the archive');

/** The file's text; a gzip file is decompressed first, a zip archive's files put in the core's archive text. */
export async function readFileText(f: Blob): Promise<string> {
  const bytes = await fileBytes(f);
  if (isZip(bytes)) return zipToText(bytes, nameOf(f));
  return new TextDecoder(utf16(bytes) ?? 'utf-8').decode(bytes);
}

// Decompressed bytes as UTF-8, what the core reads, without making a JavaScript string of them: a zip
// archive's files put in the core's archive text (`name` names it in errors), UTF-16 re-encoded.
async function asUtf8(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  if (isZip(bytes)) return new TextEncoder().encode(await zipToText(bytes, name));
  const encoding = utf16(bytes);
  return encoding ? new TextEncoder().encode(new TextDecoder(encoding).decode(bytes)) : bytes;
}

/** A file's bytes, read elsewhere, as UTF-8 (a gzip file decompressed; asUtf8). */
export async function utf8Of(raw: Uint8Array<ArrayBuffer>, name: string): Promise<Uint8Array> {
  // The bytes enqueued as they are: no copy of a large file before it is decompressed.
  const gzip = () => new ReadableStream<Uint8Array<ArrayBuffer>>({ start: (c) => (c.enqueue(raw), c.close()) });
  return asUtf8(isGzip(raw) ? await gunzipped(gzip()) : raw, name);
}

/** The file's bytes as UTF-8 (a gzip file decompressed as it is read; asUtf8). */
export async function readFileUtf8(f: Blob): Promise<Uint8Array> {
  return asUtf8(await fileBytes(f), nameOf(f));
}

/** A file's name without its extensions of compression and format: "runs/bm25.run.gz" → "bm25.run". */
export function withoutGzip(name: string): string {
  return name.replace(/\.gz$/i, '');
}

/** A chosen folder's files in path order without hidden ones (".DS_Store", ".git/…"), as a shell's `*` lists them. */
export function folderFiles(input: HTMLInputElement): File[] {
  return [...(input.files ?? [])]
    .filter((f) => !/(^|\/)\./.test(f.webkitRelativePath))
    .sort((a, b) => (a.webkitRelativePath < b.webkitRelativePath ? -1 : a.webkitRelativePath > b.webkitRelativePath ? 1 : 0));
}
