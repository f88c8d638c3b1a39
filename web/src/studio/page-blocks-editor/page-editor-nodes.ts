import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import type { Klass, LexicalNode, LexicalNodeReplacement } from 'lexical';
import { PageButtonNode } from './page-button-node';
import { PageDividerNode } from './page-divider-node';
import { PageImageNode } from './page-image-node';
import { $createPageQuoteNode, PageQuoteNode } from './page-quote-node';

/**
 * Lexical's nodes for the blocks a page holds, and the page editor's own (an image, a button
 * link, a divider); a quote is always the page's (with who said it), wherever one is made.
 */
export const PAGE_EDITOR_NODES: readonly (Klass<LexicalNode> | LexicalNodeReplacement)[] = [
  HeadingNode,
  QuoteNode,
  PageQuoteNode,
  { replace: QuoteNode, with: () => $createPageQuoteNode(), withKlass: PageQuoteNode },
  ListNode,
  ListItemNode,
  LinkNode,
  PageImageNode,
  PageButtonNode,
  PageDividerNode,
];
