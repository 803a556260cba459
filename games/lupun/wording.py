"""The task sentences in English and German, worded from the conditions.

The catalog (`locales/en.toml`, `locales/de.toml`, table `[lupun.task]` at the end of
each file) holds the sentences; this module writes that table:
`python -m games.lupun.wording --write` (after editing the deck; without `--write` it
prints them). A test checks the tables match the deck.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

from games.lupun import board
from games.lupun.tasks import (
    AllOf,
    Alternating,
    AnyOf,
    Cell,
    Chain,
    Compare,
    Condition,
    Const,
    Count,
    Distinct,
    Divisible,
    Expr,
    Extreme,
    HasEqualPair,
    IsPrime,
    Sum,
    Task,
    TwoDigit,
)

MARKER = "# --- task texts (deck) ---"
LOCALES = Path(__file__).parent / "locales"


@dataclass(frozen=True)
class Place:
    """How to name a region inside a sentence."""

    en: str  # "row 5"
    en_in: str  # "in row 5"
    de_von: str  # "von Reihe 5", "der vier Ecken" (die Summe ...)
    de_in: str  # "in Reihe 5"


def _and(names: list[str], word: str) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"


_SHAPES = {
    (2, 2): ("2x2 square", "des 2x2-Quadrats", "im 2x2-Quadrat"),
    (2, 3): ("2x3 rectangle", "des 2x3-Rechtecks", "im 2x3-Rechteck"),
    (3, 2): ("3x2 rectangle", "des 3x2-Rechtecks", "im 3x2-Rechteck"),
    (3, 3): ("3x3 block", "des 3x3-Blocks", "im 3x3-Block"),
}


def place(region: board.Region) -> Place:
    for number in range(1, board.ROWS + 1):
        if region == board.row(number):
            return Place(
                f"row {number}", f"in row {number}", f"von Reihe {number}", f"in Reihe {number}"
            )
    for letter in board.COLUMN_LETTERS:
        if region == board.column(letter):
            return Place(
                f"column {letter}",
                f"in column {letter}",
                f"von Spalte {letter}",
                f"in Spalte {letter}",
            )
    if region == board.CORNERS:
        return Place(
            "the four corners", "in the four corners", "der vier Ecken", "in den vier Ecken"
        )
    first = board.space_name(region[0])
    for (width, height), (en, de_von, de_in) in _SHAPES.items():
        try:
            if region == board.block(first, width, height):
                span = f"{first}-{board.space_name(region[-1])}"
                return Place(
                    f"the {en} {span}", f"in the {en} {span}", f"{de_von} {span}", f"{de_in} {span}"
                )
        except ValueError:
            continue
    names = [board.space_name(s) for s in region]
    return Place(
        _and(names, "and"),
        f"on {_and(names, 'and')}",
        f"von {_and(names, 'und')}",
        f"auf {_and(names, 'und')}",
    )


ANY_ROW = Place("one of the rows", "in one of the rows", "einer der Reihen", "in einer der Reihen")
ANY_COLUMN = Place(
    "one of the columns", "in one of the columns", "einer der Spalten", "in einer der Spalten"
)


# --- expressions -------------------------------------------------------------------------


def _formula(expr: Expr) -> str:
    if isinstance(expr, Cell):
        return board.space_name(expr.space)
    if isinstance(expr, Const):
        return str(expr.value)
    if isinstance(expr, TwoDigit):
        return board.space_name(expr.tens) + board.space_name(expr.units)
    if isinstance(expr, Sum):
        return f"({' + '.join(board.space_name(s) for s in expr.spaces)})"
    symbol = {"+": "+", "-": "-", "x": "×", ":": ":"}[expr.op]
    return f"{_formula(expr.left)} {symbol} {_formula(expr.right)}"


def _en(expr: Expr, where: Place | None = None) -> str:
    if isinstance(expr, Sum):
        return f"the sum of {(where or place(expr.spaces)).en}"
    if isinstance(expr, TwoDigit):
        return f"the two-digit number {_formula(expr)}"
    return _formula(expr)


def _de(expr: Expr, case: str, where: Place | None = None) -> str:
    """German noun phrase in the nominative ('nom') or dative ('dat')."""
    if isinstance(expr, Sum):
        article = "die" if case == "nom" else "der"
        return f"{article} Summe {(where or place(expr.spaces)).de_von}"
    if isinstance(expr, TwoDigit):
        phrase = "die zweistellige Zahl" if case == "nom" else "der zweistelligen Zahl"
        return f"{phrase} {_formula(expr)}"
    return _formula(expr)


# --- conditions (clauses without the final full stop) -----------------------------------

_KIND_EN = {"odd": "odd number", "even": "even number", "prime": "prime number"}
_KIND_DE = {
    "odd": ("ungerade Zahl", "ungerade Zahlen"),
    "even": ("gerade Zahl", "gerade Zahlen"),
    "prime": ("Primzahl", "Primzahlen"),
}


def _kind_en(count: Count, n: int) -> str:
    if count.kind in _KIND_EN:
        noun = _KIND_EN[count.kind]
        return noun if n == 1 else noun + "s"
    word = "less" if count.kind == "lt" else "greater"
    return f"{'number' if n == 1 else 'numbers'} {word} than {count.bound}"


def _kind_de(count: Count, n: int) -> str:
    if count.kind in _KIND_DE:
        return _KIND_DE[count.kind][0 if n == 1 else 1]
    word = "kleiner" if count.kind == "lt" else "größer"
    return f"{'Zahl' if n == 1 else 'Zahlen'} {word} als {count.bound}"


def clause(condition: Condition, lang: str, where: Place | None = None) -> str:
    en = lang == "en"
    if isinstance(condition, Compare):
        return _compare(condition, en, where)
    if isinstance(condition, Divisible):
        if en:
            return f"{_en(condition.left)} is divisible by {_en(condition.right)}"
        return f"{_de(condition.left, 'nom')} ist durch {_de(condition.right, 'nom')} teilbar"
    if isinstance(condition, IsPrime):
        if en:
            return f"{_en(condition.expr, where)} is a prime number"
        return f"{_de(condition.expr, 'nom', where)} ist eine Primzahl"
    if isinstance(condition, Count):
        return _count(condition, en, where or place(condition.spaces))
    here = where or place(condition.region)
    if isinstance(condition, Distinct):
        if en:
            return f"all numbers {here.en_in} are different"
        return f"{here.de_in} sind alle Zahlen verschieden"
    if isinstance(condition, HasEqualPair):
        if en:
            return f"at least two numbers {here.en_in} are equal"
        return f"{here.de_in} sind mindestens zwei Zahlen gleich"
    if isinstance(condition, Chain):
        if condition.length < len(condition.line):
            if en:
                return (
                    f"{here.en_in} there is a chain of {condition.length} consecutive"
                    " numbers, up or down"
                )
            return (
                f"{here.de_in} gibt es eine Kette aus {condition.length}"
                " aufeinander folgenden Zahlen, auf- oder absteigend"
            )
        if en:
            return f"the numbers {here.en_in} form a chain of consecutive numbers, up or down"
        return (
            f"die Zahlen {here.de_in} bilden eine Kette aufeinander folgender Zahlen,"
            " auf- oder absteigend"
        )
    if isinstance(condition, Alternating):
        if en:
            return f"even and odd numbers alternate {here.en_in}"
        return f"gerade und ungerade Zahlen wechseln sich {here.de_in} ab"
    if isinstance(condition, Extreme):
        near = board.neighbours(condition.space)
        names = ", ".join(board.space_name(s) for s in near)
        name = board.space_name(condition.space)
        if en:
            word = "greater" if condition.greater else "less"
            return f"{name} is {word} than each of its {len(near)} neighbours ({names})"
        word = "größer" if condition.greater else "kleiner"
        return f"{name} ist {word} als jeder seiner {len(near)} Nachbarn ({names})"
    if isinstance(condition, AllOf):
        parts = [clause(part, lang) for part in condition.parts]
        return _and(parts, "and" if en else "und")
    if isinstance(condition, AnyOf):
        rows = condition.parts[0].region == board.row(1)
        return clause(condition.parts[0], lang, ANY_ROW if rows else ANY_COLUMN)
    raise TypeError(f"no wording for {condition!r}")


def _compare(condition: Compare, en: bool, where: Place | None) -> str:
    left, op, right = condition.left, condition.op, condition.right
    exact = op == "=" and isinstance(right, Const) and isinstance(left, Sum)
    if en:
        verb = {
            "=": "is exactly" if exact else "equals",
            "<": "is less than",
            ">": "is greater than",
            "!=": "differs from",
        }[op]
        return f"{_en(left, where)} {verb} {_en(right)}"
    if op == "=":
        verb, case = ("ist genau", "nom") if exact else ("ist gleich", "dat")
    else:
        verb, case = (
            {"<": "ist kleiner als", ">": "ist größer als", "!=": "ist ungleich"}[op],
            ("dat" if op == "!=" else "nom"),
        )
    return f"{_de(left, 'nom', where)} {verb} {_de(right, case)}"


def _count(count: Count, en: bool, here: Place) -> str:
    n = count.count
    if count.op == "=" and n == len(count.spaces):
        if en:
            return f"there are only {_kind_en(count, 2)} {here.en_in}"
        return f"{here.de_in} liegen nur {_kind_de(count, 2)}"
    rest = len(count.spaces) - n
    if en:
        amount = {"=": "exactly", ">=": "at least", "<=": "at most"}[count.op]
        text = f"{amount} {n} {_kind_en(count, n)}"
        if count.op == "=" and count.kind in ("odd", "even") and rest:
            other = "even" if count.kind == "odd" else "odd"
            text += f" and {rest} {other} {'number' if rest == 1 else 'numbers'}"
            plural = here.en.startswith("the four") or " and " in here.en
            return f"{here.en} {'hold' if plural else 'holds'} {text}"
        return f"there {'is' if n == 1 else 'are'} {text} {here.en_in}"
    amount = {"=": "genau", ">=": "mindestens", "<=": "höchstens"}[count.op]
    text = f"{amount} {n} {_kind_de(count, n)}"
    if count.op == "=" and count.kind in ("odd", "even") and rest:
        other = "gerade" if count.kind == "odd" else "ungerade"
        text += f" und {rest} {other} {'Zahl' if rest == 1 else 'Zahlen'}"
    verb = "liegt" if n == 1 and " und " not in text else "liegen"
    return f"{here.de_in} {verb} {text}"


def sentence(task: Task, lang: str) -> str:
    """The task as one sentence, e.g. 'The sum of column C is exactly 24.'"""
    text = clause(task.condition, lang)
    return text[0].upper() + text[1:] + "."


# --- the catalog table -------------------------------------------------------------------


def table(tasks: tuple[Task, ...], lang: str) -> str:
    lines = [MARKER, "[lupun.task]"]
    lines += [
        f"{task.id} = {json.dumps(sentence(task, lang), ensure_ascii=False)}" for task in tasks
    ]
    return "\n".join(lines) + "\n"


def write(tasks: tuple[Task, ...], folder: Path = LOCALES) -> None:
    """Replace the task table at the end of `en.toml` and `de.toml` (or append it)."""
    folder.mkdir(exist_ok=True)
    for lang in ("en", "de"):
        path = folder / f"{lang}.toml"
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        head = text.split(MARKER)[0] if MARKER in text else text
        if head and not head.endswith("\n\n"):
            head = head.rstrip("\n") + "\n\n"
        path.write_text(head + table(tasks, lang), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite the catalog tables")
    args = parser.parse_args()
    from games.lupun.deck import DECK

    if args.write:
        write(DECK)
    else:
        for task in DECK:
            print(f"{task.id}  {sentence(task, 'en')}\n       {sentence(task, 'de')}")


if __name__ == "__main__":
    main()
