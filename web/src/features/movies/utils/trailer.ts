// Trailers play in YouTube's privacy-enhanced player (www.youtube-nocookie.com), and only
// once the visitor has agreed to YouTube: a choice remembered on this device.

/** The video id of a YouTube watch or short address (the bundle allows no other). */
export function youtubeVideoId(url: string | undefined): string | undefined {
  const match = /^https:\/\/(?:(?:www\.)?youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{11})(?:[&?#]|$)/.exec(url ?? '');
  return match?.[1];
}

/** The player's address for a video: it starts at once, without related videos of others. */
export function trailerPlayerUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`;
}

const VIDEO_CONSENT_KEY = 'videoConsent';
const VIDEO_VENDOR = 'youtube';

/** Whether the visitor agreed to YouTube playing trailers here. */
export function hasVideoConsent(): boolean {
  try {
    return localStorage.getItem(VIDEO_CONSENT_KEY) === VIDEO_VENDOR;
  } catch {
    return false;
  }
}

/** Remembers that the visitor agreed; without storage, the agreement lasts this page. */
export function grantVideoConsent(): void {
  try {
    localStorage.setItem(VIDEO_CONSENT_KEY, VIDEO_VENDOR);
  } catch {
    // Storage refused (private mode): the player still plays now.
  }
}
