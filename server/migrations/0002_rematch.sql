-- A rematch of a finished game: the seats whose people asked for one (or
-- agreed to it), and the game it became once every one of them had.

ALTER TABLE seats ADD COLUMN rematch BOOLEAN NOT NULL DEFAULT FALSE;

-- The id of the new game; NULL until it is created.
ALTER TABLE games ADD COLUMN rematch_game TEXT;
