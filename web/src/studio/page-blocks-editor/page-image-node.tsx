import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $create, $getNodeByKey, $getState, $setState, DecoratorNode, NODE_STATE_DIRECT, type LexicalNode, type NodeKey } from 'lexical';
import { useContext, useState, type JSX } from 'react';
import { blockImageSource } from '@/rules/block-links';
import { useTranslate } from '@/state/i18n';
import { PAGE_NODE_TYPES } from './block-conversion';
import { EDIT_PAGE_NODE_COMMAND, SiteAddressContext, textState } from './page-node-state';
import styles from './page-body-editor.module.css';

const srcState = textState('src');
const altState = textState('alt');
const captionState = textState('caption');

/** An image block's fields. */
export type PageImage = { src: string; alt: string; caption: string };

/** An image of the page's body (`image` block): its address, its alt text and its caption, shown as the site shows them. */
export class PageImageNode extends DecoratorNode<JSX.Element> {
  $config() {
    return this.config(PAGE_NODE_TYPES.image, {
      extends: DecoratorNode,
      stateConfigs: [
        { stateConfig: srcState, flat: true },
        { stateConfig: altState, flat: true },
        { stateConfig: captionState, flat: true },
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
    return `${$getState(this, captionState)}\n`;
  }

  /** The image's fields, as the latest version of the node has them. */
  getImage(): PageImage {
    return { src: $getState(this, srcState), alt: $getState(this, altState), caption: $getState(this, captionState) };
  }

  setImage({ src, alt, caption }: PageImage): this {
    return $setState($setState($setState(this, srcState, src), altState, alt), captionState, caption);
  }

  decorate(): JSX.Element {
    return (
      <PageImageView
        nodeKey={this.getKey()}
        src={$getState(this, srcState, NODE_STATE_DIRECT)}
        alt={$getState(this, altState, NODE_STATE_DIRECT)}
        caption={$getState(this, captionState, NODE_STATE_DIRECT)}
      />
    );
  }
}

export function $createPageImageNode(image: PageImage): PageImageNode {
  return $create(PageImageNode).setImage(image);
}

export function $isPageImageNode(node: LexicalNode | null | undefined): node is PageImageNode {
  return node instanceof PageImageNode;
}

/** Where the studio loads an image from: a path on the site from the site's own host (the studio has one of its own). */
function shownAddress(source: string | undefined, siteAddress: string): string | undefined {
  if (!source || !siteAddress) return source;
  try {
    return new URL(source, siteAddress).href;
  } catch {
    return undefined;
  }
}

/**
 * The image as the site shows it, from the site's own host (a path on the site) or its https
 * address, with its caption; where the studio cannot show it, its alt text in its place.
 * While the body is editable, buttons to change it (EDIT_PAGE_NODE_COMMAND opens its form)
 * or remove it.
 */
function PageImageView({ nodeKey, src, alt, caption }: PageImage & { nodeKey: NodeKey }) {
  const t = useTranslate();
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const siteAddress = useContext(SiteAddressContext);
  const [failed, setFailed] = useState(false);
  const shown = shownAddress(blockImageSource(src), siteAddress);
  return (
    <figure className={styles.figure}>
      {shown && !failed ? (
        <img src={shown} alt={alt} className={styles.image} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <p className={styles.missingImage}>{t('studio.editor.image.notShown', { alt, src })}</p>
      )}
      {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
      {editable ? (
        <div className={styles.nodeActions}>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('studio.editor.image.edit', { alt })}
            onClick={() => editor.dispatchCommand(EDIT_PAGE_NODE_COMMAND, { kind: 'image', key: nodeKey })}
          >
            {t('studio.editor.node.change')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('studio.editor.image.remove', { alt })}
            onClick={() => editor.update(() => $getNodeByKey(nodeKey)?.remove())}
          >
            {t('studio.editor.node.remove')}
          </button>
        </div>
      ) : null}
    </figure>
  );
}
