import { $isLinkNode, $toggleLink } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { HistoryExtension } from '@lexical/history';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useExtensionSignalValue } from '@lexical/react/useExtensionSignalValue';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getNodeByKey,
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $setSelection,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type ElementNode,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
} from 'lexical';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslate } from '@/state/i18n';
import { FormField } from '../components/form-field';
import { ButtonPanel, ImagePanel, LinkPanel } from './editor-panels';
import { $createPageButtonNode, $isPageButtonNode, type PageButton } from './page-button-node';
import { $createPageDividerNode } from './page-divider-node';
import { $createPageImageNode, $isPageImageNode, type PageImage } from './page-image-node';
import { EDIT_PAGE_NODE_COMMAND } from './page-node-state';
import { $isPageQuoteNode } from './page-quote-node';
import styles from './page-body-editor.module.css';

/** The kind of block the selection is in, as the toolbar marks it. */
type BlockKind = 'paragraph' | 'h2' | 'h3' | 'bullet' | 'number' | 'quote' | 'other';

/** What the toolbar shows of the selection: its block, its marks, its link, the quote it is in. */
type SelectionFacts = {
  block: BlockKind;
  bold: boolean;
  italic: boolean;
  /** The address of the link the selection is in, or null. */
  link: string | null;
  /** Text is selected (not a caret alone). */
  hasText: boolean;
  /** The quote the selection is in, whose attribution the toolbar offers to change. */
  quote: { key: NodeKey; caption: string } | null;
};

const NO_FACTS: SelectionFacts = { block: 'paragraph', bold: false, italic: false, link: null, hasText: false, quote: null };

function sameFacts(a: SelectionFacts, b: SelectionFacts): boolean {
  return (
    a.block === b.block &&
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.link === b.link &&
    a.hasText === b.hasText &&
    a.quote?.key === b.quote?.key &&
    a.quote?.caption === b.quote?.caption
  );
}

/** The block at the root that `node` is in. */
function $topBlock(node: LexicalNode): LexicalNode | null {
  if ($isRootOrShadowRoot(node)) return null;
  return $findMatchingParent(node, (candidate) => {
    const parent = candidate.getParent();
    return parent !== null && $isRootOrShadowRoot(parent);
  });
}

function $blockKind(anchor: LexicalNode): BlockKind {
  const block = $topBlock(anchor);
  if ($isListNode(block)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? block;
    return list.getListType() === 'number' ? 'number' : 'bullet';
  }
  if ($isHeadingNode(block)) return ['h1', 'h2'].includes(block.getTag()) ? 'h2' : 'h3';
  if ($isQuoteNode(block)) return 'quote';
  if ($isParagraphNode(block)) return 'paragraph';
  return 'other';
}

/** The facts of the selection now, or null where there is no text selection (keep what was shown). */
function $selectionFacts(): SelectionFacts | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const link = $findMatchingParent(anchor, $isLinkNode);
  const quote = $findMatchingParent(anchor, $isPageQuoteNode);
  return {
    block: $blockKind(anchor),
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    link: $isLinkNode(link) ? link.getURL() : null,
    hasText: !selection.isCollapsed(),
    quote: $isPageQuoteNode(quote) ? { key: quote.getKey(), caption: quote.getCaption() } : null,
  };
}

/**
 * The selection as it was when a form was opened, again: the form took the focus, and what
 * it applies goes where the staff member was. Not where the nodes it named are gone since.
 */
function $restoreSelection(saved: BaseSelection | null) {
  if (!$isRangeSelection(saved)) return;
  if ($getNodeByKey(saved.anchor.key) && $getNodeByKey(saved.focus.key)) $setSelection(saved.clone());
}

/** The form the toolbar has open: a link, or an image or a button link (new, or the one with `key`). */
type OpenPanel =
  | { kind: 'link' }
  | { kind: 'image'; key: NodeKey | null; image: PageImage | undefined }
  | { kind: 'button'; key: NodeKey | null; button: PageButton | undefined };

type ToolId = 'undo' | 'redo' | 'paragraph' | 'h2' | 'h3' | 'bold' | 'italic' | 'link' | 'bullet' | 'number' | 'quote' | 'divider' | 'image' | 'button';

type Tool = {
  id: ToolId;
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  shortcuts?: string;
  /** The last of a group: a little apart from the next. */
  groupEnd?: boolean;
};

/**
 * The body's toolbar (`role="toolbar"`, one tab stop, the arrow keys, Home and End moving
 * between its buttons): undo and redo, the kind of block (paragraph, heading, subheading,
 * lists, quote), bold and italic (pressed or not, also Ctrl+B and Ctrl+I, ⌘ on a Mac), a
 * link, and a divider, an image (by its address, or chosen from the media library of the
 * site `siteId`) or a button link to insert. Below it, the form a button opened, and where
 * the selection is in a quote, who said it. It follows the selection on its own,
 * re-rendering only where what it shows changed.
 */
export function EditorToolbar({ label, siteId }: { label: string; siteId: string }) {
  const t = useTranslate();
  const [editor] = useLexicalComposerContext();
  const [facts, setFacts] = useState<SelectionFacts>(NO_FACTS);
  const canUndo = useExtensionSignalValue(HistoryExtension, 'canUndo');
  const canRedo = useExtensionSignalValue(HistoryExtension, 'canRedo');
  const [panel, setPanel] = useState<OpenPanel | null>(null);
  const saved = useRef<BaseSelection | null>(null);
  const [active, setActive] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($selectionFacts);
          if (next) setFacts((shown) => (sameFacts(shown, next) ? shown : next));
        }),
        editor.registerCommand(
          EDIT_PAGE_NODE_COMMAND,
          ({ kind, key }) => {
            const node = $getNodeByKey(key);
            saved.current = null;
            if (kind === 'image' && $isPageImageNode(node)) setPanel({ kind, key, image: node.getImage() });
            if (kind === 'button' && $isPageButtonNode(node)) setPanel({ kind, key, button: node.getButton() });
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );

  const open = (next: OpenPanel) => {
    saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    setPanel(next);
  };
  const close = useCallback(() => {
    setPanel(null);
    editor.focus();
  }, [editor]);
  const setBlock = (create: () => ElementNode) =>
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $setBlocksType(selection, create);
    });
  const insert = (create: () => LexicalNode, key: NodeKey | null, change: (node: LexicalNode) => void) => {
    editor.update(() => {
      const existing = key === null ? null : $getNodeByKey(key);
      if (existing) {
        change(existing);
        return;
      }
      $restoreSelection(saved.current);
      $insertNodeToNearestRoot(create());
    });
    close();
  };

  /** What each tool does, pressed. */
  const press = (id: ToolId) => {
    switch (id) {
      case 'undo':
        editor.dispatchCommand(UNDO_COMMAND, undefined);
        break;
      case 'redo':
        editor.dispatchCommand(REDO_COMMAND, undefined);
        break;
      case 'paragraph':
        setBlock($createParagraphNode);
        break;
      case 'h2':
      case 'h3':
        setBlock(facts.block === id ? $createParagraphNode : () => $createHeadingNode(id));
        break;
      case 'bold':
      case 'italic':
        editor.dispatchCommand(FORMAT_TEXT_COMMAND, id);
        break;
      case 'link':
        open({ kind: 'link' });
        break;
      case 'bullet':
        editor.dispatchCommand(facts.block === 'bullet' ? REMOVE_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND, undefined);
        break;
      case 'number':
        editor.dispatchCommand(facts.block === 'number' ? REMOVE_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
        break;
      case 'quote':
        setBlock(facts.block === 'quote' ? $createParagraphNode : $createQuoteNode);
        break;
      case 'divider':
        editor.update(() => $insertNodeToNearestRoot($createPageDividerNode()));
        break;
      case 'image':
        open({ kind: 'image', key: null, image: undefined });
        break;
      case 'button':
        open({ kind: 'button', key: null, button: undefined });
        break;
    }
  };

  const tools: Tool[] = [
    { id: 'undo', label: t('studio.editor.undo'), disabled: !canUndo, shortcuts: 'Control+Z Meta+Z' },
    { id: 'redo', label: t('studio.editor.redo'), disabled: !canRedo, shortcuts: 'Control+Shift+Z Meta+Shift+Z Control+Y', groupEnd: true },
    { id: 'paragraph', label: t('studio.editor.paragraph'), pressed: facts.block === 'paragraph' },
    { id: 'h2', label: t('studio.editor.heading2'), pressed: facts.block === 'h2' },
    { id: 'h3', label: t('studio.editor.heading3'), pressed: facts.block === 'h3', groupEnd: true },
    { id: 'bold', label: t('studio.editor.bold'), pressed: facts.bold, shortcuts: 'Control+B Meta+B' },
    { id: 'italic', label: t('studio.editor.italic'), pressed: facts.italic, shortcuts: 'Control+I Meta+I' },
    { id: 'link', label: t('studio.editor.link'), pressed: facts.link !== null, groupEnd: true },
    { id: 'bullet', label: t('studio.editor.bulletList'), pressed: facts.block === 'bullet' },
    { id: 'number', label: t('studio.editor.numberedList'), pressed: facts.block === 'number' },
    { id: 'quote', label: t('studio.editor.quote'), pressed: facts.block === 'quote', groupEnd: true },
    { id: 'divider', label: t('studio.editor.divider') },
    { id: 'image', label: t('studio.editor.image') },
    { id: 'button', label: t('studio.editor.button') },
  ];

  // One tab stop; the arrow keys, Home and End move between the tools (WAI-ARIA's toolbar pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, (index: number) => number> = {
      ArrowRight: (index) => (index + 1) % tools.length,
      ArrowLeft: (index) => (index - 1 + tools.length) % tools.length,
      Home: () => 0,
      End: () => tools.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(active);
    setActive(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <>
      <div ref={toolbar} role="toolbar" aria-label={label} className={styles.toolbar} onKeyDown={onKeyDown} data-testid="studio-editor-toolbar">
        {tools.map((tool, index) => (
          <button
            key={tool.id}
            type="button"
            className={tool.groupEnd ? `${styles.tool} ${styles.toolGroupEnd}` : styles.tool}
            tabIndex={index === active ? 0 : -1}
            aria-pressed={tool.pressed}
            aria-disabled={tool.disabled || undefined}
            aria-keyshortcuts={tool.shortcuts}
            // A press with the mouse leaves the focus, and the selection, in the body.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setActive(index)}
            onClick={() => {
              if (!tool.disabled) press(tool.id);
            }}
          >
            {tool.label}
          </button>
        ))}
      </div>
      {panel?.kind === 'link' ? (
        <LinkPanel
          current={facts.link}
          hasText={facts.hasText}
          onSet={(address) => {
            editor.update(() => {
              $restoreSelection(saved.current);
              $toggleLink(address);
            });
            close();
          }}
          onRemove={() => {
            editor.update(() => {
              $restoreSelection(saved.current);
              $toggleLink(null);
            });
            close();
          }}
          onCancel={close}
        />
      ) : panel?.kind === 'image' ? (
        <ImagePanel
          // Another image's form starts from that image's fields.
          key={panel.key ?? 'new'}
          siteId={siteId}
          image={panel.image}
          onApply={(image) =>
            insert(
              () => $createPageImageNode(image),
              panel.key,
              (node) => {
                if ($isPageImageNode(node)) node.setImage(image);
              },
            )
          }
          onCancel={close}
        />
      ) : panel?.kind === 'button' ? (
        <ButtonPanel
          key={panel.key ?? 'new'}
          button={panel.button}
          onApply={(button) =>
            insert(
              () => $createPageButtonNode(button),
              panel.key,
              (node) => {
                if ($isPageButtonNode(node)) node.setButton(button);
              },
            )
          }
          onCancel={close}
        />
      ) : null}
      {facts.quote ? <QuoteCaptionField key={facts.quote.key} editor={editor} quoteKey={facts.quote.key} caption={facts.quote.caption} /> : null}
    </>
  );
}

/** Who said the quote the selection is in: each change written to the quote as it is typed. */
function QuoteCaptionField({ editor, quoteKey, caption }: { editor: LexicalEditor; quoteKey: NodeKey; caption: string }) {
  const t = useTranslate();
  // The field's own value: the quote's, written back to it, would come a moment late.
  const [value, setValue] = useState(caption);
  return (
    <FormField
      label={t('studio.editor.quote.caption')}
      hint={t('studio.editor.quote.caption.hint')}
      autoComplete="off"
      value={value}
      onKeyDown={(event) => {
        // Enter leaves the field for the quote, rather than submitting the page's form.
        if (event.key === 'Enter') {
          event.preventDefault();
          editor.focus();
        }
      }}
      onChange={(event) => {
        const next = event.target.value;
        setValue(next);
        editor.update(() => {
          const quote = $getNodeByKey(quoteKey);
          if ($isPageQuoteNode(quote)) quote.setCaption(next);
        });
      }}
    />
  );
}
