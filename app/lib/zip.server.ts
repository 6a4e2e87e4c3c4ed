/**
 * A streaming ZIP writer: each entry's content is an async iterable of chunks, deflated as it
 * arrives (zlib), with its CRC-32 and sizes written after the data (a data descriptor), so an
 * archive of any size goes out with memory bounded by one chunk. No ZIP64: entries under 4 GiB.
 */
import { crc32, createDeflateRaw } from "node:zlib";
import { istParts } from "./dates";

export interface ZipEntry {
  name: string;
  content: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
}

const encoder = new TextEncoder();
const toBytes = (chunk: Uint8Array | string) => (typeof chunk === "string" ? encoder.encode(chunk) : chunk);

/** MS-DOS date and time of `date` (ZIP stores local time: India Standard Time here). */
function dosDateTime(date: Date) {
  const p = istParts(date);
  const time = (p.hour << 11) | (p.minute << 5) | Math.floor(p.second / 2);
  const day = ((p.year - 1980) << 9) | (p.month << 5) | p.day;
  return { time, day };
}

async function* deflate(content: ZipEntry["content"]) {
  const deflater = createDeflateRaw();
  const out: Uint8Array[] = [];
  deflater.on("data", (chunk: Buffer) => out.push(new Uint8Array(chunk)));
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => deflater.write(chunk, (error) => (error ? reject(error) : resolve())));
  const stats = { crc: 0, size: 0 };
  for await (const piece of content) {
    const bytes = toBytes(piece);
    stats.crc = crc32(bytes, stats.crc);
    stats.size += bytes.length;
    await write(bytes);
    // Flush what is ready so memory holds one chunk, not the entry.
    await new Promise<void>((resolve) => deflater.flush(() => resolve()));
    yield* out.splice(0);
  }
  await new Promise<void>((resolve, reject) => {
    deflater.once("end", resolve);
    deflater.once("error", reject);
    deflater.end();
  });
  yield* out.splice(0);
  return stats;
}

/** The archive as a stream of bytes. */
export function zipStream(entries: Iterable<ZipEntry>, now = new Date()): ReadableStream<Uint8Array> {
  async function* generate() {
    const { time, day } = dosDateTime(now);
    const central: Uint8Array[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = encoder.encode(entry.name);
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true);
      local.setUint16(4, 20, true); // version needed
      local.setUint16(6, 0x0808, true); // data descriptor follows; UTF-8 names
      local.setUint16(8, 8, true); // deflate
      local.setUint16(10, time, true);
      local.setUint16(12, day, true);
      local.setUint16(26, name.length, true);
      yield new Uint8Array(local.buffer);
      yield name;
      let compressed = 0;
      const iterator = deflate(entry.content);
      let step = await iterator.next();
      while (!step.done) {
        compressed += step.value.length;
        yield step.value;
        step = await iterator.next();
      }
      const { crc, size } = step.value;
      const descriptor = new DataView(new ArrayBuffer(16));
      descriptor.setUint32(0, 0x08074b50, true);
      descriptor.setUint32(4, crc, true);
      descriptor.setUint32(8, compressed, true);
      descriptor.setUint32(12, size, true);
      yield new Uint8Array(descriptor.buffer);
      const header = new DataView(new ArrayBuffer(46));
      header.setUint32(0, 0x02014b50, true);
      header.setUint16(4, 20, true);
      header.setUint16(6, 20, true);
      header.setUint16(8, 0x0808, true);
      header.setUint16(10, 8, true);
      header.setUint16(12, time, true);
      header.setUint16(14, day, true);
      header.setUint32(16, crc, true);
      header.setUint32(20, compressed, true);
      header.setUint32(24, size, true);
      header.setUint16(28, name.length, true);
      header.setUint32(42, offset, true);
      const record = new Uint8Array(46 + name.length);
      record.set(new Uint8Array(header.buffer));
      record.set(name, 46);
      central.push(record);
      offset += 30 + name.length + compressed + 16;
    }
    const centralSize = central.reduce((s, c) => s + c.length, 0);
    yield* central;
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, central.length, true);
    end.setUint16(10, central.length, true);
    end.setUint32(12, centralSize, true);
    end.setUint32(16, offset, true);
    yield new Uint8Array(end.buffer);
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
