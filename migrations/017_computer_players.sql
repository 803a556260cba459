-- Computer players: a seat the bot plays itself, with a policy of this level ('casual'
-- or 'strong'); NULL for a person. A computer's user_id is negative (no Discord id is),
-- unique in its game like anyone's, so the action log names it as it names a person.
ALTER TABLE players ADD COLUMN computer TEXT;
