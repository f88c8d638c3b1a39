import { jsonLdDocument, type JsonLdNode } from '@/lib/structured-data';

/** schema.org data of the page, for search engines; a data block, so not subject to script-src. */
export function JsonLd({ nodes }: { nodes: readonly JsonLdNode[] }) {
  if (nodes.length === 0) return null;
  return (
    <script type="application/ld+json" data-testid="json-ld" dangerouslySetInnerHTML={{ __html: jsonLdDocument(nodes) }} />
  );
}
