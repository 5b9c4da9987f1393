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

const gunzip = async (bytes: Uint8Array) =>
  new Uint8Array(await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());

async function fileBytes(f: Blob): Promise<Uint8Array> {
  const head = new Uint8Array(await f.slice(0, 2).arrayBuffer());
  return isGzip(head)
    ? new Uint8Array(await new Response(f.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer())
    : new Uint8Array(await f.arrayBuffer());
}

const utf16 = (b: Uint8Array) => (b[0] === 0xff && b[1] === 0xfe ? 'utf-16le' : b[0] === 0xfe && b[1] === 0xff ? 'utf-16be' : null);

const nameOf = (f: Blob) => (f instanceof File ? f.name : 'the archive');

/** The file's text; a gzip file is decompressed first, a zip archive's files put in the core's archive text. */
export async function readFileText(f: Blob): Promise<string> {
  const bytes = await fileBytes(f);
  if (isZip(bytes)) return zipToText(bytes, nameOf(f));
  return new TextDecoder(utf16(bytes) ?? 'utf-8').decode(bytes);
}

/** A file's bytes as read (`name` names it in errors) as UTF-8, what the core reads, without making a
 * JavaScript string of them: gzip decompressed, a zip archive's files put in the core's archive text,
 * UTF-16 re-encoded. */
export async function utf8Of(raw: Uint8Array, name: string): Promise<Uint8Array> {
  const bytes = isGzip(raw) ? await gunzip(raw) : raw;
  if (isZip(bytes)) return new TextEncoder().encode(await zipToText(bytes, name));
  const encoding = utf16(bytes);
  return encoding ? new TextEncoder().encode(new TextDecoder(encoding).decode(bytes)) : bytes;
}

/** The file's bytes as UTF-8 (utf8Of). */
export async function readFileUtf8(f: Blob): Promise<Uint8Array> {
  return utf8Of(new Uint8Array(await f.arrayBuffer()), nameOf(f));
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
