"""Players' names, as the host keeps them and as a sentence shows them.

A display name is whatever a member typed. `clean_name` makes it safe to store and to
draw: Pillow's text layout fails on control characters and line or paragraph
separators, and a sentence should not break where a name does. `in_text` makes a
clean name safe inside a chat message: its markup (emphasis, links, masked links,
mentions, timestamps, headings) shows as the characters typed, never as markup.
"""

from __future__ import annotations

import re
import string
import unicodedata

MAX_LENGTH = 32  # Discord's own limit on a display name
NEUTRAL = "?"  # a name with nothing left to show (no language: it is stored)
# Format characters that build what a name shows rather than hide or reorder it:
# joiners (emoji sequences, Indic and Persian script) and the tags of flag emoji.
_KEPT_FORMAT = {"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))}
_SPACES = re.compile(r"\s+")
# Every ASCII punctuation mark: chat markup is built from them, and a backslash before
# one shows the mark itself.
_MARKUP = re.compile("([" + re.escape(string.punctuation) + "])")


def clean_name(raw: str) -> str:
    """The name to store and draw: control characters, line and paragraph separators
    as spaces, other hidden format characters (bidi overrides, zero widths) removed,
    spaces collapsed and trimmed, at most `MAX_LENGTH` characters, never empty."""
    chars = []
    for char in raw:
        category = unicodedata.category(char)
        if category in ("Cc", "Zl", "Zp"):
            chars.append(" ")
        elif category == "Cs" or (category == "Cf" and char not in _KEPT_FORMAT):
            continue
        else:
            chars.append(char)
    name = _SPACES.sub(" ", "".join(chars)).strip()[:MAX_LENGTH].rstrip()
    return name or NEUTRAL


def in_text(name: str) -> str:
    """A name inside a message's text (content or embed description), shown as typed:
    each punctuation mark escaped, so no name makes a link, a mention, a timestamp or
    emphasis, nor joins the markup of the sentence around it."""
    return _MARKUP.sub(r"\\\1", name)
