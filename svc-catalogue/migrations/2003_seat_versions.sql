-- Seat counts change far more often than anything else (a night of sales): a revision
-- that changed only seats is made from the one before and the showtimes whose seats
-- changed since, instead of the whole site read again (svc-catalogue's follow.rs).
-- `records_version` is the site's version at its last change of anything but seats;
-- `seats_version` the site's version at a showtime's last change of seats.
ALTER TABLE catalogue_sites ADD COLUMN records_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE catalogue_showtimes ADD COLUMN seats_version BIGINT NOT NULL DEFAULT 0;
CREATE INDEX catalogue_showtimes_by_seats_version ON catalogue_showtimes (site_id, seats_version);
