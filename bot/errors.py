"""A refusal: a request the host turns down, with a catalog key for the sentence."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"Refused({self.key!r}, {self.params!r})"
