// The pages screen's rules (DESIGN.md section 13, "Content"): a page's form fields and the
// record PUT sends, the checks made before anything is sent (a slug, a link or an image
// address the site would refuse), and how a refusal is said: on the form's field it names,
// or, inside the body (`blocks[3].text[0].link`), by the block, in words.
import { blockImageSource, blockLink } from '@/rules/block-links';
import type { Translate } from '@/rules/format-message';
import type { PageBlock, TextRun } from '@/types/api';
import { DRAFT_PAGE_STATES, type PageRecord } from './api';
import { localInputValue, publishInstant } from './publishing-rules';

/** The form's fields beside the body: the record's, the time to leave the site as a datetime-local input's value. */
export type PageFields = {
  title: string;
  slug: string;
  seoDescription: string;
  seoImage: string;
  unpublishAt: string;
};

/** A field of the form, by the name the API's refusals give it. */
export type PageFieldName = keyof PageFields;

const PAGE_FIELD_NAMES: readonly PageFieldName[] = ['title', 'slug', 'seoDescription', 'seoImage', 'unpublishAt'];

/** About as much of a description as search engines show. */
export const SEO_DESCRIPTION_SHOWN = 160;

/** The longest description the platform keeps (svc-catalogue's checks). */
export const SEO_DESCRIPTION_MAX = 500;

/** The form's fields as `page` fills them (a new page: all empty). */
export function pageFields(page: PageRecord | undefined): PageFields {
  const leaves = page?.unpublishAt ? new Date(page.unpublishAt) : undefined;
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    seoDescription: page?.seoDescription ?? '',
    seoImage: page?.seoImage ?? '',
    unpublishAt: leaves && !Number.isNaN(leaves.getTime()) ? localInputValue(leaves) : '',
  };
}

/**
 * The record PUT sends: the page whole, as the form and the body have it, its fields left
 * out where they are empty (the API's default). The body is its blocks alone: a page that
 * had legacy sections is sent with none (`sections: []`), since the editor opened them as
 * blocks. The id and template the page had are kept.
 */
export function pageRecord(fields: PageFields, blocks: PageBlock[], page: PageRecord | undefined): PageRecord & { slug: string } {
  const unpublishAt = fields.unpublishAt === '' ? undefined : publishInstant(fields.unpublishAt);
  return {
    ...(page?.id ? { id: page.id } : {}),
    slug: fields.slug.trim(),
    title: fields.title.trim(),
    ...(page?.templateName ? { templateName: page.templateName } : {}),
    sections: [],
    blocks,
    ...(fields.seoDescription.trim() ? { seoDescription: fields.seoDescription.trim() } : {}),
    ...(fields.seoImage.trim() ? { seoImage: fields.seoImage.trim() } : {}),
    ...(unpublishAt ? { unpublishAt } : {}),
  };
}

/** The form's field a refusal names (`slug`, `title`...), or undefined: a field of the body, or of none. */
export function pageFieldAtFault(field: string | undefined): PageFieldName | undefined {
  return PAGE_FIELD_NAMES.find((name) => name === field);
}

const SLUG = /^[a-z0-9-]+$/;

/** What is wrong with a slug typed for a new page (lower-case letters, digits and '-'), if anything. */
export function slugProblem(slug: string): 'missing' | 'invalid' | undefined {
  const value = slug.trim();
  if (value === '') return 'missing';
  return SLUG.test(value) ? undefined : 'invalid';
}

/** What is wrong with a link typed for the body's text or a button (rules/block-links.ts), if anything. */
export function linkProblem(address: string): 'missing' | 'unsafe' | undefined {
  if (address.trim() === '') return 'missing';
  return blockLink(address.trim()).kind === 'none' ? 'unsafe' : undefined;
}

/** What is wrong with an image's address (a path on the site or an https address), if anything. */
export function imageSourceProblem(src: string): 'missing' | 'unsafe' | undefined {
  if (src.trim() === '') return 'missing';
  return blockImageSource(src.trim()) === undefined ? 'unsafe' : undefined;
}

/** What is wrong with the SEO image's address (empty: the site's own card), if anything. */
export function seoImageProblem(src: string): 'unsafe' | undefined {
  return src.trim() === '' || imageSourceProblem(src) === undefined ? undefined : 'unsafe';
}

/** A block the site would refuse, named as the server names it (`blocks[3].text[0].link`), and why. */
export type BlockProblem = { field: string; problem: 'link' | 'imageSource' | 'alt' | 'label' };

/** The first link of `runs` the site would refuse, as `text[i].link`. */
function runsProblem(runs: readonly TextRun[] | undefined, at: string): BlockProblem | undefined {
  const index = (runs ?? []).findIndex((run) => Boolean(run.link) && linkProblem(run.link ?? '') !== undefined);
  return index < 0 ? undefined : { field: `${at}.text[${String(index)}].link`, problem: 'link' };
}

/**
 * The first of the blocks the site would refuse, before anything is sent: a link it does
 * not take (`javascript:`, `//host`...), an image without its address or alt text, a button
 * without its label or with such a link. Undefined when the server is left to judge.
 */
export function blocksProblem(blocks: readonly PageBlock[]): BlockProblem | undefined {
  for (const [index, block] of blocks.entries()) {
    const at = `blocks[${String(index)}]`;
    let problem: BlockProblem | undefined;
    if (block.type === 'image') {
      if (imageSourceProblem(block.src ?? '')) problem = { field: `${at}.src`, problem: 'imageSource' };
      else if ((block.alt ?? '').trim() === '') problem = { field: `${at}.alt`, problem: 'alt' };
    } else if (block.type === 'button') {
      if ((block.label ?? '').trim() === '') problem = { field: `${at}.label`, problem: 'label' };
      else if (linkProblem(block.href ?? '')) problem = { field: `${at}.href`, problem: 'link' };
    } else if (block.type === 'list') {
      for (const [item, { text }] of (block.items ?? []).entries()) {
        problem ??= runsProblem(text, `${at}.items[${String(item)}]`);
      }
    } else {
      problem = runsProblem(block.text, at);
    }
    if (problem) return problem;
  }
  return undefined;
}

const BLOCK_FIELD = /^blocks(?:\[(\d+)\](?:\.(.*))?)?$/;

/** The block a refusal names (`blocks[3].text[0].link`: the 4th, `text[0].link` of it), or undefined for a field outside the body. */
export function blockAtFault(field: string | undefined): { index: number | undefined; part: string } | undefined {
  const match = field === undefined ? null : BLOCK_FIELD.exec(field);
  if (!match) return undefined;
  return { index: match[1] === undefined ? undefined : Number(match[1]), part: match[2] ?? '' };
}

/** The kinds of block the studio names in words. */
const BLOCK_KINDS = ['heading', 'paragraph', 'list', 'image', 'quote', 'button', 'divider'] as const;

/** The words a block's text begins with, at most `length` characters. */
function excerpt(block: PageBlock, length = 40): string {
  const runs = block.type === 'list' ? (block.items?.[0]?.text ?? []) : (block.text ?? []);
  const text = (runs.map((run) => run.text ?? '').join('') || block.label || block.alt || '').replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  // Cut between words where there is a space to cut at.
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  const words = text[length] === ' ' || lastSpace <= 0 ? cut : cut.slice(0, lastSpace);
  return `${words.replace(/[\s,;:]+$/, '')}…`;
}

/** "block 4 (paragraph “Read our rules…”)": a block of `blocks` as a staff member finds it in the editor. */
export function blockName(t: Translate, blocks: readonly PageBlock[], index: number): string {
  const block = blocks[index];
  const number = index + 1;
  if (!block) return t('studio.page.block.bare', { number });
  const kind = (BLOCK_KINDS as readonly string[]).includes(block.type ?? '') ? t(`studio.page.block.kind.${block.type ?? ''}`) : (block.type ?? '');
  const words = excerpt(block);
  return words ? t('studio.page.block.named', { number, kind, excerpt: words }) : t('studio.page.block.unnamed', { number, kind });
}

/** What of a block a refusal's part names (`text[0].link`: its link), in words. */
function partName(t: Translate, part: string): string {
  const last = /([a-zA-Z]+)(?:\[\d+\])?$/.exec(part)?.[1] ?? '';
  const item = /^items\[(\d+)\]/.exec(part)?.[1];
  const known = ['link', 'href', 'alt', 'src', 'type', 'level', 'label', 'caption', 'text', 'items'].includes(last) ? last : '';
  const what = known ? t(`studio.page.block.part.${known === 'href' ? 'link' : known}`) : '';
  if (item !== undefined && what) return t('studio.page.block.part.ofItem', { what, number: Number(item) + 1 });
  return what;
}

/**
 * A refusal of the body (`field` inside `blocks`) as a staff member reads it: which block
 * (of those sent), what of it, and why. `message` is the server's, or the studio's own
 * for what it found before sending.
 */
export function blockFaultText(t: Translate, field: string, blocks: readonly PageBlock[], message: string): string {
  const fault = blockAtFault(field);
  if (fault?.index === undefined) return t('studio.page.body.fault', { message });
  const block = blockName(t, blocks, fault.index);
  const part = partName(t, fault.part);
  return part ? t('studio.page.body.blockPartFault', { block, part, message }) : t('studio.page.body.blockFault', { block, message });
}

/** "Published", "Added in the draft"...: where a page stands; one a later version adds, as named. */
export function draftPageStateName(t: Translate, state: string): string {
  return (DRAFT_PAGE_STATES as readonly string[]).includes(state) ? t(`studio.pages.state.${state}`) : state;
}

/** A page's address on the site: `/{slug}/`. */
export function pageAddress(slug: string): string {
  return `/${slug}/`;
}
