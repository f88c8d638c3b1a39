-- Cards, rewards, gift cards and e-vouchers belong to a site too (DESIGN.md section 12):
-- two chains may issue the same card number, so a card is known by its site and code.
-- Rows from before sites have no site ('') until the service adopts them into its
-- default site at start-up (Store::adopt_rows_from_before_sites).
CREATE TABLE cards_per_site (
    site_id TEXT NOT NULL,
    code TEXT NOT NULL,
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (site_id, code)
);
INSERT INTO cards_per_site (site_id, code, member_id, status, added_at)
SELECT '', code, member_id, status, added_at FROM cards;
DROP TABLE cards;
ALTER TABLE cards_per_site RENAME TO cards;
CREATE INDEX cards_member ON cards (member_id);
ALTER TABLE rewards ADD COLUMN site_id TEXT NOT NULL DEFAULT '';
ALTER TABLE gift_cards ADD COLUMN site_id TEXT NOT NULL DEFAULT '';
ALTER TABLE evoucher_concessions ADD COLUMN site_id TEXT NOT NULL DEFAULT '';
