import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../tests/helpers/fail-on-console";
import {
  CHAT_DEFAULTS,
  CHAT_GREETING,
  CHAT_PLACEHOLDER,
  CHAT_STATUS,
  NOTIFICATION_DELAY_ERROR,
  startNotificationTimer,
  whatsappLink,
} from "./chat-widget-options";

describe("chat widget defaults and texts (spec §4)", () => {
  it("has the spec's defaults", () => {
    expect(CHAT_DEFAULTS).toMatchObject({
      messageDelay: 2,
      notificationDelay: 60,
      notificationLoop: 0,
      allowClickAway: false,
      allowEsc: false,
      notification: true,
      chatboxHeight: 320,
      darkMode: false,
    });
    expect(CHAT_STATUS).toBe("Typically replies within 1 hour");
    expect(CHAT_GREETING).toBe("Hello there! How can we help?");
    expect(CHAT_PLACEHOLDER).toBe("Type a message..");
  });

  it("builds the wa.me link with the phone's digits and the typed text", () => {
    expect(whatsappLink("+91 98765-43210", "Hi, is the notes PDF printable? 100% & more")).toBe(
      "https://wa.me/919876543210?text=Hi%2C%20is%20the%20notes%20PDF%20printable%3F%20100%25%20%26%20more",
    );
  });
});

describe("notification timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("notifies every notificationDelay seconds without limit when the loop is 0", () => {
    const notify = vi.fn();
    const stop = startNotificationTimer({ notification: true, notificationDelay: 60, notificationLoop: 0 }, notify);
    vi.advanceTimersByTime(59_999);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(notify).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000 * 9);
    expect(notify).toHaveBeenCalledTimes(10);
    stop();
    vi.advanceTimersByTime(600_000);
    expect(notify).toHaveBeenCalledTimes(10);
  });

  it("stops after the configured maximum repeats", () => {
    const notify = vi.fn();
    startNotificationTimer({ notification: true, notificationDelay: 10, notificationLoop: 3 }, notify);
    vi.advanceTimersByTime(100_000);
    expect(notify).toHaveBeenCalledTimes(3);
  });

  it("does nothing when notifications are off", () => {
    const notify = vi.fn();
    startNotificationTimer({ notification: false, notificationDelay: 10, notificationLoop: 0 }, notify);
    vi.advanceTimersByTime(100_000);
    expect(notify).not.toHaveBeenCalled();
  });

  it("refuses a delay under 10 seconds with a console error", () => {
    expectConsoleError(/at least 10 seconds/);
    const spy = vi.mocked(console.error);
    const notify = vi.fn();
    startNotificationTimer({ notification: true, notificationDelay: 9, notificationLoop: 0 }, notify);
    vi.advanceTimersByTime(100_000);
    expect(notify).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalledWith(NOTIFICATION_DELAY_ERROR);
    expect(NOTIFICATION_DELAY_ERROR).toBe("notificationDelay must be at least 10 seconds.");
  });
});
