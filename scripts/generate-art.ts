/**
 * Generates the shipped artwork (light SVGs, no external URLs): a cover per
 * subject and kind, an avatar per seeded person, four banners and the logo.
 * Run with `npm run art` after changing the seed's people or subjects.
 */
import fs from "node:fs";
import path from "node:path";
import { seedBanners, seedTestimonials, seedToppers } from "../app/db/seed/data";
import { slugify } from "../app/lib/slug";

const out = path.resolve(import.meta.dirname, "..", "public");
const write = (rel: string, svg: string) => {
  const file = path.join(out, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${svg.trim().replace(/\n\s*/g, "")}\n`);
};

const subjects = {
  accountancy: { label: "Accountancy", from: "#1d4ed8", to: "#60a5fa", glyph: "₹" },
  economics: { label: "Economics", from: "#047857", to: "#34d399", glyph: "%" },
  "business-studies": { label: "Business Studies", from: "#7c3aed", to: "#c4b5fd", glyph: "★" },
  english: { label: "English", from: "#be185d", to: "#f9a8d4", glyph: "Aa" },
} as const;
const kinds = {
  course: "Video Course",
  note: "Study Notes",
  pyq: "Previous-Year Papers",
  test: "Practice Test",
  bundle: "Complete Bundle",
} as const;

for (const [key, s] of Object.entries(subjects)) {
  for (const [kind, kindLabel] of Object.entries(kinds)) {
    write(
      `images/covers/${key}-${kind}.svg`,
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.from}"/><stop offset="1" stop-color="${s.to}"/></linearGradient></defs>
        <rect width="640" height="400" fill="url(#g)"/>
        <circle cx="560" cy="70" r="150" fill="#fff" opacity=".10"/>
        <circle cx="80" cy="380" r="120" fill="#fff" opacity=".08"/>
        <text x="500" y="250" font-family="Georgia,serif" font-size="150" font-weight="700" fill="#fff" opacity=".22" text-anchor="middle">${s.glyph}</text>
        <text x="40" y="300" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="46" font-weight="800" fill="#fff">${s.label}</text>
        <text x="40" y="346" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="26" font-weight="500" fill="#fff" opacity=".9">${kindLabel}</text>
      </svg>`,
    );
  }
}

const palette = ["#2563eb", "#16a34a", "#9333ea", "#db2777", "#ea580c", "#0891b2", "#4f46e5", "#ca8a04"];
const people = new Set([...seedToppers.map((t) => t.name), ...seedTestimonials.map((t) => t.name)]);
let i = 0;
for (const name of people) {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const color = palette[i++ % palette.length];
  write(
    `images/avatars/${slugify(name)}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
      <rect width="160" height="160" fill="${color}"/>
      <circle cx="80" cy="62" r="30" fill="#fff" opacity=".25"/>
      <path d="M24 160c6-34 28-52 56-52s50 18 56 52z" fill="#fff" opacity=".25"/>
      <text x="80" y="96" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>
    </svg>`,
  );
}

const bannerColors = [
  ["#142a6e", "#3b6cf6"],
  ["#7c2d12", "#f59e0b"],
  ["#064e3b", "#10b981"],
  ["#4c1d95", "#a78bfa"],
];
const taglines = [
  "Live and recorded classes for Class 11 & 12",
  "Finish the syllabus in 30 focused days",
  "Formula sheets and writing guides at ₹0",
  "Papers in the board's pattern, with solutions",
];
seedBanners.forEach((b, n) => {
  const [from, to] = bannerColors[n] ?? ["#142a6e", "#3b6cf6"];
  write(
    `images/banners/banner-${n + 1}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
      <rect width="1200" height="400" fill="url(#g)"/>
      <circle cx="1050" cy="80" r="220" fill="#fff" opacity=".08"/>
      <circle cx="950" cy="360" r="140" fill="#fff" opacity=".08"/>
      <text x="80" y="190" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="44" font-weight="800" fill="#fff">${xmlText(b.name)}</text>
      <text x="80" y="250" font-family="system-ui,Segoe UI,Roboto,Arial,sans-serif" font-size="30" fill="#fff" opacity=".9">${xmlText(taglines[n] ?? "")}</text>
    </svg>`,
  );
});

write(
  "favicon.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
    <rect width="64" height="64" rx="14" fill="#2452e0"/>
    <path d="M14 26 32 17l18 9-18 9z" fill="#fff"/>
    <path d="M21 31v9c0 3 5 6 11 6s11-3 11-6v-9l-11 5z" fill="#f59e0b"/>
  </svg>`,
);
console.log("artwork written to", out);

/** Text inside SVG is XML: "&" and "<" must be escaped or the image does not load. */
function xmlText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
