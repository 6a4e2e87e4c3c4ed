/**
 * The one font of every PDF the app makes: Noto Sans (assets/fonts, SIL OFL), which has the rupee
 * sign ₹ that the standard PDF fonts (WinAnsi) lack. pdf-lib embeds custom fonts only through
 * fontkit, which this project does not ship, so this module reads the TrueType tables itself
 * (cmap, metrics, glyph outlines) and hands pdf-lib's own CID-font embedder a small font object.
 * Each document embeds only the glyphs it drew (the others are left empty, ids unchanged), with a
 * ToUnicode map, so the text can be searched and extracted (`pdftotext`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CustomFontEmbedder, type PDFDocument, PDFFont } from "pdf-lib";

const FONT_DIR = path.resolve(process.cwd(), "assets/fonts");
export const PDF_FONT_FILES = { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" } as const;

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface Table {
  offset: number;
  length: number;
}

/** The parts of a TrueType font that a PDF needs. */
class TrueTypeFont {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  readonly tables = new Map<string, Table>();
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly postscriptName: string;
  readonly cmap = new Map<number, number>();
  private readonly numberOfHMetrics: number;
  private readonly locaLong: boolean;
  // What pdf-lib's embedder reads (deriveFontFlags).
  readonly cff = false;
  readonly post: { isFixedPitch: boolean };
  readonly head: { macStyle: { italic: boolean } };
  readonly "OS/2": { sFamilyClass: number };

  constructor(bytes: Uint8Array, postscriptName: string) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const numTables = this.u16(4);
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + i * 16;
      const tag = String.fromCharCode(...bytes.subarray(rec, rec + 4));
      this.tables.set(tag, { offset: this.u32(rec + 8), length: this.u32(rec + 12) });
    }
    const head = this.table("head");
    this.unitsPerEm = this.u16(head + 18);
    this.bbox = {
      minX: this.i16(head + 36),
      minY: this.i16(head + 38),
      maxX: this.i16(head + 40),
      maxY: this.i16(head + 42),
    };
    this.head = { macStyle: { italic: (this.u16(head + 44) & 2) !== 0 } };
    this.locaLong = this.i16(head + 50) === 1;
    const hhea = this.table("hhea");
    this.ascent = this.i16(hhea + 4);
    this.descent = this.i16(hhea + 6);
    this.numberOfHMetrics = this.u16(hhea + 34);
    this.numGlyphs = this.u16(this.table("maxp") + 4);
    const os2 = this.table("OS/2");
    const os2Version = this.u16(os2);
    this["OS/2"] = { sFamilyClass: this.i16(os2 + 30) };
    this.xHeight = os2Version >= 2 ? this.i16(os2 + 86) : 0;
    this.capHeight = os2Version >= 2 ? this.i16(os2 + 88) : this.ascent;
    const post = this.table("post");
    this.italicAngle = this.view.getInt32(post + 4) / 65536;
    this.post = { isFixedPitch: this.u32(post + 12) !== 0 };
    this.postscriptName = postscriptName;
    this.readCmap();
  }

  private u16(o: number) {
    return this.view.getUint16(o);
  }
  private i16(o: number) {
    return this.view.getInt16(o);
  }
  private u32(o: number) {
    return this.view.getUint32(o);
  }
  private table(tag: string) {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`The font has no ${tag} table.`);
    return t.offset;
  }

  /** Unicode → glyph id, from the Windows Unicode subtable (format 12, else format 4). */
  private readCmap() {
    const cmap = this.table("cmap");
    let format4 = -1;
    let format12 = -1;
    for (let i = 0; i < this.u16(cmap + 2); i++) {
      const rec = cmap + 4 + i * 8;
      const platform = this.u16(rec);
      const encoding = this.u16(rec + 2);
      const sub = cmap + this.u32(rec + 4);
      if (platform === 3 && encoding === 10 && this.u16(sub) === 12) format12 = sub;
      if (platform === 3 && encoding === 1 && this.u16(sub) === 4) format4 = sub;
    }
    if (format12 >= 0) {
      const groups = this.u32(format12 + 12);
      for (let i = 0; i < groups; i++) {
        const g = format12 + 16 + i * 12;
        const start = this.u32(g);
        const end = this.u32(g + 4);
        const glyph = this.u32(g + 8);
        for (let c = start; c <= end && c <= 0x10ffff; c++) this.cmap.set(c, glyph + (c - start));
      }
      return;
    }
    if (format4 < 0) throw new Error("The font has no Unicode cmap.");
    const segX2 = this.u16(format4 + 6);
    const ends = format4 + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const start = this.u16(starts + s * 2);
      const end = this.u16(ends + s * 2);
      const delta = this.i16(deltas + s * 2);
      const rangeOffset = this.u16(rangeOffsets + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
        else {
          glyph = this.u16(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
        }
        if (glyph !== 0) this.cmap.set(c, glyph);
      }
    }
  }

  advanceWidth(glyph: number) {
    const hmtx = this.table("hmtx");
    const i = Math.min(glyph, this.numberOfHMetrics - 1);
    return this.u16(hmtx + i * 4);
  }

  private glyphRange(glyph: number): [number, number] {
    const loca = this.table("loca");
    const glyf = this.table("glyf");
    const at = (i: number) => (this.locaLong ? this.u32(loca + i * 4) : this.u16(loca + i * 2) * 2);
    return [glyf + at(glyph), glyf + at(glyph + 1)];
  }

  /** The glyphs a composite glyph is made of. */
  private components(glyph: number): number[] {
    const [start, end] = this.glyphRange(glyph);
    if (end - start < 10 || this.i16(start) >= 0) return [];
    const parts: number[] = [];
    let p = start + 10;
    for (;;) {
      const flags = this.u16(p);
      parts.push(this.u16(p + 2));
      p += 4 + (flags & 0x1 ? 4 : 2);
      if (flags & 0x8) p += 2;
      else if (flags & 0x40) p += 4;
      else if (flags & 0x80) p += 8;
      if (!(flags & 0x20)) break;
    }
    return parts;
  }

  /**
   * A copy of the font that keeps the outlines of these glyphs only (and the glyphs they are made
   * of, and .notdef): every other glyph is left empty with its id unchanged, so the PDF's glyph ids
   * (CIDToGIDMap Identity) stay right. Layout tables (GSUB, GPOS…) are left out.
   */
  subset(glyphs: Iterable<number>): Uint8Array {
    const keep = new Set<number>([0]);
    const queue = [...glyphs];
    while (queue.length) {
      const g = queue.pop()!;
      if (g >= this.numGlyphs || keep.has(g)) continue;
      keep.add(g);
      queue.push(...this.components(g));
    }
    for (const g of [...keep]) for (const part of this.components(g)) keep.add(part);
    const chunks: Uint8Array[] = [];
    const loca = new DataView(new ArrayBuffer((this.numGlyphs + 1) * 4));
    let size = 0;
    for (let g = 0; g < this.numGlyphs; g++) {
      loca.setUint32(g * 4, size);
      if (!keep.has(g)) continue;
      const [start, end] = this.glyphRange(g);
      const padded = (end - start + 3) & ~3;
      const chunk = new Uint8Array(padded);
      chunk.set(this.bytes.subarray(start, end));
      chunks.push(chunk);
      size += padded;
    }
    loca.setUint32(this.numGlyphs * 4, size);
    const glyf = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      glyf.set(c, at);
      at += c.length;
    }
    const head = this.bytes.slice(this.table("head"), this.table("head") + 54);
    const headView = new DataView(head.buffer);
    headView.setUint32(8, 0); // checkSumAdjustment: not checked by PDF readers
    headView.setInt16(50, 1); // long loca offsets
    const copy = (tag: string) => {
      const t = this.tables.get(tag);
      return t ? this.bytes.slice(t.offset, t.offset + t.length) : null;
    };
    const post = new Uint8Array(32);
    post.set(this.bytes.subarray(this.table("post"), this.table("post") + 32));
    new DataView(post.buffer).setUint32(0, 0x00030000); // version 3: no glyph names
    const out: [string, Uint8Array | null][] = [
      ["OS/2", copy("OS/2")],
      ["cmap", copy("cmap")],
      ["cvt ", copy("cvt ")],
      ["fpgm", copy("fpgm")],
      ["glyf", glyf],
      ["head", head],
      ["hhea", copy("hhea")],
      ["hmtx", copy("hmtx")],
      ["loca", new Uint8Array(loca.buffer)],
      ["maxp", copy("maxp")],
      ["name", copy("name")],
      ["post", post],
      ["prep", copy("prep")],
    ];
    return writeFont(out.filter((t): t is [string, Uint8Array] => t[1] !== null));
  }
}

function checksum(data: Uint8Array) {
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

/** An sfnt file of these tables (tags in ascending order). */
function writeFont(tables: [string, Uint8Array][]): Uint8Array {
  const n = tables.length;
  const headerSize = 12 + n * 16;
  const total = tables.reduce((s, [, d]) => s + ((d.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(n));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, n);
  view.setUint16(6, 2 ** entrySelector * 16);
  view.setUint16(8, entrySelector);
  view.setUint16(10, n * 16 - 2 ** entrySelector * 16);
  let offset = headerSize;
  tables.forEach(([tag, data], i) => {
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
    view.setUint32(rec + 4, checksum(data));
    view.setUint32(rec + 8, offset);
    view.setUint32(rec + 12, data.length);
    out.set(data, offset);
    offset += (data.length + 3) & ~3;
  });
  return out;
}

const QUESTION_MARK = 0x3f;

/**
 * pdf-lib's CID-font embedder (Type0, Identity-H, ToUnicode), fed by TrueTypeFont instead of
 * fontkit: one glyph per character (no kerning or ligatures, which invoices and reports do not
 * need), a character the font lacks drawn as "?".
 */
class NotoSansEmbedder extends CustomFontEmbedder {
  private readonly ttf: TrueTypeFont;
  private readonly used = new Map<number, Glyph>();

  constructor(ttf: TrueTypeFont) {
    const self: { embedder?: NotoSansEmbedder } = {};
    const font = {
      unitsPerEm: ttf.unitsPerEm,
      postscriptName: ttf.postscriptName,
      bbox: ttf.bbox,
      ascent: ttf.ascent,
      descent: ttf.descent,
      capHeight: ttf.capHeight,
      xHeight: ttf.xHeight,
      italicAngle: ttf.italicAngle,
      cff: false,
      post: ttf.post,
      head: ttf.head,
      "OS/2": ttf["OS/2"],
      layout: (text: string) => ({ glyphs: self.embedder!.layout(text) }),
      characterSet: [...ttf.cmap.keys()],
    };
    // biome-ignore lint/suspicious/noExplicitAny: pdf-lib types this as a fontkit Font; only the fields above are read.
    super(font as any, ttf.bytes);
    self.embedder = this;
    this.ttf = ttf;
    // The widths (W) and ToUnicode map list the glyphs this document drew, not the whole font.
    // biome-ignore lint/suspicious/noExplicitAny: replaces pdf-lib's protected glyph cache.
    (this as any).glyphCache = { access: () => [...this.used.values()].sort((a, b) => a.id - b.id) };
  }

  private layout(text: string): Glyph[] {
    const glyphs: Glyph[] = [];
    for (const ch of text) {
      let cp = ch.codePointAt(0)!;
      let id = this.ttf.cmap.get(cp);
      if (id === undefined) {
        cp = QUESTION_MARK;
        id = this.ttf.cmap.get(cp) ?? 0;
      }
      let glyph = this.used.get(id);
      if (!glyph) {
        glyph = { id, advanceWidth: this.ttf.advanceWidth(id), codePoints: [cp] };
        this.used.set(id, glyph);
      }
      glyphs.push(glyph);
    }
    return glyphs;
  }

  protected override async serializeFont(): Promise<Uint8Array> {
    return this.ttf.subset(this.used.keys());
  }
}

const loaded = new Map<string, TrueTypeFont>();

function loadFont(file: string, postscriptName: string) {
  let font = loaded.get(file);
  if (!font) {
    font = new TrueTypeFont(new Uint8Array(readFileSync(path.join(FONT_DIR, file))), postscriptName);
    loaded.set(file, font);
  }
  return font;
}

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Noto Sans regular and bold, embedded in this document (only the glyphs drawn end up in the file). */
export function embedPdfFonts(pdf: PDFDocument): PdfFonts {
  const embed = (ttf: TrueTypeFont) => {
    const font = PDFFont.of(pdf.context.nextRef(), pdf, new NotoSansEmbedder(ttf));
    // What PDFDocument.embedFont does with the fonts it makes: embedded when the document is saved.
    (pdf as unknown as { fonts: PDFFont[] }).fonts.push(font);
    return font;
  };
  return {
    regular: embed(loadFont(PDF_FONT_FILES.regular, "NotoSans-Regular")),
    bold: embed(loadFont(PDF_FONT_FILES.bold, "NotoSans-Bold")),
  };
}

/** Whether the font draws this character (anything else prints as "?"). */
export function pdfFontHas(char: string) {
  return loadFont(PDF_FONT_FILES.regular, "NotoSans-Regular").cmap.has(char.codePointAt(0)!);
}
