-- A paused game keeps the time its current phase had left (seconds; -1: no deadline).
ALTER TABLE games ADD COLUMN paused_remaining REAL;
