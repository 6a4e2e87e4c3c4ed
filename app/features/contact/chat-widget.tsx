import { MessageCircle } from "lucide-react";
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/ui/cn";
import type { ChatBox as ChatBoxType } from "./chat-box";
import { CHAT_DEFAULTS, type ChatWidgetOptions, startNotificationTimer } from "./chat-widget-options";

/**
 * What the floating button never sits on: the page's buttons, fields and links styled as buttons
 * (app/ui/button.tsx marks them `data-slot="button"`), such as an order's "Download GST invoice".
 */
const KEEP_CLEAR =
  'button, [role="button"], [data-slot="button"], a[download], input, select, textarea, [data-main-action]';

let chatBox: Promise<typeof import("./chat-box")> | undefined;
const loadChatBox = () => {
  chatBox ??= import("./chat-box").catch((error) => {
    chatBox = undefined; // a failed download is tried again on the next click
    throw error;
  });
  return chatBox;
};

export type ChatWidgetProps = Partial<ChatWidgetOptions> & {
  phoneNumber: string;
  accountName: string;
  avatar: string;
  statusMessage?: string;
  chatMessage?: string;
  placeholder?: string;
  className?: string;
  style?: CSSProperties;
  buttonClassName?: string;
  buttonStyle?: CSSProperties;
  chatboxClassName?: string;
  chatboxStyle?: CSSProperties;
  /** The page shown (its path): the elements to keep clear of are looked up again when it changes. */
  page?: string;
};

/** Floating WhatsApp chat (spec §4): a round button, a popup chat box, a repeating "1" notification. */
export function ChatWidget(props: ChatWidgetProps) {
  const o = { ...CHAT_DEFAULTS, ...props };
  const [open, setOpen] = useState(false);
  const [notified, setNotified] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxId = useId();
  const titleId = useId();

  // The badge "1" on a repeating timer while the chat is closed.
  const { notification, notificationDelay, notificationLoop, notificationSound, notificationSoundSrc } = o;
  useEffect(() => {
    if (open) return;
    return startNotificationTimer({ notification, notificationDelay, notificationLoop }, () => {
      setNotified(true);
      if (notificationSound && notificationSoundSrc) new Audio(notificationSoundSrc).play().catch(() => {});
    });
  }, [open, notification, notificationDelay, notificationLoop, notificationSound, notificationSoundSrc]);

  useEffect(() => {
    if (!open) return;
    const close = (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (o.allowEsc && e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (o.allowClickAway && rootRef.current && !rootRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, o.allowEsc, o.allowClickAway]);

  // Out of the way while a page's main action (Add to Cart, a total: `data-main-action`) passes
  // through the bottom of the screen, where the button floats.
  const [away, setAway] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new elements to watch
  useEffect(() => {
    const under = new Set<Element>();
    const watcher = new IntersectionObserver(
      (entries) => {
        for (const e of entries) e.isIntersecting ? under.add(e.target) : under.delete(e.target);
        setAway(under.size > 0);
      },
      { rootMargin: "-80% 0px 0px" },
    );
    for (const el of document.querySelectorAll("[data-main-action]")) watcher.observe(el);
    return () => {
      watcher.disconnect();
      setAway(false);
    };
  }, [props.page]);

  // And out of the way while it would sit on one of the page's controls wherever the page is scrolled
  // (a phone's full-width buttons reach the corner where it floats): checked once a frame at most.
  const [covering, setCovering] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new controls to keep clear of
  useEffect(() => {
    const root = rootRef.current;
    const button = buttonRef.current;
    if (!root || !button) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const r = button.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const d = r.width * 0.3; // inside the round button
      const points = [
        [cx, cy],
        [cx - d, cy - d],
        [cx + d, cy - d],
        [cx - d, cy + d],
        [cx + d, cy + d],
      ] as const;
      setCovering(
        points.some(([x, y]) =>
          document
            .elementsFromPoint(x, y)
            .some((el) => !root.contains(el) && el.closest("main") !== null && el.closest(KEEP_CLEAR) !== null),
        ),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      setCovering(false);
    };
  }, [props.page]);

  // The chat box's code comes with the first hover, focus or click on the button, not with the page.
  const [Box, setBox] = useState<typeof ChatBoxType | null>(null);
  const load = () => {
    loadChatBox().then(
      (m) => setBox(() => m.ChatBox),
      () => {},
    );
  };
  const toggle = () => {
    load();
    setOpen((v) => !v);
    setNotified(false);
  };

  return (
    <div
      ref={rootRef}
      className={cn(
        // Only the button and the box take taps: the box around them (its square corners, the gap) does not.
        "pointer-events-none fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3 *:pointer-events-auto sm:bottom-6 sm:right-6",
        (away || covering) && !open && "invisible",
        o.className,
      )}
      style={o.style}
    >
      {open && Box ? (
        <Box
          o={o}
          boxId={boxId}
          titleId={titleId}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        onPointerEnter={load}
        onFocus={load}
        aria-expanded={open}
        aria-controls={open && Box ? boxId : undefined}
        aria-label={notified && !open ? "Chat on WhatsApp, 1 new message" : "Chat on WhatsApp"}
        className={cn(
          "relative flex h-14 w-14 items-center justify-center rounded-full bg-emerald-600 text-white shadow-lg hover:bg-emerald-700",
          o.buttonClassName,
        )}
        style={o.buttonStyle}
      >
        <MessageCircle className="h-7 w-7" aria-hidden />
        {notified && !open ? (
          <span
            data-testid="chat-notification"
            className="absolute -right-1 -top-1 flex h-5 w-5 items-center justify-center rounded-full bg-red-600 text-xs font-bold text-white"
          >
            1
          </span>
        ) : null}
      </button>
    </div>
  );
}
