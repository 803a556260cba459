"""The host core: lobbies, actions, deadlines, the store and the clock. No Discord."""
