"""Lupusburg's computer players (`games/computers.py`): the timeout default, a casual
player who reads the table roughly, and a strong one that reasons over who could hold
the Werewolf and the Thief."""

from __future__ import annotations

from games.computers import Computers
from games.lupusburg.casual import casual, default
from games.lupusburg.sampler import sample
from games.lupusburg.strong import strong

COMPUTERS = Computers(default=default, casual=casual, strong=strong, sample=sample)
