/**
 * Pulls the drawn text out of a PDF (enough for the PDFs pdf-lib writes):
 * inflates each content stream and decodes its Tj/TJ string operands.
 */
import zlib from "node:zlib";

function decodeLiteral(s: string) {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) => {
    const map: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", "(": "(", ")": ")", "\\": "\\" };
    return map[e] ?? String.fromCharCode(Number.parseInt(e, 8));
  });
}

function textOf(content: string): string[] {
  const out: string[] = [];
  const re = /<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj|\[([^\]]*)\]\s*TJ/g;
  for (const m of content.matchAll(re)) {
    if (m[1] !== undefined) out.push(Buffer.from(m[1].replace(/\s+/g, ""), "hex").toString("latin1"));
    else if (m[2] !== undefined) out.push(decodeLiteral(m[2]));
    else if (m[3] !== undefined) {
      const parts = [...m[3].matchAll(/<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\)/g)].map((p) =>
        p[1] !== undefined ? Buffer.from(p[1], "hex").toString("latin1") : decodeLiteral(p[2] ?? ""),
      );
      out.push(parts.join(""));
    }
  }
  return out;
}

export function extractPdfText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  const raw = buf.toString("latin1");
  const texts: string[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf("stream", from);
    if (start < 0) break;
    const dataStart = raw[start + 6] === "\r" ? start + 8 : start + 7;
    const end = raw.indexOf("endstream", dataStart);
    if (end < 0) break;
    const chunk = buf.subarray(dataStart, end);
    let content: string;
    try {
      content = zlib.inflateSync(chunk).toString("latin1");
    } catch {
      content = chunk.toString("latin1");
    }
    texts.push(...textOf(content));
    from = end + 9;
  }
  return texts.join("\n");
}
