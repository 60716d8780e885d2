-- Games, their seats and their moves. Plain SQL that SQLite and PostgreSQL
-- both take: the same migrations run on either database.

-- A game: its setup and options, and a summary of its moves kept in step with
-- `moves` by the commit that appends them.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    -- Milliseconds since 1970.
    created_ms BIGINT NOT NULL,
    last_move_ms BIGINT NOT NULL,
    -- The engine's `Setup` as JSON.
    setup TEXT NOT NULL,
    -- SHA-256 of the host's token (hex); tokens themselves are never stored.
    host_hash TEXT NOT NULL,
    listed BOOLEAN NOT NULL,
    -- Seconds a person may take before a bot takes the seat (0: never).
    idle_secs BIGINT NOT NULL,
    idle_bot TEXT NOT NULL,
    -- The number of rows in `moves` for this game: a commit that appends moves
    -- checks it and raises it, so two servers cannot both store step N.
    move_count BIGINT NOT NULL,
    finished BOOLEAN NOT NULL
);

CREATE INDEX games_by_state ON games (finished, listed, created_ms);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    name TEXT NOT NULL,
    -- SHA-256 of the seat's token (hex); NULL for a seat created for a bot.
    token_hash TEXT,
    -- The bot's specification while a bot plays the seat.
    bot TEXT,
    -- 'host' or 'idle' when a bot plays a person's seat.
    handed TEXT,
    claimed BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Every decision of every game in order, chance outcomes included, in the
-- engine's move notation: a game is its setup and these rows.
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    step BIGINT NOT NULL,
    notation TEXT NOT NULL,
    played_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, step)
);
