import { MessageCircle } from "lucide-react";
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { cn } from "~/ui/cn";
import type { ChatBox as ChatBoxType } from "./chat-box";
import { CHAT_DEFAULTS, type ChatWidgetOptions, startNotificationTimer, whatsappLink } from "./chat-widget-options";

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
};

/** Floating WhatsApp chat (spec §4): a round button, a popup chat box, a repeating "1" notification. */
export function ChatWidget(props: ChatWidgetProps) {
  const o = { ...CHAT_DEFAULTS, ...props };
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(true);
  const [notified, setNotified] = useState(false);
  const [message, setMessage] = useState("");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
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

  // Typing dots for messageDelay seconds, then the greeting.
  useEffect(() => {
    if (!open) return;
    setTyping(true);
    const t = setTimeout(() => setTyping(false), o.messageDelay * 1000);
    return () => clearTimeout(t);
  }, [open, o.messageDelay]);

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

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return;
    window.open(whatsappLink(o.phoneNumber, text), "_blank", "noopener,noreferrer");
    setMessage("");
  };

  return (
    <div
      ref={rootRef}
      className={cn("fixed bottom-4 right-4 z-30 flex flex-col items-end gap-3 sm:bottom-6 sm:right-6", o.className)}
      style={o.style}
    >
      {open && Box ? (
        <Box
          o={o}
          boxId={boxId}
          titleId={titleId}
          typing={typing}
          message={message}
          setMessage={setMessage}
          submit={submit}
          inputRef={inputRef}
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
