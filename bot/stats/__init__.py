"""What a server remembers of its finished games, as members ask for it: /stats,
/leaderboard and /history."""
