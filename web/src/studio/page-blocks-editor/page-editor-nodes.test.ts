import { describe, expect, it } from 'vitest';
import type { PageBlock } from '@/types/api';
import { EVERY_KIND, pageEditor } from '../testing/page-blocks';
import { blocksFromEditor, editorFromBlocks } from './block-conversion';

/** `blocks` through a Lexical editor of the page's nodes, as the page's screen loads and saves them. */
function throughEditor(blocks: readonly PageBlock[]): PageBlock[] {
  const editor = pageEditor();
  editor.setEditorState(editor.parseEditorState(JSON.stringify(editorFromBlocks(blocks))));
  return blocksFromEditor(editor.getEditorState().toJSON());
}

describe("the page editor's nodes", () => {
  it('load every kind of block, and are read back into the same blocks', () => {
    expect(throughEditor(EVERY_KIND)).toEqual(EVERY_KIND);
  });

  it("load a quote as the page's own, with who said it", () => {
    const editor = pageEditor();
    editor.setEditorState(editor.parseEditorState(JSON.stringify(editorFromBlocks([{ type: 'quote', text: [{ text: 'Q' }], caption: 'Ann' }]))));
    expect(editor.getEditorState().toJSON().root.children).toMatchObject([{ type: 'page-quote', caption: 'Ann' }]);
  });
});
