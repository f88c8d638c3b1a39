// A page's body between its blocks (the API's `PageBlock`s, docs/studio.md#page-blocks) and
// the block editor's document (Lexical's editor state as JSON), both ways, as pure functions
// on plain data: the editor is filled from the blocks once, when the page opens, and its
// document is read back into blocks once, when the page is saved (never as it is typed).
// What blocks cannot hold is left behind on the way back: an empty paragraph, a mark other
// than bold and italic, a list's nesting (its items follow each other instead).
import type { ListItem, PageBlock, PageSection, TextRun } from '@/types/api';

/** The kinds of node the page editor adds to Lexical's own (page-blocks-editor/*-node.tsx), by their type in the document. */
export const PAGE_NODE_TYPES = {
  image: 'page-image',
  button: 'page-button',
  divider: 'page-divider',
  quote: 'page-quote',
} as const;

/** Lexical's text format bits (lexical's IS_BOLD, IS_ITALIC): the two marks a run keeps. */
const BOLD = 1;
const ITALIC = 2;

/**
 * A node of the editor's document as Lexical reads it from JSON (the compact form, every
 * field left out taking its default): a block at the root, or what a block holds.
 */
export type EditorNodeJson = {
  type: string;
  children?: EditorNodeJson[];
  text?: string;
  format?: number;
  tag?: string;
  url?: string;
  listType?: 'bullet' | 'number';
  value?: number;
  src?: string;
  alt?: string;
  caption?: string;
  label?: string;
  href?: string;
};

/** The editor's document as JSON: its root, and the blocks under it. */
export type EditorDocument = { root: { type: 'root'; children: EditorNodeJson[] } };

// ---------------------------------------------------------------------------------------
// Blocks -> the editor's document.

/** Text runs as the editor's inline nodes: text with its marks, a link holding the runs that share it. */
function inlineNodes(runs: readonly TextRun[] | undefined): EditorNodeJson[] {
  const nodes: EditorNodeJson[] = [];
  let link: EditorNodeJson | undefined;
  for (const run of runs ?? []) {
    const text = run.text ?? '';
    if (text === '') continue;
    const format = (run.bold ? BOLD : 0) | (run.italic ? ITALIC : 0);
    // A line break inside a run is the editor's own node, as Shift+Enter makes it.
    const pieces = text.split('\n').flatMap((piece, index): EditorNodeJson[] => {
      const textNode: EditorNodeJson[] = piece === '' ? [] : [format ? { type: 'text', text: piece, format } : { type: 'text', text: piece }];
      return index === 0 ? textNode : [{ type: 'linebreak' }, ...textNode];
    });
    const href = run.link ?? '';
    if (href === '') {
      link = undefined;
      nodes.push(...pieces);
    } else if (link?.url === href) {
      link.children?.push(...pieces);
    } else {
      link = { type: 'link', url: href, children: pieces };
      nodes.push(link);
    }
  }
  return nodes;
}

/** One block as the editor's node; a kind this version does not know, as a paragraph of its text (if it has any). */
function editorNode(block: PageBlock): EditorNodeJson[] {
  switch (block.type) {
    case 'heading':
      return [{ type: 'heading', tag: block.level === 3 ? 'h3' : 'h2', children: inlineNodes(block.text) }];
    case 'paragraph':
      return [{ type: 'paragraph', children: inlineNodes(block.text) }];
    case 'list':
      return [
        {
          type: 'list',
          listType: block.ordered ? 'number' : 'bullet',
          tag: block.ordered ? 'ol' : 'ul',
          children: (block.items ?? []).map((item, index) => ({ type: 'listitem', value: index + 1, children: inlineNodes(item.text) })),
        },
      ];
    case 'quote':
      return [{ type: PAGE_NODE_TYPES.quote, caption: block.caption ?? '', children: inlineNodes(block.text) }];
    case 'image':
      return [{ type: PAGE_NODE_TYPES.image, src: block.src ?? '', alt: block.alt ?? '', caption: block.caption ?? '' }];
    case 'button':
      return [{ type: PAGE_NODE_TYPES.button, label: block.label ?? '', href: block.href ?? '' }];
    case 'divider':
      return [{ type: PAGE_NODE_TYPES.divider }];
    default:
      return block.text?.length ? [{ type: 'paragraph', children: inlineNodes(block.text) }] : [];
  }
}

/** The editor's document holding `blocks`: one empty paragraph, to type in, where there are none. */
export function editorFromBlocks(blocks: readonly PageBlock[]): EditorDocument {
  const children = blocks.flatMap(editorNode);
  return { root: { type: 'root', children: children.length > 0 ? children : [{ type: 'paragraph', children: [] }] } };
}

/**
 * A page's legacy sections (a heading and paragraphs each, DESIGN.md section 11) as the
 * blocks that show the same: a level-2 heading (where it has one), then a paragraph each.
 */
export function blocksOfSections(sections: readonly PageSection[] | undefined): PageBlock[] {
  return (sections ?? []).flatMap((section): PageBlock[] => {
    const heading = section.heading?.trim() ?? '';
    return [
      ...(heading === '' ? [] : [{ type: 'heading', level: 2, text: [{ text: heading }] }]),
      ...(section.paragraphs ?? []).filter((paragraph) => paragraph.trim() !== '').map((paragraph) => ({ type: 'paragraph', text: [{ text: paragraph }] })),
    ];
  });
}

// ---------------------------------------------------------------------------------------
// The editor's document -> blocks.

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childrenOf(node: JsonObject): JsonObject[] {
  return Array.isArray(node.children) ? node.children.filter(isObject) : [];
}

function textOf(node: JsonObject, field: string): string {
  const value = node[field];
  return typeof value === 'string' ? value : '';
}

/** A run as sent: its text, and only the marks and link it has. */
function run(text: string, bold: boolean, italic: boolean, link: string): TextRun {
  return { text, ...(bold ? { bold } : {}), ...(italic ? { italic } : {}), ...(link ? { link } : {}) };
}

const sameMarks = (a: TextRun, b: TextRun) => Boolean(a.bold) === Boolean(b.bold) && Boolean(a.italic) === Boolean(b.italic) && (a.link ?? '') === (b.link ?? '');

/** The runs of inline nodes (within `link`, where they are a link's), adjacent runs of the same marks and link as one. */
function runsOf(nodes: readonly JsonObject[], link = ''): TextRun[] {
  const runs: TextRun[] = [];
  const add = (next: TextRun) => {
    const last = runs.at(-1);
    if (last && sameMarks(last, next)) last.text = `${last.text ?? ''}${next.text ?? ''}`;
    else if (next.text) runs.push(next);
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text': {
        const format = typeof node.format === 'number' ? node.format : 0;
        add(run(textOf(node, 'text'), (format & BOLD) !== 0, (format & ITALIC) !== 0, link));
        break;
      }
      case 'linebreak': {
        // With the marks of the run before it in the same link, so that it joins that run.
        const last = runs.at(-1);
        const marks = last && (last.link ?? '') === link ? last : undefined;
        add(run('\n', Boolean(marks?.bold), Boolean(marks?.italic), link));
        break;
      }
      case 'tab':
        add(run('\t', false, false, link));
        break;
      case 'link':
      case 'autolink':
        for (const inner of runsOf(childrenOf(node), textOf(node, 'url'))) add(inner);
        break;
      default:
        for (const inner of runsOf(childrenOf(node), link)) add(inner);
    }
  }
  return runs;
}

/** Runs with no text to read (nothing, or spaces alone). */
function isBlank(runs: readonly TextRun[]): boolean {
  return runs.every((textRun) => (textRun.text ?? '').trim() === '');
}

/** A list's items, those of the lists nested in it following the item they are under, each with text. */
function listItems(list: JsonObject): ListItem[] {
  return childrenOf(list).flatMap((item) => {
    const inline = childrenOf(item).filter((child) => child.type !== 'list');
    const nested = childrenOf(item).filter((child) => child.type === 'list');
    const text = runsOf(inline);
    return [...(isBlank(text) ? [] : [{ text }]), ...nested.flatMap(listItems)];
  });
}

/** One node at the root as blocks: none where it holds nothing to show. */
function blocksOfNode(node: JsonObject): PageBlock[] {
  switch (node.type) {
    case 'heading': {
      const text = runsOf(childrenOf(node));
      // The page's title is its one first-level heading: a pasted h1 is a level-2 heading, h4 to h6 level 3.
      const level = ['h1', 'h2'].includes(textOf(node, 'tag')) ? 2 : 3;
      return isBlank(text) ? [] : [{ type: 'heading', level, text }];
    }
    case 'paragraph': {
      const text = runsOf(childrenOf(node));
      return isBlank(text) ? [] : [{ type: 'paragraph', text }];
    }
    case 'list': {
      const items = listItems(node);
      return items.length === 0 ? [] : [{ type: 'list', ordered: node.listType === 'number', items }];
    }
    case 'quote':
    case PAGE_NODE_TYPES.quote: {
      const text = runsOf(childrenOf(node));
      const caption = textOf(node, 'caption').trim();
      if (isBlank(text) && caption === '') return [];
      return [{ type: 'quote', text, ...(caption ? { caption } : {}) }];
    }
    case PAGE_NODE_TYPES.image: {
      const caption = textOf(node, 'caption').trim();
      return [{ type: 'image', src: textOf(node, 'src').trim(), alt: textOf(node, 'alt').trim(), ...(caption ? { caption } : {}) }];
    }
    case PAGE_NODE_TYPES.button:
      return [{ type: 'button', label: textOf(node, 'label').trim(), href: textOf(node, 'href').trim() }];
    case PAGE_NODE_TYPES.divider:
    case 'horizontalrule':
      return [{ type: 'divider' }];
    default: {
      // Anything else holding text (none is registered today) keeps its text as a paragraph.
      const text = runsOf(childrenOf(node));
      return isBlank(text) ? [] : [{ type: 'paragraph', text }];
    }
  }
}

/**
 * The page's blocks from the editor's document (`editorState.toJSON()`), in its order:
 * what the page is saved as.
 */
export function blocksFromEditor(document: { readonly root: unknown }): PageBlock[] {
  return isObject(document.root) ? childrenOf(document.root).flatMap(blocksOfNode) : [];
}
