-- Many sites on one deployment (DESIGN.md section 12): the gateway picks a site by the
-- request's Host. A host name belongs to one site. A site's public URL (its canonical
-- links, Open Graph, JSON-LD and sitemap) is its own; '' is the deployment's PUBLIC_URL.
ALTER TABLE catalogue_sites ADD COLUMN public_url TEXT NOT NULL DEFAULT '';
CREATE TABLE catalogue_site_hosts (
    host TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE
);
CREATE INDEX catalogue_site_hosts_site ON catalogue_site_hosts (site_id);
