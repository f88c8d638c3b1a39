import { $createLinkNode } from '@lexical/link';
import { $createTextNode, $getRoot, $isElementNode, FORMAT_TEXT_COMMAND, HISTORY_MERGE_TAG } from 'lexical';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageBlock } from '@/types/api';
import { pageEditor } from '../testing/page-blocks';
import { blocksFromEditor, editorFromBlocks } from './block-conversion';
import { registerPageBodyRules } from './page-body-rules';

/** An editor of the page's nodes under the body's rules, holding `blocks` as the page editor opens them (InitialStateExtension's tag). */
function bodyEditor(blocks: readonly PageBlock[], { editable = true } = {}) {
  const editor = pageEditor({ editable });
  registerPageBodyRules(editor);
  editor.setEditorState(editor.parseEditorState(JSON.stringify(editorFromBlocks(blocks))), { tag: HISTORY_MERGE_TAG });
  return editor;
}

const blocksOf = (editor: ReturnType<typeof pageEditor>) => blocksFromEditor(editor.getEditorState().toJSON());

describe("the page body's rules", () => {
  it('unwrap a link whose address the site would not take, as a paste brings it in, keeping its text; other links stay', () => {
    const editor = bodyEditor([{ type: 'paragraph', text: [{ text: 'Visit ' }] }]);
    // What Lexical's HTML import makes of a pasted `<a href>`: a link node, its address unchecked.
    editor.update(
      () => {
        const paragraph = $getRoot().getFirstChild();
        if (!$isElementNode(paragraph)) throw new Error('no paragraph');
        paragraph.append(
          $createLinkNode('javascript:alert(1)').append($createTextNode('here')),
          $createTextNode(', '),
          $createLinkNode('https://example.org/\ufeff').append($createTextNode('there')),
          $createTextNode(' or '),
          $createLinkNode('/theaters/').append($createTextNode('our theaters')),
        );
      },
      { discrete: true },
    );
    expect(blocksOf(editor)).toEqual([
      { type: 'paragraph', text: [{ text: 'Visit here, there or ' }, { text: 'our theaters', link: '/theaters/' }] },
    ]);
  });

  it('keep a link the page was saved with, whatever its address, for the save to refuse it by its block', () => {
    const blocks: PageBlock[] = [{ type: 'paragraph', text: [{ text: 'Win', link: 'javascript:alert(1)' }] }];
    expect(blocksOf(bodyEditor(blocks))).toEqual(blocks);
  });

  it('apply only the marks a run keeps', () => {
    const editor = bodyEditor([{ type: 'paragraph', text: [{ text: 'Plain' }] }]);
    expect(editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline')).toBe(true);
    expect(editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')).toBe(false);
  });

  describe('in a body read alone', () => {
    const root = document.createElement('div');
    afterEach(() => root.remove());

    it('keep a click on a link in the page, and leave it to the links of an editable body', () => {
      const blocks: PageBlock[] = [{ type: 'paragraph', text: [{ text: 'See ' }, { text: 'our theaters', link: '/theaters/' }] }];
      document.body.append(root);
      const reader = bodyEditor(blocks, { editable: false });
      reader.setRootElement(root);
      const link = root.querySelector('a');
      expect(link?.getAttribute('href')).toBe('/theaters/');
      // dispatchEvent answers false where the click was prevented: the browser does not follow the link.
      expect(link?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false);
      expect(link?.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }))).toBe(false);
      expect(root.querySelector('p')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
      reader.setRootElement(null);

      const writer = bodyEditor(blocks);
      writer.setRootElement(root);
      expect(root.querySelector('a')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
      writer.setRootElement(null);
    });
  });
});
