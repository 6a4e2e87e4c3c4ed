/** The chat widget's open box: its own chunk, downloaded with the first hover, focus or click on the button. */
import { Send, X } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { cn } from "~/ui/cn";
import type { ChatWidgetProps } from "./chat-widget";
import {
  CHAT_GREETING,
  CHAT_PLACEHOLDER,
  CHAT_STATUS,
  type ChatWidgetOptions,
  whatsappLink,
} from "./chat-widget-options";

export interface ChatBoxProps {
  o: ChatWidgetOptions & ChatWidgetProps;
  boxId: string;
  titleId: string;
  onClose(): void;
}

export function ChatBox({ o, boxId, titleId, onClose }: ChatBoxProps) {
  const dark = o.darkMode;
  // Typing dots for messageDelay seconds, then the greeting.
  const [typing, setTyping] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setTyping(false), o.messageDelay * 1000);
    return () => clearTimeout(t);
  }, [o.messageDelay]);
  const [message, setMessage] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return;
    window.open(whatsappLink(o.phoneNumber, text), "_blank", "noopener,noreferrer");
    setMessage("");
  };
  return (
    <section
      id={boxId}
      aria-labelledby={titleId}
      className={cn(
        "flex w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl shadow-2xl ring-1",
        dark ? "bg-slate-900 text-white ring-slate-700" : "bg-white text-slate-900 ring-slate-200",
        o.chatboxClassName,
      )}
      style={{ height: o.chatboxHeight, ...o.chatboxStyle }}
      data-testid="chat-box"
    >
      <header className="flex items-center gap-3 bg-emerald-700 px-4 py-3 text-white">
        <img src={o.avatar} alt="" width={40} height={40} className="h-10 w-10 rounded-full bg-white p-1" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {o.accountName}
          </h2>
          <p className="text-xs text-emerald-50">{o.statusMessage ?? CHAT_STATUS}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-full p-2 hover:bg-white/15 focus-visible:outline-white"
          aria-label="Close chat"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </header>
      <div className={cn("flex-1 overflow-y-auto p-4", dark ? "bg-slate-800" : "bg-emerald-50")}>
        {typing ? (
          <p className="flex w-fit gap-1 rounded-xl bg-white px-3 py-3 shadow-sm">
            <span className="sr-only">{o.accountName} is typing</span>
            <span className="h-2 w-2 motion-safe:animate-bounce rounded-full bg-slate-400" />
            <span className="h-2 w-2 motion-safe:animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
            <span className="h-2 w-2 motion-safe:animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
          </p>
        ) : (
          <div
            className={cn(
              "w-fit max-w-[85%] rounded-xl rounded-tl-none px-3 py-2 text-sm shadow-sm",
              dark ? "bg-slate-700 text-white" : "bg-white text-slate-900",
            )}
          >
            <p className="text-xs font-semibold text-emerald-800">{o.accountName}</p>
            <p className="mt-1">{o.chatMessage ?? CHAT_GREETING}</p>
          </div>
        )}
      </div>
      <form
        onSubmit={submit}
        action={`https://wa.me/${o.phoneNumber.replace(/\D/g, "")}`}
        method="get"
        target="_blank"
        className={cn("flex items-center gap-2 border-t p-3", dark ? "border-slate-700" : "border-slate-200")}
        rel="noopener"
      >
        <input
          // biome-ignore lint/a11y/noAutofocus: the chat box was just opened on purpose
          autoFocus
          name="text"
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={o.placeholder ?? CHAT_PLACEHOLDER}
          aria-label="Message"
          autoComplete="off"
          className={cn(
            "h-11 min-w-0 flex-1 rounded-full border px-4 text-sm",
            dark ? "border-slate-600 bg-slate-800 text-white placeholder:text-slate-400" : "border-slate-300 bg-white",
          )}
        />
        <button
          type="submit"
          aria-label="Send message"
          className="flex h-11 w-11 items-center justify-center rounded-full bg-emerald-700 text-white hover:bg-emerald-800"
        >
          <Send className="h-5 w-5" aria-hidden />
        </button>
      </form>
    </section>
  );
}
