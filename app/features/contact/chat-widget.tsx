import { MessageCircle } from "lucide-react";
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/ui/cn";
import type { ChatBox as ChatBoxType } from "./chat-box";
import { CHAT_DEFAULTS, type ChatWidgetOptions, startNotificationTimer } from "./chat-widget-options";

/**
 * What the floating button never sits on: the page's (main's) buttons, fields and links styled as
 * buttons (app/ui/button.tsx marks them `data-slot`), such as an order's "Download GST invoice" or a
 * page's main action (`data-main-action`, always one of those).
 */
const KEEP_CLEAR = "main :is(button,[data-slot],input,select,textarea)";

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

  // Out of the way while any part of it would sit on one of the page's controls (a phone's full-width
  // buttons reach the corner where it floats), wherever the page is scrolled: checked at nine points
  // from corner to corner on every scroll and resize (the browser sends those once a frame at most).
  const [covering, setCovering] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page brings new controls to keep clear of
  useEffect(() => {
    // Pixels into the 56 px button (h-14 w-14).
    const spots = [3, 28, 53];
    const check = () => {
      // Unmounting (on the way to the player), the button is gone before this listener is.
      const button = buttonRef.current;
      if (!button) return;
      const r = button.getBoundingClientRect();
      setCovering(
        spots.some((x) =>
          spots.some((y) => document.elementsFromPoint(r.x + x, r.y + y).some((el) => el.closest(KEEP_CLEAR))),
        ),
      );
    };
    check();
    addEventListener("scroll", check);
    addEventListener("resize", check);
    return () => {
      removeEventListener("scroll", check);
      removeEventListener("resize", check);
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
        "fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3 sm:bottom-6 sm:right-6",
        covering && !open && "invisible",
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
