-- How many times an operator asked for the site to be published again in full
-- (docs/studio.md#publishing-of-the-deployment): a publisher renders every page when it
-- moves.
ALTER TABLE catalogue_sites ADD COLUMN republished BIGINT NOT NULL DEFAULT 0;

-- A theater's point of sale as the studio shows it (docs/studio.md#point-of-sale): the
-- connector's last poll, each change its schedule or seats brought (kept an hour), and
-- the token a theater's staff uploaded (never read back through any API).
CREATE TABLE catalogue_pos_polls (
    site_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    last_success_at BIGINT,
    last_error TEXT NOT NULL DEFAULT '',
    last_error_at BIGINT,
    PRIMARY KEY (site_id, theater_id),
    FOREIGN KEY (site_id, theater_id) REFERENCES catalogue_theaters (site_id, id) ON DELETE CASCADE
);

CREATE TABLE catalogue_pos_changes (
    site_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    changed_at BIGINT NOT NULL,
    showtimes BIGINT NOT NULL,
    seats BIGINT NOT NULL,
    FOREIGN KEY (site_id, theater_id) REFERENCES catalogue_theaters (site_id, id) ON DELETE CASCADE
);
CREATE INDEX catalogue_pos_changes_by_theater ON catalogue_pos_changes (site_id, theater_id, changed_at);

CREATE TABLE catalogue_pos_tokens (
    site_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    token TEXT NOT NULL,
    set_at BIGINT NOT NULL,
    set_by TEXT NOT NULL,
    PRIMARY KEY (site_id, theater_id),
    FOREIGN KEY (site_id, theater_id) REFERENCES catalogue_theaters (site_id, id) ON DELETE CASCADE
);
