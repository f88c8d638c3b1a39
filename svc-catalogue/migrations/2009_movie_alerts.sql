-- The catalogue's events for members' alerts (docs/architecture.md#catalogue-events): a movie going
-- on sale at a theater, and its last chance there. Each pair of movie and theater is
-- told of once per kind, whatever writes its showtimes again later.
CREATE TABLE catalogue_movie_alerts (
    site_id TEXT NOT NULL REFERENCES catalogue_sites (id) ON DELETE CASCADE,
    movie_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    -- 'on-sale' or 'last-chance'.
    kind TEXT NOT NULL,
    told_at BIGINT NOT NULL,
    PRIMARY KEY (site_id, movie_id, theater_id, kind)
);

-- A pair scheduled before this release went on sale before it too: telling of it now
-- would be news to nobody, so the upgrade counts it as told.
INSERT INTO catalogue_movie_alerts (site_id, movie_id, theater_id, kind, told_at)
SELECT DISTINCT site_id, movie_id, theater_id, 'on-sale', 0 FROM catalogue_showtimes;

-- The events waiting for NATS (platform::outbox): written in the commit's transaction,
-- marked published once JetStream acknowledged them.
CREATE TABLE catalogue_outbox (
    event_id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    published_at BIGINT
);
CREATE INDEX catalogue_outbox_pending ON catalogue_outbox (published_at, created_at);

-- A site's showtimes from a day on, the question each commit asks of the alerts.
CREATE INDEX catalogue_showtimes_by_site_day ON catalogue_showtimes (site_id, local_date);
