import { HistoryExtension } from '@lexical/history';
import { LinkExtension } from '@lexical/link';
import { ListExtension } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalExtensionComposer } from '@lexical/react/LexicalExtensionComposer';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextExtension } from '@lexical/rich-text';
import { configExtension, defineExtension, type EditorThemeClasses } from 'lexical';
import { useImperativeHandle, useState, type Ref } from 'react';
import type { PageBlock } from '@/types/api';
import { blocksFromEditor, editorFromBlocks } from './block-conversion';
import { EditorToolbar } from './editor-toolbar';
import { isBodyLink, registerPageBodyRules } from './page-body-rules';
import { PAGE_EDITOR_NODES } from './page-editor-nodes';
import { SiteAddressContext } from './page-node-state';
import styles from './page-body-editor.module.css';

/** What the page's screen asks of the body: its blocks (read once, at a save), and the focus (a refusal of the body). */
export type PageBodyHandle = {
  blocks: () => PageBlock[];
  focus: () => void;
};

/** The body set as the site sets its blocks (page-body-editor.module.css). */
const THEME: EditorThemeClasses = {
  paragraph: styles.paragraph,
  heading: { h1: styles.h2, h2: styles.h2, h3: styles.h3, h4: styles.h3, h5: styles.h3, h6: styles.h3 },
  list: { ul: styles.ul, ol: styles.ol, nested: { listitem: styles.nestedListItem } },
  quote: styles.quote,
  link: styles.link,
  text: { bold: styles.bold, italic: styles.italic },
};

/** Gives the screen its handle on the body: the blocks at a save, read from the editor's state then. */
function BodyHandlePlugin({ handle }: { handle: Ref<PageBodyHandle> | undefined }) {
  const [editor] = useLexicalComposerContext();
  useImperativeHandle(
    handle,
    () => ({
      blocks: () => blocksFromEditor(editor.getEditorState().toJSON()),
      focus: () => editor.focus(),
    }),
    [editor],
  );
  return null;
}

export type PageBodyEditorProps = {
  /** What the body holds when the page opens; read once. */
  initialBlocks: readonly PageBlock[];
  /** Whether the staff member changes it (mayEditContent); otherwise they read it, its links going nowhere (page-body-rules.ts). */
  editable: boolean;
  /** The site's public address, where the body's paths on the site are shown from. */
  siteAddress: string;
  /** The site's id: its media library is where an image block's image may be chosen from. */
  siteId: string;
  /** The body's label, and the toolbar's. */
  labelledBy: string;
  toolbarLabel: string;
  /** The hint and the refusal of the body, read with it. */
  describedBy: string | undefined;
  invalid: boolean;
  /** Called as the body changes (not as the selection moves): the screen says there are changes to save. */
  onChange: () => void;
  handle?: Ref<PageBodyHandle>;
};

/**
 * The body of a page in Lexical's rich text editor, its blocks as the site sets them
 * (page-editor-nodes.ts: *-node.tsx for an image, a button link, a divider and a quote with
 * who said it), with its toolbar, undo and redo. Filled from the blocks once; read back into
 * blocks only when the screen asks (a save), so typing in a long page converts nothing. A
 * chunk of its own, loaded with the page's screen alone (site-page-screen.tsx).
 */
export function PageBodyEditor({ initialBlocks, editable, siteAddress, siteId, labelledBy, toolbarLabel, describedBy, invalid, onChange, handle }: PageBodyEditorProps) {
  // Built once: the editor is made from it once, filled with the blocks the page opened with.
  const [extension] = useState(() =>
    defineExtension({
      name: '[root]',
      namespace: 'page-body',
      nodes: () => PAGE_EDITOR_NODES,
      theme: THEME,
      editable,
      $initialEditorState: JSON.stringify(editorFromBlocks(initialBlocks)),
      dependencies: [RichTextExtension, HistoryExtension, ListExtension, configExtension(LinkExtension, { validateUrl: isBodyLink })],
      // Only bold and italic; no link the site would not take, even pasted; in a body read alone, links that go nowhere.
      register: registerPageBodyRules,
    }),
  );
  return (
    <SiteAddressContext.Provider value={siteAddress}>
      {/* The body is rendered below, with its label and description: the composer renders none of its own. */}
      <LexicalExtensionComposer extension={extension} contentEditable={null}>
        <div className={styles.editor}>
          {editable ? <EditorToolbar label={toolbarLabel} siteId={siteId} /> : null}
          <div className={styles.surface}>
            <ContentEditable
              className={styles.content}
              aria-labelledby={labelledBy}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              aria-multiline
              data-testid="studio-page-body"
            />
          </div>
        </div>
        <OnChangePlugin ignoreSelectionChange onChange={onChange} />
        <BodyHandlePlugin handle={handle} />
      </LexicalExtensionComposer>
    </SiteAddressContext.Provider>
  );
}
