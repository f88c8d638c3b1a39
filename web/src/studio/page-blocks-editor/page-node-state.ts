// What the page editor's own nodes hold (an image's address, a button's label...), as
// Lexical's node state: kept with the node, and written flat into the document's JSON
// (`{"type": "page-image", "src": "...", "alt": "..."}`), the shape block-conversion.ts reads.
import { createContext } from 'react';
import { createCommand, createState, type LexicalCommand, type NodeKey } from 'lexical';

/** A text field of a node: '' where the JSON has none, or has something else. */
export function textState<Key extends string>(key: Key) {
  return createState(key, { parse: (value: unknown) => (typeof value === 'string' ? value : '') });
}

/** A node of the page editor whose fields are edited in a form beside the text (an image, a button link). */
export type EditableNodeKind = 'image' | 'button';

/** Asks the editor's toolbar to open the form of the node with this key (an image's, a button link's). */
export const EDIT_PAGE_NODE_COMMAND: LexicalCommand<{ kind: EditableNodeKind; key: NodeKey }> = createCommand('EDIT_PAGE_NODE_COMMAND');

/**
 * The site's public address (`https://marquee.example`): where a path on the site, such as
 * an image's `/media/lobby.jpg`, is shown from in the editor (the studio has a host of its own).
 */
export const SiteAddressContext = createContext<string>('');
