-- A chain's point of sale sends each theater's days on their own (a schedule call per
-- theater): a revision that changed only some theaters' schedules (and seats) is made
-- from the one before and those theaters' showtimes, instead of the whole site read
-- again (svc-catalogue's follow.rs). `schedule_version` is the site's version at the
-- theater's last schedule call that changed something.
ALTER TABLE catalogue_theaters ADD COLUMN schedule_version BIGINT NOT NULL DEFAULT 0;
