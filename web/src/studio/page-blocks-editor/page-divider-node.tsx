import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $create, $getNodeByKey, DecoratorNode, type LexicalNode, type NodeKey } from 'lexical';
import type { JSX } from 'react';
import { useTranslate } from '@/state/i18n';
import { PAGE_NODE_TYPES } from './block-conversion';
import styles from './page-body-editor.module.css';

/** A divider between parts of the page (`divider` block): a horizontal rule. */
export class PageDividerNode extends DecoratorNode<JSX.Element> {
  $config() {
    return this.config(PAGE_NODE_TYPES.divider, { extends: DecoratorNode });
  }

  createDOM(): HTMLElement {
    const element = document.createElement('div');
    element.className = styles.block ?? '';
    return element;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  getTextContent(): string {
    return '\n';
  }

  decorate(): JSX.Element {
    return <PageDividerView nodeKey={this.getKey()} />;
  }
}

export function $createPageDividerNode(): PageDividerNode {
  return $create(PageDividerNode);
}

export function $isPageDividerNode(node: LexicalNode | null | undefined): node is PageDividerNode {
  return node instanceof PageDividerNode;
}

/** The rule, and, while the body is editable, a button to remove it. */
function PageDividerView({ nodeKey }: { nodeKey: NodeKey }) {
  const t = useTranslate();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  return (
    <div className={styles.divider}>
      <hr />
      {editable ? (
        <div className={styles.nodeActions}>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('studio.editor.divider.remove')}
            onClick={() => editor.update(() => $getNodeByKey(nodeKey)?.remove())}
          >
            {t('studio.editor.node.remove')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
