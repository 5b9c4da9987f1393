// A worker that only reads chosen files' bytes, for a parsing worker (readers.ts).
import * as Comlink from 'comlink';

const readerApi = {
  async bytes(file: File): Promise<Uint8Array<ArrayBuffer>> {
    const b = new Uint8Array(await file.arrayBuffer());
    return Comlink.transfer(b, [b.buffer]);
  },
};

export type ReaderApi = typeof readerApi;
Comlink.expose(readerApi);
