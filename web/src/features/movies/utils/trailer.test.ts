import { afterEach, describe, expect, it } from 'vitest';
import { grantVideoConsent, hasVideoConsent, trailerPlayerUrl, youtubeVideoId } from './trailer';

describe('trailers', () => {
  afterEach(() => localStorage.clear());

  it('reads the video id of YouTube watch and short addresses only', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId('https://youtu.be/aqz-KE-bpKQ?t=3')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId('https://www.youtube.com/watch?v=aqz-KE-bpKQ&list=x')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId('https://vimeo.com/123')).toBeUndefined();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=aqz-KE-bpKQ"><script>')).toBeUndefined();
    expect(youtubeVideoId(undefined)).toBeUndefined();
  });

  it('plays from the privacy-enhanced host', () => {
    expect(trailerPlayerUrl('aqz-KE-bpKQ')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  });

  it('remembers the visitor’s agreement to YouTube', () => {
    expect(hasVideoConsent()).toBe(false);
    grantVideoConsent();
    expect(hasVideoConsent()).toBe(true);
  });
});
