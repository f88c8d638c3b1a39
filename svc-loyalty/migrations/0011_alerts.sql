-- Members' alerts of their watchlist's films going on sale and leaving their theaters
-- (docs/loyalty.md#alerts), driven by the catalogue's events.

-- What a member wants told, and how; no row: nothing (alerts are off until chosen).
CREATE TABLE alert_preferences (
    member_id TEXT PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    on_sale BIGINT NOT NULL,
    last_chance BIGINT NOT NULL,
    by_email BIGINT NOT NULL,
    by_push BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- A browser's Web Push subscription (RFC 8030; its keys for RFC 8291's encryption).
CREATE TABLE push_subscriptions (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_by_member ON push_subscriptions (member_id);

-- Who has a film on their watchlist, the question each alert asks.
CREATE INDEX favorite_films_by_film ON favorite_films (film_id, member_id);

-- The catalogue's events as received, kept until their batch is told.
CREATE TABLE alert_events (
    event_id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL,
    batch_id TEXT NOT NULL,
    batch_size BIGINT NOT NULL,
    kind TEXT NOT NULL,
    movie_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    told_at BIGINT,
    -- The telling that took it: a batch whose events come late is told in two parts.
    tell_id TEXT
);
CREATE INDEX alert_events_by_batch ON alert_events (batch_id);
CREATE INDEX alert_events_untold ON alert_events (told_at, received_at);

-- What each member was told of: never twice for a movie, theater and kind.
CREATE TABLE member_alerts (
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    movie_id TEXT NOT NULL,
    theater_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    tell_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, movie_id, theater_id, kind)
);
CREATE INDEX member_alerts_by_tell ON member_alerts (tell_id, member_id);

-- One message to send: a member's alerts of one telling, by e-mail or to one push
-- subscription; its id is `{member}:{tell}:{email | subscription}`.
CREATE TABLE alert_sends (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    tell_id TEXT NOT NULL,
    subscription_id TEXT REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    attempts BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    claimed_until BIGINT,
    sent_at BIGINT,
    last_error TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX alert_sends_due ON alert_sends (sent_at, due_at);
-- What a member's deletion and a dropped subscription take along.
CREATE INDEX alert_sends_by_member ON alert_sends (member_id);
CREATE INDEX alert_sends_by_subscription ON alert_sends (subscription_id);

-- The unsubscribe links of the alerts mailed (RFC 8058): only the SHA-256 of a token.
CREATE TABLE alert_unsubscribe_tokens (
    token_hash TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX alert_unsubscribe_tokens_by_member ON alert_unsubscribe_tokens (member_id);
