import { QuoteNode } from '@lexical/rich-text';
import { $create, $getState, $setState, NODE_STATE_DIRECT, type LexicalNode } from 'lexical';
import { PAGE_NODE_TYPES } from './block-conversion';
import { textState } from './page-node-state';

const captionState = textState('caption');

/**
 * A quote of the page's body (`quote` block): Lexical's quote, with who said it (its
 * caption), shown after it in the editor (`data-caption`, page-body-editor.module.css).
 * It replaces Lexical's quote wherever the editor makes one (the toolbar, a paste).
 */
export class PageQuoteNode extends QuoteNode {
  $config() {
    return this.config(PAGE_NODE_TYPES.quote, { extends: QuoteNode, stateConfigs: [{ stateConfig: captionState, flat: true }] });
  }

  createDOM(...args: Parameters<QuoteNode['createDOM']>): HTMLElement {
    const element = super.createDOM(...args);
    element.dataset.caption = $getState(this, captionState, NODE_STATE_DIRECT);
    return element;
  }

  updateDOM(previous: this, element: HTMLElement): boolean {
    const caption = $getState(this, captionState, NODE_STATE_DIRECT);
    if ($getState(previous, captionState, NODE_STATE_DIRECT) !== caption) element.dataset.caption = caption;
    return false;
  }

  getCaption(): string {
    return $getState(this, captionState);
  }

  setCaption(caption: string): this {
    return $setState(this, captionState, caption);
  }
}

export function $createPageQuoteNode(): PageQuoteNode {
  return $create(PageQuoteNode);
}

export function $isPageQuoteNode(node: LexicalNode | null | undefined): node is PageQuoteNode {
  return node instanceof PageQuoteNode;
}
