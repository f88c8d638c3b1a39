-- The point of sale's poster images (DESIGN.md section 11): a movie that names one
-- (`posterImageUrl`) has it fetched once and served from the site. The image is kept as
-- base64 text (the store's columns are text and BIGINT on both databases), with the
-- address it came from: a movie that names another address has it fetched again.
CREATE TABLE catalogue_poster_images (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    movie_id TEXT NOT NULL,
    source_url TEXT NOT NULL,
    content_type TEXT NOT NULL,
    -- Hex SHA-256 of the image: its served name changes with its bytes.
    digest TEXT NOT NULL,
    body TEXT NOT NULL,
    fetched_at BIGINT NOT NULL,
    PRIMARY KEY (site_id, movie_id)
);
