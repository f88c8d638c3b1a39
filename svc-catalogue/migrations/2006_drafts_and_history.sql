-- The studio's drafts, scheduled publishing and history (DESIGN.md section 13). A site's
-- editable records (its document, site.json; its pages; its events) change through its
-- draft: one per site, shared by its staff, a row per record changed. Published, the
-- draft is one commit; every commit that changed editable records is kept in the history
-- with who made it, so that an earlier revision can be restored.

CREATE TABLE catalogue_drafts (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    -- 'site' (id ''), 'page' (id: its slug) or 'event'.
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    -- The record as it will be published; NULL: it is removed.
    doc TEXT,
    -- The record as published when the draft first changed it (NULL: there was none):
    -- publishing over a record changed since is refused unless it says to overwrite.
    base TEXT,
    author TEXT NOT NULL,
    changed_at BIGINT NOT NULL,
    PRIMARY KEY (site_id, kind, id)
);

-- A draft's publishing at a time; run at once when found in the past at a start.
CREATE TABLE catalogue_draft_schedules (
    site_id TEXT PRIMARY KEY REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    publish_at BIGINT NOT NULL,
    author TEXT NOT NULL,
    overwrite BIGINT NOT NULL,
    -- Why it did not publish at its time (a record changed since); '' until then.
    failure TEXT NOT NULL DEFAULT ''
);

-- Each revision that changed editable records: when, who (a staff member, an ingest
-- key's label, an import), a summary, and the editable records after it (JSON:
-- {"site", "pages", "events"}), which a restore commits again.
CREATE TABLE catalogue_history (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    revision TEXT NOT NULL,
    committed_at BIGINT NOT NULL,
    author TEXT NOT NULL,
    summary TEXT NOT NULL,
    records TEXT NOT NULL,
    PRIMARY KEY (site_id, version)
);
CREATE INDEX catalogue_history_revision ON catalogue_history (site_id, revision);
