-- The catalogue: every site's settings, theaters, movies, showtimes, events and pages, as
-- a chain's point of sale (or an imported bundle) wrote them (DESIGN.md section 11).
-- Portable between SQLite and PostgreSQL: text and BIGINT columns only. Each record is a
-- JSON document (`doc`) with the columns that keys, queries and live updates need beside
-- it. Every row belongs to a site. This service's versions start at 2001: the database
-- may be svc-loyalty's and svc-consent's too.

CREATE TABLE catalogue_sites (
    id TEXT PRIMARY KEY,
    -- site.json and the locale messages (locale -> key -> text), as JSON documents.
    settings TEXT NOT NULL,
    messages TEXT NOT NULL,
    -- Counts the committed changes, so a replica never swaps a newer state for an older.
    version BIGINT NOT NULL,
    -- Names the state; random, so a rebuilt database never reuses a published one's name.
    revision TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Theaters, movies, events and pages keep the order they were first written in.
CREATE TABLE catalogue_theaters (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    position BIGINT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (site_id, id)
);

CREATE TABLE catalogue_movies (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    position BIGINT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (site_id, id)
);

CREATE TABLE catalogue_events (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    position BIGINT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (site_id, id)
);

CREATE TABLE catalogue_pages (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    position BIGINT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (site_id, slug)
);

-- A showtime is the point of sale's performance (perf_code) at a theater. Its seats and
-- availability are columns of their own: they change all evening, the rest rarely.
CREATE TABLE catalogue_showtimes (
    site_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    perf_code TEXT NOT NULL,
    movie_id TEXT NOT NULL,
    -- The day at the theater (YYYY-MM-DD): a schedule call replaces whole days.
    local_date TEXT NOT NULL,
    doc TEXT NOT NULL,
    seats_available BIGINT,
    seats_total BIGINT,
    availability TEXT,
    PRIMARY KEY (site_id, theater_id, perf_code),
    FOREIGN KEY (site_id, theater_id) REFERENCES catalogue_theaters (site_id, id) ON DELETE CASCADE
);
CREATE INDEX catalogue_showtimes_day ON catalogue_showtimes (site_id, theater_id, local_date);

-- Keys of the ingest API: each writes one site. Only the SHA-256 of a key is kept.
CREATE TABLE catalogue_ingest_keys (
    id TEXT PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    site_id TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX catalogue_ingest_keys_site ON catalogue_ingest_keys (site_id);
