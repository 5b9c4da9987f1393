// A worker that only reads chosen files' bytes. The parsing workers cannot take a file in while their
// wasm runs, and the page's thread spends more CPU on a file than a worker does (bench:files).
import * as Comlink from 'comlink';

const readerApi = {
  async bytes(file: File): Promise<Uint8Array<ArrayBuffer>> {
    const b = new Uint8Array(await file.arrayBuffer());
    return Comlink.transfer(b, [b.buffer]);
  },
};

export type ReaderApi = typeof readerApi;
Comlink.expose(readerApi);
