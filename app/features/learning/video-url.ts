/**
 * Lesson video URLs: the admin may paste any usual YouTube or Vimeo link; we
 * store only the privacy-friendly embed form, so the player never loads
 * anything else in its iframe.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const YOUTUBE_EMBED_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com", ...YOUTUBE_HOSTS]);

export const VIDEO_URL_ERROR =
  "Enter a YouTube or Vimeo video link (for example https://youtu.be/VIDEO_ID), or leave it empty and upload the video.";

export type VideoEmbed = { provider: "youtube" | "vimeo"; id: string; embedUrl: string };

function youtube(id: string | null | undefined): VideoEmbed | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: "youtube", id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(id: string | null | undefined): VideoEmbed | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  return { provider: "vimeo", id, embedUrl: `https://player.vimeo.com/video/${id}` };
}

/** Parses a YouTube or Vimeo link (watch, share, shorts, embed, player) into its embed form, or null. */
export function parseVideoUrl(input: string): VideoEmbed | null {
  const raw = input.trim();
  if (!raw || raw.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "443" && url.port !== "80")) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be") return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host) && parts[0] === "watch" && parts.length === 1) return youtube(url.searchParams.get("v"));
  if (YOUTUBE_EMBED_HOSTS.has(host) && parts.length === 2 && ["embed", "shorts", "live", "v"].includes(parts[0]!)) {
    return youtube(parts[1]);
  }
  if (host === "player.vimeo.com" && parts.length === 2 && parts[0] === "video") return vimeo(parts[1]);
  if (host === "vimeo.com" || host === "www.vimeo.com") {
    // vimeo.com/123456789, vimeo.com/channels/staffpicks/123456789, vimeo.com/123456789/abcdef (unlisted hash dropped)
    const id = parts.find((p) => VIMEO_ID.test(p));
    return vimeo(id);
  }
  return null;
}

/** The embed URL to store, or null when the link is not a YouTube/Vimeo video. */
export function normaliseVideoUrl(input: string): string | null {
  return parseVideoUrl(input)?.embedUrl ?? null;
}
