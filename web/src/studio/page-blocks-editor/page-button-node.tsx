import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $create, $getNodeByKey, $getState, $setState, DecoratorNode, NODE_STATE_DIRECT, type LexicalNode, type NodeKey } from 'lexical';
import type { JSX } from 'react';
import { useTranslate } from '@/state/i18n';
import { PAGE_NODE_TYPES } from './block-conversion';
import { EDIT_PAGE_NODE_COMMAND, textState } from './page-node-state';
import styles from './page-body-editor.module.css';

const labelState = textState('label');
const hrefState = textState('href');

/** A button link's fields. */
export type PageButton = { label: string; href: string };

/** A link that looks like a button (`button` block): its label and where it goes. */
export class PageButtonNode extends DecoratorNode<JSX.Element> {
  $config() {
    return this.config(PAGE_NODE_TYPES.button, {
      extends: DecoratorNode,
      stateConfigs: [
        { stateConfig: labelState, flat: true },
        { stateConfig: hrefState, flat: true },
      ],
    });
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
    return `${$getState(this, labelState)}\n`;
  }

  /** The button link's fields, as the latest version of the node has them. */
  getButton(): PageButton {
    return { label: $getState(this, labelState), href: $getState(this, hrefState) };
  }

  setButton({ label, href }: PageButton): this {
    return $setState($setState(this, labelState, label), hrefState, href);
  }

  decorate(): JSX.Element {
    return <PageButtonView nodeKey={this.getKey()} label={$getState(this, labelState, NODE_STATE_DIRECT)} href={$getState(this, hrefState, NODE_STATE_DIRECT)} />;
  }
}

export function $createPageButtonNode(button: PageButton): PageButtonNode {
  return $create(PageButtonNode).setButton(button);
}

export function $isPageButtonNode(node: LexicalNode | null | undefined): node is PageButtonNode {
  return node instanceof PageButtonNode;
}

/**
 * The button link as a button-like label with where it goes (never a live link in the
 * editor: a click there would leave the page being edited), and, while the body is
 * editable, buttons to change it or remove it.
 */
function PageButtonView({ nodeKey, label, href }: PageButton & { nodeKey: NodeKey }) {
  const t = useTranslate();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  return (
    <div className={styles.buttonLink}>
      <p>
        <span className={styles.buttonLabel}>{label}</span> <span className={styles.buttonHref}>{t('studio.editor.button.goesTo', { href })}</span>
      </p>
      {editable ? (
        <div className={styles.nodeActions}>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('studio.editor.button.edit', { label })}
            onClick={() => editor.dispatchCommand(EDIT_PAGE_NODE_COMMAND, { kind: 'button', key: nodeKey })}
          >
            {t('studio.editor.node.change')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('studio.editor.button.remove', { label })}
            onClick={() => editor.update(() => $getNodeByKey(nodeKey)?.remove())}
          >
            {t('studio.editor.node.remove')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
