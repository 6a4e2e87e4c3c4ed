/** The chat widget's settings and rules (seed-spec §4, §5, §9). Pure: unit-tested. */

export const CHAT_STATUS = "Typically replies within 1 hour";
export const CHAT_GREETING = "Hello there! How can we help?";
export const CHAT_PLACEHOLDER = "Type a message..";
export const MIN_NOTIFICATION_DELAY_S = 10;
export const NOTIFICATION_DELAY_ERROR = `notificationDelay must be at least ${MIN_NOTIFICATION_DELAY_S} seconds.`;

export interface ChatWidgetOptions {
  /** Seconds the "typing" dots show before the greeting appears. */
  messageDelay: number;
  /** Seconds between notification badges; at least 10. */
  notificationDelay: number;
  /** How many times the notification repeats before the timer stops; 0 = no limit. */
  notificationLoop: number;
  allowClickAway: boolean;
  allowEsc: boolean;
  notification: boolean;
  notificationSound: boolean;
  notificationSoundSrc?: string;
  chatboxHeight: number;
  darkMode: boolean;
}

export const CHAT_DEFAULTS: ChatWidgetOptions = {
  messageDelay: 2,
  notificationDelay: 60,
  notificationLoop: 0,
  allowClickAway: false,
  allowEsc: false,
  notification: true,
  notificationSound: false,
  chatboxHeight: 320,
  darkMode: false,
};

/** The link that opens the conversation: https://wa.me/<phone>?text=<typed text>. */
export function whatsappLink(phone: string, text: string): string {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/**
 * Starts the repeating notification timer. Returns a stop function. A delay under
 * 10 s is refused with a console error (spec §5) and no timer runs; with a loop
 * above 0 the timer stops after that many notifications.
 */
export function startNotificationTimer(
  opts: Pick<ChatWidgetOptions, "notificationDelay" | "notificationLoop" | "notification">,
  onNotify: () => void,
): () => void {
  if (!opts.notification) return () => {};
  if (!(opts.notificationDelay >= MIN_NOTIFICATION_DELAY_S)) {
    console.error(NOTIFICATION_DELAY_ERROR);
    return () => {};
  }
  let shown = 0;
  const timer = setInterval(() => {
    onNotify();
    shown += 1;
    if (opts.notificationLoop > 0 && shown >= opts.notificationLoop) clearInterval(timer);
  }, opts.notificationDelay * 1000);
  return () => clearInterval(timer);
}
