// What the page editor holds its body to, whatever put it there (the toolbar, a shortcut,
// a paste): the marks and links the page's blocks keep (docs/studio.md#page-blocks), and,
// in a body read rather than edited, links that stay where they are.
import { LinkNode } from '@lexical/link';
import { $unwrapNode, mergeRegister } from '@lexical/utils';
import { $hasUpdateTag, COMMAND_PRIORITY_HIGH, FORMAT_TEXT_COMMAND, HISTORY_MERGE_TAG, type LexicalEditor } from 'lexical';
import { blockLink } from '@/rules/block-links';

/** Whether an address may be a link of the body (rules/block-links.ts), for the links Lexical makes itself (a pasted address). */
export const isBodyLink = (address: string) => blockLink(address).kind !== 'none';

/**
 * A link whose address the site would not take, as a paste or a drop brings one in
 * (Lexical imports `<a href>` from HTML without asking `validateUrl`): its text stays, the
 * link goes. The body as it opens (set with HISTORY_MERGE_TAG, as InitialStateExtension
 * sets it: no change of anyone's) is left as it is, so that a link the page was saved with
 * is not dropped unseen: the save refuses it, naming its block (page-rules.ts).
 */
function $unwrapRefusedLink(link: LinkNode) {
  if ($hasUpdateTag(HISTORY_MERGE_TAG)) return;
  if (!isBodyLink(link.getURL())) $unwrapNode(link);
}

/**
 * In a body that is read, not edited, a click on a link (or Enter on it, or a middle
 * click) goes nowhere: its address is the site's, which in the studio's tab would leave
 * the page for a path of the studio's host.
 */
function stayOnLinkClick(editor: LexicalEditor) {
  return (event: MouseEvent) => {
    if (!editor.isEditable() && event.target instanceof Element && event.target.closest('a')) event.preventDefault();
  };
}

/** Registers the body's rules on `editor` (the page editor's extension does, page-body-editor.tsx); returns their removal. */
export function registerPageBodyRules(editor: LexicalEditor): () => void {
  const stay = stayOnLinkClick(editor);
  return mergeRegister(
    // Marks the blocks do not keep (underline, strikethrough, code...: Ctrl+U too) are
    // never applied, rather than shown and lost at the save.
    editor.registerCommand(FORMAT_TEXT_COMMAND, (format) => format !== 'bold' && format !== 'italic', COMMAND_PRIORITY_HIGH),
    editor.registerNodeTransform(LinkNode, $unwrapRefusedLink),
    editor.registerRootListener((root, previous) => {
      previous?.removeEventListener('click', stay);
      previous?.removeEventListener('auxclick', stay);
      root?.addEventListener('click', stay);
      root?.addEventListener('auxclick', stay);
    }),
  );
}
