-- The built-in loyalty provider. Portable between SQLite and PostgreSQL: text ids,
-- BIGINT numbers (booleans as 0/1, times as Unix seconds), no driver-specific types.

CREATE TABLE members (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    mobile_number TEXT NOT NULL,
    zip_code TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    club_id TEXT NOT NULL,
    circuit_id TEXT NOT NULL,
    member_level_id BIGINT NOT NULL,
    member_level_name TEXT NOT NULL,
    member_expiry TEXT NOT NULL,
    is_activated BIGINT NOT NULL,
    send_newsletter BIGINT NOT NULL,
    points BIGINT NOT NULL,
    failed_logins BIGINT NOT NULL,
    locked_until BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    refresh_hash TEXT NOT NULL UNIQUE,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    cypher_version BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    refresh_expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_member ON sessions (member_id);

CREATE TABLE cards (
    code TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    added_at BIGINT NOT NULL
);
CREATE INDEX cards_member ON cards (member_id);

CREATE TABLE favorite_films (
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    film_id TEXT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, film_id)
);

CREATE TABLE favorite_cinemas (
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    cinema_id TEXT NOT NULL,
    subscribe_to_newsletter BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, cinema_id)
);

CREATE TABLE orders (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    cinema_id TEXT NOT NULL,
    film_title TEXT NOT NULL,
    tickets BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    placed_at BIGINT NOT NULL
);
CREATE INDEX orders_member ON orders (member_id, placed_at);

CREATE TABLE point_transactions (
    id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    description TEXT NOT NULL,
    points BIGINT NOT NULL,
    happened_at BIGINT NOT NULL
);
CREATE INDEX point_transactions_member ON point_transactions (member_id, happened_at);

CREATE TABLE rewards (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    points_cost BIGINT NOT NULL,
    display_order BIGINT NOT NULL
);

-- A reward ordered by a member (OrderLoyaltyItem); the random order id confirms it
-- (ConfirmItemRedemption), which deducts the points.
CREATE TABLE redemptions (
    order_id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    reward_id TEXT NOT NULL REFERENCES rewards (id),
    ordered_at BIGINT NOT NULL,
    confirmed_at BIGINT
);

CREATE TABLE gift_cards (
    card_number TEXT PRIMARY KEY,
    pin TEXT NOT NULL,
    balance_cents BIGINT NOT NULL
);

CREATE TABLE evoucher_concessions (
    id TEXT PRIMARY KEY,
    cinema_id TEXT NOT NULL,
    name TEXT NOT NULL,
    price_cents BIGINT NOT NULL
);

-- Login events waiting for NATS: written in the login's transaction, marked published
-- once JetStream acknowledged them.
CREATE TABLE outbox (
    event_id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    published_at BIGINT
);
CREATE INDEX outbox_pending ON outbox (published_at, created_at);
