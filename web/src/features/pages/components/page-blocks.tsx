import { Fragment, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { blockImageSource, blockLink } from '@/rules/block-links';
import type { MediaImage, PageBlock, TextRun } from '@/types/api';
import styles from './page-blocks.module.css';

/**
 * A page's body (docs/studio.md#page-blocks): each block rendered by the site's own
 * elements, on the server as in the browser; never HTML that someone wrote. A block of a
 * kind the site does not know shows nothing. An image of the site's media library
 * (`media`, the page's own) offers the browser its widths, in WebP and JPEG.
 */
export function PageBlocks({ blocks, media = [] }: { blocks: readonly PageBlock[]; media?: readonly MediaImage[] }) {
  if (blocks.length === 0) return null;
  return (
    <div className={styles.blocks}>
      {blocks.map((block, index) => (
        // The blocks are the page's as published: they are never reordered on the page.
        <Block key={index} block={block} media={media} />
      ))}
    </div>
  );
}

/** The width an image of the page's body takes: the column's (46rem) or the screen's. */
const IMAGE_SIZES = '(min-width: 48rem) 46rem, 100vw';

function Block({ block, media }: { block: PageBlock; media: readonly MediaImage[] }) {
  switch (block.type) {
    case 'heading':
      // The page's title is the level-1 heading.
      return block.level === 3 ? (
        <h3 className={styles.subheading}>
          <Runs runs={block.text} />
        </h3>
      ) : (
        <h2 className={styles.heading}>
          <Runs runs={block.text} />
        </h2>
      );
    case 'paragraph':
      return (
        <p>
          <Runs runs={block.text} />
        </p>
      );
    case 'list': {
      const items = (block.items ?? []).map((item, index) => (
        <li key={index}>
          <Runs runs={item.text} />
        </li>
      ));
      return block.ordered ? <ol className={styles.list}>{items}</ol> : <ul className={styles.list}>{items}</ul>;
    }
    case 'image': {
      const src = blockImageSource(block.src);
      if (!src) return null;
      const library = media.find((image) => image.src === block.src);
      return (
        <figure className={styles.figure}>
          {library ? (
            <picture>
              <source type="image/webp" srcSet={library.webpSrcset} sizes={IMAGE_SIZES} />
              <img
                className={styles.image}
                src={src}
                srcSet={library.jpegSrcset}
                sizes={IMAGE_SIZES}
                width={library.width}
                height={library.height}
                alt={block.alt ?? ''}
                loading="lazy"
                decoding="async"
              />
            </picture>
          ) : (
            <img className={styles.image} src={src} alt={block.alt ?? ''} loading="lazy" decoding="async" />
          )}
          {block.caption ? <figcaption className={styles.caption}>{block.caption}</figcaption> : null}
        </figure>
      );
    }
    case 'quote':
      return (
        <figure className={styles.quote}>
          <blockquote className={styles.quoteText}>
            <p>
              <Runs runs={block.text} />
            </p>
          </blockquote>
          {block.caption ? <figcaption className={styles.caption}>{block.caption}</figcaption> : null}
        </figure>
      );
    case 'button':
      if (!block.label) return null;
      return (
        <p>
          <BlockAnchor address={block.href} className="button">
            {block.label}
          </BlockAnchor>
        </p>
      );
    case 'divider':
      return <hr className={styles.divider} />;
    default:
      return null;
  }
}

/** Runs that follow each other under one address: one link, as the studio's editor wrote them. */
type LinkedRuns = { address: string; runs: TextRun[]; first: number };

/**
 * Runs with their marks, adjacent ones linking to the same address as one link around
 * them all ("mail " and a bold "us", both to `mailto:`): one anchor, one notice of a new
 * window, as the editor held them.
 */
function Runs({ runs }: { runs: readonly TextRun[] | undefined }) {
  const groups: LinkedRuns[] = [];
  (runs ?? []).forEach((run, index) => {
    if (!run.text) return;
    const address = run.link ?? '';
    const last = groups.at(-1);
    if (address !== '' && last?.address === address) last.runs.push(run);
    else groups.push({ address, runs: [run], first: index });
  });
  // Keyed by the index of each one's first run: the runs are the page's as published, never reordered.
  return groups.map((group) => (
    <BlockAnchor key={group.first} address={group.address}>
      {group.runs.map((run, index) => (
        <Run key={index} run={run} />
      ))}
    </BlockAnchor>
  ));
}

/** A run's text with its marks; a line break in it (Shift+Enter in the studio's editor) as one on the page. */
function Run({ run }: { run: TextRun }) {
  const text = run.text ?? '';
  let content: ReactNode = text.includes('\n')
    ? text.split('\n').map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))
    : text;
  if (run.italic) content = <em>{content}</em>;
  if (run.bold) content = <strong>{content}</strong>;
  return content;
}

/** `children` as a link to `address` by rules/block-links.ts, or alone when it may not be one. */
function BlockAnchor({ address, className, children }: { address: string | undefined; className?: string; children: ReactNode }) {
  const link = blockLink(address);
  switch (link.kind) {
    // The site's Link applies the link rules of docs/pages-and-links.md#link-rules to its
    // own paths and to other sites alike (a new window, said so; outbound clicks counted).
    case 'site':
    case 'external':
      return (
        <Link to={link.kind === 'site' ? link.path : link.href} className={className}>
          {children}
        </Link>
      );
    case 'contact':
      return (
        <a className={className} href={link.href}>
          {children}
        </a>
      );
    case 'none':
      return children;
  }
}
