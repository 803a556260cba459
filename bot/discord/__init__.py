"""The Discord glue: the client, commands, the click router, the presenter, the adapters."""
