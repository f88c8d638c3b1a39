-- A refresh token exchanged moments ago still refreshes its session: a browser that left
-- the page while its refresh was under way never saw the new tokens, and would otherwise
-- lose the session. Only the token exchanged last, and only for a short while.
ALTER TABLE sessions ADD COLUMN previous_refresh_hash TEXT;
ALTER TABLE sessions ADD COLUMN refreshed_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX sessions_previous_refresh ON sessions (previous_refresh_hash);
