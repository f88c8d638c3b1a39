// The page bodies the studio's tests load and save (every kind of block, as the API has
// them), a page as the API answers it, and the page editor's Lexical editor to load them
// into, without a page around it.
import { createEditor } from 'lexical';
import type { PageBlock } from '@/types/api';
import type { PageRecord } from '../api';
import { PAGE_EDITOR_NODES } from '../page-blocks-editor/page-editor-nodes';

/** A Lexical editor of the page's nodes (read alone where `editable` is false), without a page to show it in; its errors thrown. */
export function pageEditor({ editable = true }: { editable?: boolean } = {}) {
  return createEditor({
    editable,
    namespace: 'test',
    nodes: PAGE_EDITOR_NODES,
    onError: (error) => {
      throw error;
    },
  });
}

/** A page's body with a block of every kind, marks and links among its runs. */
export const EVERY_KIND: PageBlock[] = [
  { type: 'heading', level: 2, text: [{ text: 'Accessibility at Marquee' }] },
  { type: 'heading', level: 3, text: [{ text: 'Getting in' }] },
  {
    type: 'paragraph',
    text: [
      { text: 'Every screen has ' },
      { text: 'step-free', bold: true },
      { text: ' access, ' },
      { text: 'always', italic: true },
      { text: ' and ' },
      { text: 'everywhere', bold: true, italic: true },
      { text: '. See ' },
      { text: 'our theaters', link: '/theaters/' },
      { text: ' or ' },
      { text: 'mail ', link: 'mailto:access@marquee.example' },
      { text: 'us', bold: true, link: 'mailto:access@marquee.example' },
      { text: '.' },
    ],
  },
  { type: 'list', ordered: false, items: [{ text: [{ text: 'Wheelchair spaces' }] }, { text: [{ text: 'Hearing loops', bold: true }] }] },
  { type: 'list', ordered: true, items: [{ text: [{ text: 'Book' }] }, { text: [{ text: 'Tell us', link: 'tel:+15551234567' }] }] },
  { type: 'quote', text: [{ text: 'The best seat in town.' }], caption: 'A regular' },
  { type: 'quote', text: [{ text: 'Unattributed.' }] },
  { type: 'image', src: '/media/lobby.jpg', alt: 'The lobby, with its ramp', caption: 'Our lobby' },
  { type: 'image', src: 'https://images.example.org/seat.jpg', alt: 'A wheelchair space' },
  { type: 'divider' },
  { type: 'button', label: 'Book a space', href: '/theaters/' },
  { type: 'paragraph', text: [{ text: 'First line\nsecond line' }] },
];

/** A page as the studio's API answers it, to GET and to the PUT that saved it: every field, a default where the page has none. */
export function pageAsAnswered(page: PageRecord): Required<PageRecord> {
  return { id: '', slug: '', templateName: '', title: '', sections: [], unpublishAt: '', blocks: [], seoDescription: '', seoImage: '', ...page };
}
