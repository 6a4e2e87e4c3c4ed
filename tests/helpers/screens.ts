/**
 * Every screen of the app, for the layout tests and `npm run screenshots`: each page route of
 * `app/routes.ts` (resource routes left out) with real ids from a prepared install, and the three
 * people who look at it (a visitor with a guest cart, a student who owns a course and has a pending
 * order and a cart, the owner).
 */
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { getDb, openPglite, setDbHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { CART_STORAGE_KEY, serializeCart } from "~/features/cart/cart-store";
import {
  loadPaper,
  saveAnswer,
  startAttempt,
  submitAttempt,
  type TakingPaper,
} from "~/features/practice/taking.server";
import routes from "~/routes";
import { createTestUser, signInBrowser, type TestUser } from "./auth";
import { createOrder } from "./orders";
import { OWNER_SETTINGS, seededInstall } from "./owner-install";

export const ROLES = ["anonymous", "student", "admin"] as const;
export type ScreenRole = (typeof ROLES)[number];
export const WIDTHS = [360, 768, 1440] as const;

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** The ids a page needs, taken from the prepared install. */
export interface ScreenIds {
  std: string;
  course: number;
  note: number;
  pyq: number;
  ownedCourse: number;
  paidOrder: string;
  pendingOrder: string;
  adminCourse: number;
  adminUser: string;
  /** A free sample test, and the student's open attempt of it (the taking page). */
  test: number;
  attempt: number;
  /** A question of the bank (the admin's question editor). */
  question: number;
  /** Another student's submitted attempt of the sample test and its written answer (the teacher's marking page). */
  markingAttempt: number;
  markingQuestion: number;
  /** A free preview lesson of `course` (the seed makes each course's first lesson one). */
  previewLesson: number;
  /** The seed's bundle (issue 36); the student owns one of its courses. */
  bundle: number;
}

export interface ScreenInstall {
  dataDir: string;
  ids: ScreenIds;
  student: TestUser;
  owner: TestUser;
  /** The guest cart a visitor carries (localStorage), so `/checkout` shows its totals. */
  guestCart: string;
}

/** Page routes (`.tsx` modules) of the route table as URL patterns, e.g. `/courses/:id`. */
export function pagePatterns(entries = routes as RouteEntry[], parent = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const isPage = entry.file.endsWith(".tsx") && !entry.file.endsWith("/layout.tsx");
    if (isPage && (entry.index || entry.path !== undefined) && !out.includes(joined)) out.push(joined || "/");
    if (entry.children) out.push(...pagePatterns(entry.children, joined).filter((p) => !out.includes(p)));
  }
  return out;
}

/** A pattern with its parameters filled in from the install. */
export function fillPattern(pattern: string, ids: ScreenIds): string {
  return pattern
    .replace(/^\/courses\/:id\/preview\/:lessonId$/, `/courses/${ids.course}/preview/${ids.previewLesson}`)
    .replace(/^\/(courses)\/:id$/, `/$1/${ids.course}`)
    .replace(/^\/notes\/:id$/, `/notes/${ids.note}`)
    .replace(/^\/pyq\/:id$/, `/pyq/${ids.pyq}`)
    .replace(/^\/tests\/:id$/, `/tests/${ids.test}`)
    .replace(/^\/bundles\/:id$/, `/bundles/${ids.bundle}`)
    .replace(/^\/admin\/bundles\/:id$/, `/admin/bundles/${ids.bundle}`)
    .replace(/^\/my-courses\/tests\/start\/:productId$/, `/my-courses/tests/start/${ids.test}`)
    .replace(/^\/my-courses\/tests\/:attemptId$/, `/my-courses/tests/${ids.attempt}`)
    .replace(/^\/admin\/practice\/tests\/:productId/, `/admin/practice/tests/${ids.test}`)
    .replace(/^\/admin\/practice\/questions\/:id$/, `/admin/practice/questions/${ids.question}`)
    .replace(
      /^\/admin\/practice\/marking\/:attemptId\/:questionId$/,
      `/admin/practice/marking/${ids.markingAttempt}/${ids.markingQuestion}`,
    )
    .replace(/\/std\/:std$/, `/std/${ids.std}`)
    .replace(/^\/checkout\/pay\/:orderId$/, `/checkout/pay/${ids.pendingOrder}`)
    .replace(/^\/account\/orders\/:orderId$/, `/account/orders/${ids.paidOrder}`)
    .replace(/^\/my-courses\/:id$/, `/my-courses/${ids.ownedCourse}`)
    .replace(/^\/admin\/courses\/:id/, `/admin/courses/${ids.adminCourse}`)
    .replace(/^\/admin\/users\/:id$/, `/admin/users/${ids.adminUser}`)
    .replace(/\*$/, "no-such-page");
}

/** Every page URL of the app with real ids. */
export function screenUrls(ids: ScreenIds): string[] {
  return pagePatterns().map((p) => fillPattern(p, ids));
}

/**
 * A new install (a copy of `template` when given, else seeded now) with the people and orders the
 * screens need. The caller starts the server on it afterwards (PGlite allows one process).
 */
export async function prepareScreenInstall(opts: { template?: string } = {}): Promise<ScreenInstall> {
  const dir = await seededInstall(opts.template);
  const handle = await openPglite(path.join(dir, "pglite"));
  try {
    // The owner's WhatsApp number and address, as a live store has them (the seed leaves both empty).
    await handle.db.update(schema.settings).set(OWNER_SETTINGS);
    setDbHandle(handle);
    const db = await getDb();
    const owner = await createTestUser({ role: "admin", isPrimary: true, name: "Asha Venkataraman" });
    const student = await createTestUser({ role: "student", name: "Priyadarshini Raghunathan" });
    const published = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.status, "published"))
      .orderBy(asc(schema.products.id));
    const first = (kind: string, skip = 0) => {
      const found = published.filter((p) => p.kind === kind)[skip];
      if (!found) throw new Error(`The seed has no published ${kind} #${skip + 1}`);
      return found;
    };
    const owned = first("course", 1);
    const pending = first("course", 2);
    const note = published.find((p) => p.kind === "note" && p.pricePaise > 0) ?? first("note");
    const paid = await createOrder({ userId: student.id, products: [owned], status: "paid" });
    const open = await createOrder({ userId: student.id, products: [pending], status: "pending" });
    await db.insert(schema.cartItems).values({ userId: student.id, productId: note.id });
    const [lesson] = await db
      .select({ id: schema.lessons.id })
      .from(schema.lessons)
      .innerJoin(schema.courseModules, eq(schema.courseModules.id, schema.lessons.moduleId))
      .where(and(eq(schema.courseModules.productId, owned.id)))
      .limit(1);
    if (!lesson) throw new Error(`The seeded course ${owned.id} has no lessons`);
    await addSampleDoubts(dir, owned.id, lesson.id, student.id, owner.id);
    const course = first("course");
    const [preview] = await db
      .select({ id: schema.lessons.id })
      .from(schema.lessons)
      .where(and(eq(schema.lessons.productId, course.id), eq(schema.lessons.isPreview, true)))
      .limit(1);
    if (!preview) throw new Error(`The seeded course ${course.id} has no preview lesson`);
    const test = published.find((p) => p.kind === "test" && p.pricePaise === 0) ?? first("test");
    const attempt = await startAttempt(db, { id: student.id, role: "student" }, test.id);
    const [question] = await db.select({ id: schema.practiceQuestions.id }).from(schema.practiceQuestions).limit(1);
    const classmate = await createTestUser({ role: "student", name: "Aarav Sharma" });
    const submitted = await startAttempt(db, { id: classmate.id, role: "student" }, test.id);
    const paper = (await loadPaper(db, classmate.id, submitted)) as TakingPaper;
    const written = paper.questions.find((q) => q.type === "short_answer" || q.type === "long_answer");
    if (!written) throw new Error(`The sample test ${test.id} has no written question`);
    await saveAnswer(db, classmate.id, submitted, {
      questionId: written.id,
      choice: null,
      text: "Purchase of fixed assets, sale of investments and interest received.",
      markedForReview: false,
    });
    await submitAttempt(db, classmate.id, submitted);
    const guestItem = {
      id: course.id,
      kind: "course" as const,
      title: course.title,
      image: course.image,
      quantity: 1 as const,
    };
    return {
      dataDir: dir,
      owner,
      student,
      guestCart: serializeCart([{ ...guestItem, pricePaise: course.pricePaise }]),
      ids: {
        std: "12",
        course: course.id,
        note: note.id,
        pyq: first("pyq").id,
        ownedCourse: owned.id,
        paidOrder: paid.id,
        pendingOrder: open.id,
        adminCourse: course.id,
        adminUser: student.id,
        test: test.id,
        attempt,
        question: question!.id,
        markingAttempt: submitted,
        markingQuestion: written.id,
        previewLesson: preview.id,
        bundle: first("bundle").id,
      },
    };
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}

/**
 * Doubts under the student's first lesson (issue 36): a classmate's answered one, another with a
 * photo waiting in the admin's queue, and the student's own open one.
 */
async function addSampleDoubts(dir: string, courseId: number, lessonId: number, studentId: string, ownerId: string) {
  const db = await getDb();
  const classmate = await createTestUser({ role: "student", name: "Meera Iyer" });
  await db.insert(schema.enrolments).values({ userId: classmate.id, productId: courseId, source: "grant" });
  // The photo: the store's own sharing image stands in for a page of a notebook.
  const photoKey = "doubts/00000000-0000-4000-8000-000000000001.jpg";
  fs.mkdirSync(path.join(dir, "files", "doubts"), { recursive: true });
  fs.copyFileSync(path.resolve("public/images/og-default.jpg"), path.join(dir, "files", photoKey));
  const hour = 3600_000;
  await db.insert(schema.doubts).values([
    {
      userId: classmate.id,
      productId: courseId,
      lessonId,
      body: "Why is goodwill treated as an intangible asset and not written off at once?",
      status: "answered",
      answer:
        "Goodwill brings benefits over several years (the firm's reputation keeps earning), so it stays on the balance sheet as an intangible asset.",
      answeredBy: ownerId,
      answeredAt: new Date(Date.now() - 2 * hour),
      createdAt: new Date(Date.now() - 5 * hour),
    },
    {
      userId: classmate.id,
      productId: courseId,
      lessonId,
      body: "In the sum on the board, where did the ₹12,000 of the revaluation loss go? My working is in the photo.",
      photoKey,
      createdAt: new Date(Date.now() - 3 * hour),
    },
    {
      userId: studentId,
      productId: courseId,
      lessonId,
      body: "Can we use the average profit method when the profits of the last year were a loss?",
      createdAt: new Date(Date.now() - hour),
    },
  ]);
}

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Browser storage per role: the signed-in cookies, and the visitor's guest cart. */
export async function storageForRoles(
  browser: Browser,
  baseUrl: string,
  install: ScreenInstall,
): Promise<Record<ScreenRole, StorageState>> {
  const out = {} as Record<ScreenRole, StorageState>;
  for (const role of ROLES) {
    const context = await browser.newContext();
    if (role === "student") await signInBrowser(context, baseUrl, install.student.email, install.student.password);
    if (role === "admin") await signInBrowser(context, baseUrl, install.owner.email, install.owner.password);
    const state = await context.storageState();
    if (role === "anonymous") {
      state.origins = [{ origin: baseUrl, localStorage: [{ name: CART_STORAGE_KEY, value: install.guestCart }] }];
    }
    out[role] = state;
    await context.close();
  }
  return out;
}

/**
 * What is wrong with the layout of the page as shown at `viewportWidth`: sideways scrolling, a select
 * that cuts off its chosen option, text cut off by its box or running out of it, and interactive
 * elements outside the viewport or under another element once scrolled into view.
 * Elements hidden from everyone (closed menus, inert carousel slides, visually hidden skip links)
 * are left out.
 */
export async function layoutProblems(page: Page, viewportWidth: number): Promise<string[]> {
  // tsx (the screenshots script) names inner functions with an `__name` helper the page lacks.
  await page.evaluate("window.__name ??= (f) => f");
  return page.evaluate((vw) => {
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > vw) problems.push(`the page is ${scrollWidth} px wide`);
    // The store's header keeps its brand name whole (it used to be cut off by the account menu).
    const brand = document.querySelector<HTMLElement>('header a[aria-label="Commerce Academy home"] span');
    if (brand && brand.scrollWidth > brand.clientWidth) problems.push("the name Commerce Academy is cut off");
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const describe = (el: Element) => {
      const label =
        el.getAttribute("aria-label") ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.getAttribute("name") ||
        el.getAttribute("href") ||
        "";
      return `${el.tagName.toLowerCase()} "${label.replace(/\s+/g, " ").trim().slice(0, 40)}"`;
    };
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    });
    // A closed select shows its chosen option's text: wider than the box, it is cut off mid-word
    // ("Unanswered first, then answere"). The room is the box's inner width less the arrow Chromium
    // draws in it (about 1em with the native look; checked against screenshots). Two kinds may be
    // cut on a phone, where no layout could fit them: the SACs' official descriptions (sac.ts; the
    // open list shows each whole) and the titles the owner gives a course's modules.
    const measure = document.createElement("canvas").getContext("2d");
    for (const select of controls) {
      if (!(select instanceof HTMLSelectElement) || select.multiple || !measure) continue;
      if (vw < 640 && /^sacCode|^moduleId$/.test(select.name)) continue;
      const text = select.selectedOptions[0]?.text.trim();
      if (!text) continue;
      const style = getComputedStyle(select);
      measure.font = style.font;
      const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
      const arrow = style.appearance === "none" ? 0 : Number.parseFloat(style.fontSize);
      if (measure.measureText(text).width > select.clientWidth - padding - arrow) {
        problems.push(`${describe(select)} cuts off "${text}"`);
      }
    }
    // Text a person cannot read whole: cut off by a box that hides what overflows it (an ellipsis, a
    // line clamp, a fixed size), or running out of its box over what is beside it. Every text the page
    // shows, with the page's own data; what a scroller (a wide table) holds is left to the check below.
    // A box marked `data-preview` cuts on purpose: a list's preview of a question, opened whole by its
    // link. The first three cut-offs of a page are named, then how many more.
    const range = document.createRange();
    const boxes = new Map<Element, { clipsX: boolean; clipsY: boolean; scrolls: boolean; rect: DOMRect }>();
    const boxOf = (el: Element) => {
      let box = boxes.get(el);
      if (!box) {
        const style = getComputedStyle(el);
        const clips = (v: string) => v === "hidden" || v === "clip";
        const scrolls = (v: string) => v === "auto" || v === "scroll";
        box = {
          clipsX: clips(style.overflowX),
          clipsY: clips(style.overflowY),
          scrolls: scrolls(style.overflowX) || scrolls(style.overflowY),
          rect: el.getBoundingClientRect(),
        };
        boxes.set(el, box);
      }
      return box;
    };
    const outside = (a: { left: number; right: number; top: number; bottom: number }, b: DOMRect, x = true, y = true) =>
      (x && (a.left < b.left - 2 || a.right > b.right + 2)) || (y && (a.top < b.top - 2 || a.bottom > b.bottom + 2));
    const reported = new Set<Element>();
    const cutOffs: string[] = [];
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (parent.closest('[aria-hidden="true"], [inert], .sr-only, script, style, noscript, template, svg, select'))
        continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!rects.length) continue;
      const extent = {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      };
      let block: Element | null = parent;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      for (let box: Element | null = parent; box && box !== document.body; box = box.parentElement) {
        const b = boxOf(box);
        if (b.scrolls) break;
        const cut =
          (b.clipsX || b.clipsY) && !box.hasAttribute("data-preview") && outside(extent, b.rect, b.clipsX, b.clipsY);
        const spills = box === block && !b.clipsX && outside(extent, b.rect, true, false);
        if (!cut && !spills) continue;
        if (!reported.has(box))
          cutOffs.push(`${describe(box)} ${cut ? "cuts off" : "lets out"} "${text.slice(0, 50)}"`);
        reported.add(box);
        break;
      }
    }
    problems.push(...cutOffs.slice(0, 3));
    if (cutOffs.length > 3) problems.push(`and ${cutOffs.length - 3} more boxes that cut off or let out text`);
    const startX = window.scrollX;
    const startY = window.scrollY;
    // Sideways first, before anything scrolls: a control that only a sideways scroll of the page
    // or of a box inside it (a wide table) would reveal is outside the viewport.
    const inside = controls.filter((el) => {
      const r = el.getBoundingClientRect();
      const left = r.left + window.scrollX;
      const right = r.right + window.scrollX;
      if (left >= -0.5 && right <= vw + 0.5) return true;
      problems.push(`${describe(el)} lies outside the viewport (x ${Math.round(left)}–${Math.round(right)})`);
      return false;
    });
    const covered = (el: HTMLElement) => {
      // A link that wraps over two lines: its first line's centre (the box's centre may be a gap).
      const r =
        [...el.getClientRects()].find((rect) => rect.width > 1 && rect.height > 1) ?? el.getBoundingClientRect();
      // For a control taller than the viewport, the middle of what is shown.
      const x = r.left + r.width / 2;
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (!hit || el === hit || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el)) return;
      return `${describe(el)} is covered by ${describe(hit)}`;
    };
    // Whether a box that scrolls (a long lesson list) hides part of the element.
    const clipped = (el: HTMLElement, r: DOMRect) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = box.getBoundingClientRect();
        if (r.top < b.top || r.bottom > b.bottom || r.left < b.left || r.right > b.right) return true;
      }
      return false;
    };
    // What the first screen shows is checked where it is (a floating button may sit on it there);
    // everything else once scrolled to the middle of the screen.
    window.scrollTo({ left: 0, top: 0, behavior: "instant" });
    const later: HTMLElement[] = [];
    for (const el of inside) {
      const r = el.getBoundingClientRect();
      if (r.top >= 0 && r.bottom <= window.innerHeight && !clipped(el, r)) {
        const problem = covered(el);
        if (problem) problems.push(`${problem} on the first screen`);
      } else later.push(el);
    }
    for (const el of later) {
      el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      const problem = covered(el);
      if (problem) problems.push(problem);
    }
    window.scrollTo({ left: startX, top: startY, behavior: "instant" });
    return problems;
  }, viewportWidth);
}

/**
 * Whether anything covers each target wherever the page can be scrolled to show it: the page is
 * scrolled so that the target's centre passes down the screen (below the sticky header) in 20 px
 * steps, and at each step the element at its centre and near its corners must be the target (or
 * inside it). One line per cover found.
 */
export async function coveredTargets(page: Page, targets: { name: string; locator: Locator }[]): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate("window.__name ??= (f) => f");
  for (const { name, locator } of targets) {
    // Some targets (the guest cart's subtotal) render once the page has read localStorage.
    await locator
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
    const count = await locator.count();
    if (count !== 1) {
      problems.push(`${name}: found ${count} on the page`);
      continue;
    }
    const found = await locator.evaluate(async (el) => {
      // The page may move things out of the way as it scrolls (the chat button does): let it.
      const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))));
      const covers = new Map<string, number[]>();
      const box = el.getBoundingClientRect();
      // Below the sticky header: things scroll under it by design.
      const header = document.querySelector("header");
      const sticky = header && ["sticky", "fixed"].includes(getComputedStyle(header).position);
      const top = sticky ? header.getBoundingClientRect().bottom + box.height / 2 : 0;
      for (let y = Math.ceil(top / 20) * 20 + 10; y < window.innerHeight; y += 20) {
        // Scrolled, then two frames for the page to answer; if the target moved meanwhile (a late
        // layout shift: an image, the signed-in parts arriving), scroll again: a cover that is
        // really there stays, a step measured mid-shift would test the wrong place.
        let r = el.getBoundingClientRect();
        let settled = false;
        for (let attempt = 0; attempt < 3 && !settled; attempt++) {
          window.scrollTo({
            top: el.getBoundingClientRect().top + window.scrollY + r.height / 2 - y,
            behavior: "instant",
          });
          const before = el.getBoundingClientRect();
          await frames();
          r = el.getBoundingClientRect();
          settled = Math.abs(r.top - before.top) <= 1 && Math.abs(r.height - before.height) <= 1;
        }
        const cy = r.top + r.height / 2;
        if (Math.abs(cy - y) > 1) continue; // the page cannot scroll that far
        // The centre and, 3 px in, the four corners: a round button can hide a corner of a total.
        const points = [
          [r.left + r.width / 2, cy],
          [r.left + 3, r.top + 3],
          [r.right - 3, r.top + 3],
          [r.left + 3, r.bottom - 3],
          [r.right - 3, r.bottom - 3],
        ] as const;
        for (const [px, py] of points) {
          if (py < 0 || py >= window.innerHeight) continue;
          const hit = document.elementFromPoint(px, py);
          if (hit && (hit === el || el.contains(hit))) continue;
          const what = hit
            ? `${hit.tagName.toLowerCase()} "${(hit.getAttribute("aria-label") || hit.textContent || "").trim().slice(0, 30)}"`
            : "nothing";
          covers.set(what, [...new Set([...(covers.get(what) ?? []), y])]);
        }
      }
      window.scrollTo({ top: 0, behavior: "instant" });
      return [...covers].map(([what, ys]) => `covered by ${what} at ${ys[0]}–${ys.at(-1)} px down the screen`);
    });
    for (const p of found) problems.push(`${name} ${p}`);
  }
  return problems;
}
