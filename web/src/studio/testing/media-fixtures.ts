// The images of the demo site's media library that the studio's tests list, pick and change.
import type { MediaItem } from '../api';

/** The newest image: a photograph of the lobby, published. */
export const lobby: MediaItem = {
  id: 'm2',
  path: '/media/m2.jpg',
  url: 'https://marquee.example/media/m2.jpg',
  alt: 'The lobby, with its ramp',
  fileName: 'lobby.jpg',
  width: 1600,
  height: 1067,
  bytes: 1_310_720,
  thumbnailUrl: 'https://marquee.example/media/m2-480.webp',
  uploadedAt: '2026-12-04T09:30:00Z',
  uploadedBy: 'Grace Hopper',
};

/** An older, smaller one. */
export const seat: MediaItem = {
  id: 'm1',
  path: '/media/m1.jpg',
  url: 'https://marquee.example/media/m1.jpg',
  alt: 'A wheelchair space in screen 2',
  fileName: 'seat.png',
  width: 800,
  height: 600,
  bytes: 250_000,
  thumbnailUrl: 'https://marquee.example/media/m1-480.webp',
  uploadedAt: '2026-12-03T14:00:00Z',
  uploadedBy: 'Ed Admin',
};
