"""The Discord glue: the client, commands, the click router, the presenter and each game's adapter."""
