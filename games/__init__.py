"""Pure game engines, one package per game, and the contract they share."""
