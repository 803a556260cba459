"""The store's numbered SQL migrations, shipped with the bot as `bot.migrations`."""
