/**
 * A streaming ZIP archive (fflate's `Zip`): each entry's content is an (async) iterable of chunks,
 * deflated as it arrives, so an archive of any size goes out with memory bounded by a chunk.
 */
import { Zip, ZipDeflate } from "fflate";
import { istParts } from "./dates";

export interface ZipEntry {
  name: string;
  content: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
}

const encoder = new TextEncoder();
const toBytes = (chunk: Uint8Array | string) => (typeof chunk === "string" ? encoder.encode(chunk) : chunk);

/**
 * ZIP stores the files' times as local time without a zone, and fflate writes a Date's local
 * fields: a Date whose local fields are the time in India.
 */
function indianLocal(date: Date) {
  const p = istParts(date);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The archive as a stream of bytes. */
export function zipStream(entries: Iterable<ZipEntry>, now = new Date()): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const mtime = indianLocal(now);
  async function* generate() {
    for (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      for await (const piece of entry.content) {
        file.push(toBytes(piece));
        if (failure) throw failure;
        yield* ready.splice(0);
      }
      file.push(new Uint8Array(0), true);
      yield* ready.splice(0);
    }
    zip.end();
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  const iterator = generate();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}
