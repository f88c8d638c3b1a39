import { describe, expect, it } from 'vitest';
import { EVERY_KIND } from '../testing/page-blocks';
import { blocksFromEditor, blocksOfSections, editorFromBlocks, type EditorDocument } from './block-conversion';

/** Lexical's JSON of a text node, as `editorState.toJSON()` writes it. */
const text = (value: string, format = 0) => ({ detail: 0, format, mode: 'normal', style: '', text: value, type: 'text', version: 1 });
const element = (type: string, children: unknown[], fields: Record<string, unknown> = {}) => ({
  children,
  direction: null,
  format: '',
  indent: 0,
  type,
  version: 1,
  ...fields,
});
const listItem = (children: unknown[], value = 1) => element('listitem', children, { value });
const editorJson = (...children: unknown[]) => ({ root: element('root', children) });

describe('the editor from blocks, and blocks from the editor', () => {
  it('gives back every kind of block, its marks and links, as it was', () => {
    expect(blocksFromEditor(editorFromBlocks(EVERY_KIND))).toEqual(EVERY_KIND);
  });

  it('fills the editor with the nodes of each block, runs of one link in one link node', () => {
    const document = editorFromBlocks([
      { type: 'heading', level: 3, text: [{ text: 'Hi', italic: true }] },
      { type: 'paragraph', text: [{ text: 'a ', link: '/x/' }, { text: 'b', bold: true, link: '/x/' }, { text: 'c' }] },
      { type: 'list', ordered: true, items: [{ text: [{ text: 'one' }] }] },
      { type: 'image', src: '/a.jpg', alt: 'A' },
      { type: 'divider' },
    ]);
    expect(document).toEqual<EditorDocument>({
      root: {
        type: 'root',
        children: [
          { type: 'heading', tag: 'h3', children: [{ type: 'text', text: 'Hi', format: 2 }] },
          {
            type: 'paragraph',
            children: [
              { type: 'link', url: '/x/', children: [{ type: 'text', text: 'a ' }, { type: 'text', text: 'b', format: 1 }] },
              { type: 'text', text: 'c' },
            ],
          },
          { type: 'list', listType: 'number', tag: 'ol', children: [{ type: 'listitem', value: 1, children: [{ type: 'text', text: 'one' }] }] },
          { type: 'page-image', src: '/a.jpg', alt: 'A', caption: '' },
          { type: 'page-divider' },
        ],
      },
    });
  });

  it('gives an empty body one empty paragraph to type in, and saves it as no block', () => {
    const document = editorFromBlocks([]);
    expect(document.root.children).toEqual([{ type: 'paragraph', children: [] }]);
    expect(blocksFromEditor(document)).toEqual([]);
  });

  it('drops empty paragraphs, headings, quotes and list items, and a list left without items', () => {
    const blocks = blocksFromEditor(
      editorJson(
        element('paragraph', []),
        element('paragraph', [text('   ')]),
        element('heading', [], { tag: 'h2' }),
        element('page-quote', []),
        element('list', [listItem([]), listItem([text(' ')])], { listType: 'bullet', tag: 'ul' }),
        element('paragraph', [text('Kept')]),
        element('list', [listItem([text('one')]), listItem([])], { listType: 'bullet', tag: 'ul' }),
      ),
    );
    expect(blocks).toEqual([
      { type: 'paragraph', text: [{ text: 'Kept' }] },
      { type: 'list', ordered: false, items: [{ text: [{ text: 'one' }] }] },
    ]);
  });

  it("flattens a nested list into items that follow the item they were under, in the outer list's kind", () => {
    const nested = element('list', [listItem([text('1a')]), listItem([element('list', [listItem([text('1a-i')])], { listType: 'bullet', tag: 'ul' })], 2)], {
      listType: 'number',
      tag: 'ol',
    });
    const blocks = blocksFromEditor(
      editorJson(element('list', [listItem([text('one')]), listItem([nested], 2), listItem([text('two')], 3)], { listType: 'bullet', tag: 'ul' })),
    );
    expect(blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [{ text: [{ text: 'one' }] }, { text: [{ text: '1a' }] }, { text: [{ text: '1a-i' }] }, { text: [{ text: 'two' }] }],
      },
    ]);
  });

  it('keeps bold and italic alone of the marks, joining the runs that end up alike', () => {
    const underline = 8;
    const strikethrough = 4;
    const blocks = blocksFromEditor(
      editorJson(
        element('paragraph', [
          text('plain '),
          text('underlined ', underline),
          text('bold', 1),
          text(' and struck', 1 | strikethrough),
          element('link', [text('site', 2)], { url: '/theaters/' }),
          element('autolink', [text(' www', 2)], { url: '/theaters/' }),
        ]),
      ),
    );
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        text: [{ text: 'plain underlined ' }, { text: 'bold and struck', bold: true }, { text: 'site www', italic: true, link: '/theaters/' }],
      },
    ]);
  });

  it('reads headings of every level as the two a page has, line breaks and tabs as text, a rule as a divider', () => {
    const blocks = blocksFromEditor(
      editorJson(
        element('heading', [text('Pasted title')], { tag: 'h1' }),
        element('heading', [text('Deep')], { tag: 'h5' }),
        element('paragraph', [text('a', 1), { type: 'linebreak', version: 1 }, text('b', 1), { type: 'tab', text: '\t', version: 1 }, text('c')]),
        { type: 'horizontalrule', version: 1 },
        element('quote', [text('Lexical’s own quote')]),
      ),
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, text: [{ text: 'Pasted title' }] },
      { type: 'heading', level: 3, text: [{ text: 'Deep' }] },
      { type: 'paragraph', text: [{ text: 'a\nb', bold: true }, { text: '\tc' }] },
      { type: 'divider' },
      { type: 'quote', text: [{ text: 'Lexical’s own quote' }] },
    ]);
  });

  it('keeps the text of a block of a kind it does not know as a paragraph, and drops one without text', () => {
    const document = editorFromBlocks([
      { type: 'video', text: [{ text: 'Trailer' }] },
      { type: 'carousel' },
    ]);
    expect(blocksFromEditor(document)).toEqual([{ type: 'paragraph', text: [{ text: 'Trailer' }] }]);
  });

  it('reads nothing from what is not an editor state', () => {
    expect(blocksFromEditor({ root: null })).toEqual([]);
    expect(blocksFromEditor({ root: { children: 'none' } })).toEqual([]);
  });
});

describe("a page's legacy sections", () => {
  it('are the heading and paragraphs they show, as blocks, the empty ones left out', () => {
    expect(
      blocksOfSections([
        { heading: 'Parking', paragraphs: ['Free after 6 PM.', '  ', 'Validate your ticket.'] },
        { heading: '', paragraphs: ['No heading here.'] },
        { heading: 'Only a heading' },
      ]),
    ).toEqual([
      { type: 'heading', level: 2, text: [{ text: 'Parking' }] },
      { type: 'paragraph', text: [{ text: 'Free after 6 PM.' }] },
      { type: 'paragraph', text: [{ text: 'Validate your ticket.' }] },
      { type: 'paragraph', text: [{ text: 'No heading here.' }] },
      { type: 'heading', level: 2, text: [{ text: 'Only a heading' }] },
    ]);
    expect(blocksOfSections(undefined)).toEqual([]);
  });
});
