-- A table being posted anew ("moved down"): the nonce its message is sent with, kept
-- from before the post until the game's row names the new message. A delivery cut short
-- in between leaves it set, and the next refresh of the table, whichever change makes
-- it, posts with the same nonce: Discord answers with the message already posted, which
-- becomes the table, rather than leaving it below as an outdated table with buttons.
ALTER TABLE games ADD COLUMN table_posting TEXT;
