"""The Discord adapter: commands, lobby, tables, panels, store and timers."""
