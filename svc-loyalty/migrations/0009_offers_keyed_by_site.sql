-- Two chains may name a reward, a gift card or an e-voucher alike (DESIGN.md section
-- 12): each is known by its site and id, and a redemption by its reward's site and id.
-- The tables are rebuilt (SQLite's way to change a key). A redemption's reward follows
-- its site when rows from before sites are given to the default site (ON UPDATE
-- CASCADE; Store::adopt_rows_from_before_sites).
CREATE TABLE rewards_per_site (
    site_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    points_cost BIGINT NOT NULL,
    display_order BIGINT NOT NULL,
    PRIMARY KEY (site_id, id)
);
INSERT INTO rewards_per_site (site_id, id, name, points_cost, display_order)
SELECT site_id, id, name, points_cost, display_order FROM rewards;

CREATE TABLE redemptions_per_site (
    order_id TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    site_id TEXT NOT NULL,
    reward_id TEXT NOT NULL,
    ordered_at BIGINT NOT NULL,
    confirmed_at BIGINT,
    FOREIGN KEY (site_id, reward_id) REFERENCES rewards_per_site (site_id, id)
        ON UPDATE CASCADE
);
INSERT INTO redemptions_per_site
    (order_id, member_id, site_id, reward_id, ordered_at, confirmed_at)
SELECT redemptions.order_id, redemptions.member_id, rewards.site_id, redemptions.reward_id,
       redemptions.ordered_at, redemptions.confirmed_at
FROM redemptions JOIN rewards ON rewards.id = redemptions.reward_id;

DROP TABLE redemptions;
DROP TABLE rewards;
ALTER TABLE rewards_per_site RENAME TO rewards;
ALTER TABLE redemptions_per_site RENAME TO redemptions;

CREATE TABLE gift_cards_per_site (
    site_id TEXT NOT NULL,
    card_number TEXT NOT NULL,
    pin TEXT NOT NULL,
    balance_cents BIGINT NOT NULL,
    PRIMARY KEY (site_id, card_number)
);
INSERT INTO gift_cards_per_site (site_id, card_number, pin, balance_cents)
SELECT site_id, card_number, pin, balance_cents FROM gift_cards;
DROP TABLE gift_cards;
ALTER TABLE gift_cards_per_site RENAME TO gift_cards;

CREATE TABLE evoucher_concessions_per_site (
    site_id TEXT NOT NULL,
    id TEXT NOT NULL,
    cinema_id TEXT NOT NULL,
    name TEXT NOT NULL,
    price_cents BIGINT NOT NULL,
    PRIMARY KEY (site_id, id)
);
INSERT INTO evoucher_concessions_per_site (site_id, id, cinema_id, name, price_cents)
SELECT site_id, id, cinema_id, name, price_cents FROM evoucher_concessions;
DROP TABLE evoucher_concessions;
ALTER TABLE evoucher_concessions_per_site RENAME TO evoucher_concessions;
