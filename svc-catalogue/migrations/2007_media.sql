-- A site's media library (DESIGN.md section 13, docs/studio.md#media): images staff
-- uploaded, each kept at several widths as JPEG and WebP and served from the site's host.
-- The files are base64 text, as the poster images are (the store's columns are text and
-- BIGINT on both databases).
CREATE TABLE catalogue_media (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    alt TEXT NOT NULL,
    file_name TEXT NOT NULL,
    -- The largest file's size.
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    uploaded_by TEXT NOT NULL,
    PRIMARY KEY (site_id, id)
);

CREATE TABLE catalogue_media_files (
    site_id TEXT NOT NULL,
    media_id TEXT NOT NULL,
    path TEXT NOT NULL,
    width BIGINT NOT NULL,
    content_type TEXT NOT NULL,
    -- Hex SHA-256 of the bytes: the publisher keeps a file whose bytes it has.
    digest TEXT NOT NULL,
    bytes BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (site_id, path),
    FOREIGN KEY (site_id, media_id) REFERENCES catalogue_media (site_id, id) ON DELETE CASCADE
);
