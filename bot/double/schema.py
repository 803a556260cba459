"""Request bodies checked against Discord's published OpenAPI description.

The description lives outside the project, at `<repo root>/../shared/discord-api-spec/
openapi.json` (or wherever `DISCORD_OPENAPI` points); it is read from there, never
copied. Without it the double runs unchecked and says so in one INFO line (a WARNING
when `DISCORD_OPENAPI` names a file that is not there).

One deliberate relaxation: Discord accepts snowflakes as JSON integers as well as
strings (discord.py sends attachment ids as integers), so `SnowflakeType` admits both.
"""

from __future__ import annotations

import bisect
import json
import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from bot.double.errors import form_error
from bot.double.fastschema import compile_schema

log = logging.getLogger(__name__)

ENV_VAR = "DISCORD_OPENAPI"
SPEC_URI = "urn:discord-openapi"
Problem = tuple[list[str | int], str, str]


def default_spec_path() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    repo_root = Path(__file__).resolve().parents[2]
    return repo_root.parent / "shared" / "discord-api-spec" / "openapi.json"


@lru_cache(maxsize=4)
def _load(path: str) -> tuple[dict[str, Any], Registry] | None:
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except FileNotFoundError:
        # Not shipped beside the checkout is normal (one INFO line); a DISCORD_OPENAPI
        # that points nowhere is a setting to fix.
        level = logging.WARNING if os.environ.get(ENV_VAR) == path else logging.INFO
        log.log(level, "Discord OpenAPI description not found at %s: bodies are not checked", path)
        return None
    schemas = document["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    resource: Resource[Any] = DRAFT202012.create_resource(document)
    return document, Registry().with_resource(SPEC_URI, resource)


def _pointer(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


@lru_cache(maxsize=512)
def _compiled(path: str, method: str, template: str) -> Draft202012Validator | None:
    """The validator of one operation's JSON body, compiled on first use and kept."""
    loaded = _load(path)
    if loaded is None:
        return None
    document, registry = loaded
    operation = document["paths"].get(template, {}).get(method, {})
    content = operation.get("requestBody", {}).get("content", {})
    if "application/json" not in content:
        return None
    pointer = f"/paths/{_pointer(template)}/{method}/requestBody/content/application~1json/schema"
    ref = f"{SPEC_URI}#{pointer}"
    return Draft202012Validator({"$ref": ref}, registry=registry)


@lru_cache(maxsize=512)
def _fast(path: str, method: str, template: str) -> Remembered | ByField | AnyOf | None:
    """The same operation's schema compiled for speed (see `bot.double.fastschema`): it
    accepts exactly what `_compiled` accepts, and only answers yes or no."""
    loaded = _load(path)
    if loaded is None or _compiled(path, method, template) is None:
        return None
    document, registry = loaded
    operation = document["paths"][template][method]
    schema = compile_schema(
        operation["requestBody"]["content"]["application/json"]["schema"], document, SPEC_URI
    )
    return _decomposed(schema, registry)


class Remembered:
    """A schema's validator that keeps its verdicts: a value met before (the same
    buttons, edit after edit) is not checked again.

    Values that the schema cannot tell apart count as met before (see `_stand_ins`): a
    string whose schemas constrain only its length, a boolean whose schemas say only
    that it is one, an integer whose schemas bound only its size, a list whose schemas
    bound only its length and check each item alike (its distinct items, not their
    order or number, decide). Panels that differ in their words, their buttons' ids,
    which are disabled and how many options a select has (every game's, every phase's,
    every player's) share one verdict."""

    KEPT = 4096  # verdicts, then it starts afresh

    def __init__(self, schema: Any, registry: Registry) -> None:
        self._validator = Draft202012Validator(schema, registry=registry)
        self._stand_ins = _stand_ins(schema)
        self._verdicts: dict[str, bool] = {}

    def is_valid(self, value: Any) -> bool:
        key = _key(_standing_in(value, self._stand_ins))
        verdict = self._verdicts.get(key)
        if verdict is None:
            verdict = self._validator.is_valid(value)
            if len(self._verdicts) >= self.KEPT:
                self._verdicts.clear()
            self._verdicts[key] = verdict
        return verdict


class ByField:
    """An object schema of only `properties` (most message bodies): a body is valid
    when each field it has is valid, so fields are checked one by one, each with its
    verdicts kept (a new content leaves the buttons' verdict as it was)."""

    def __init__(self, properties: dict[str, Any], registry: Registry) -> None:
        self._fields = {name: Remembered(schema, registry) for name, schema in properties.items()}

    def is_valid(self, body: Any) -> bool:
        if not isinstance(body, dict):
            return False
        fields = ((self._fields.get(name), value) for name, value in body.items())
        # A field the schema does not name is allowed.
        return all(field is None or field.is_valid(value) for field, value in fields)


class AnyOf:
    """A union of object schemas of only `properties` (a webhook's message or its
    edit): valid when one of them, checked field by field, accepts the body."""

    def __init__(self, branches: list[ByField]) -> None:
        self._branches = branches

    def is_valid(self, body: Any) -> bool:
        return any(branch.is_valid(body) for branch in self._branches)


def _by_field(schema: Any, registry: Registry) -> ByField | None:
    """The schema checked field by field, if it is an object schema of only
    `properties` (annotations aside)."""
    if not isinstance(schema, dict) or set(_checked(schema)) != {"type", "properties"}:
        return None
    if schema["type"] != "object":
        return None
    return ByField(schema["properties"], registry)


def _checked(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema without its annotations (`x-` keys: jsonschema ignores them)."""
    return {key: value for key, value in schema.items() if not key.startswith("x-")}


def _decomposed(schema: Any, registry: Registry) -> Remembered | ByField | AnyOf:
    """The fastest of the three that accepts exactly what `schema` accepts."""
    whole = _by_field(schema, registry)
    if whole is not None:
        return whole
    if isinstance(schema, dict) and set(_checked(schema)) == {"anyOf"}:
        branches = [_by_field(branch, registry) for branch in schema["anyOf"]]
        if branches and all(branch is not None for branch in branches):
            return AnyOf([branch for branch in branches if branch is not None])
    return Remembered(schema, registry)


# The keywords a value's schema may have for the value to be stood in for (see
# `_stand_ins`), by the JSON type it constrains; `format` is an annotation here.
PURE = {
    "string": frozenset({"type", "minLength", "maxLength", "format"}),
    "integer": frozenset({"type", "minimum", "maximum", "format"}),
    "boolean": frozenset({"type", "format"}),
    "array": frozenset({"type", "items", "minItems", "maxItems"}),
}
BOUNDS = {  # the keywords of a type's lowest and highest accepted size
    "string": ("minLength", "maxLength"),
    "integer": ("minimum", "maximum"),
    "array": ("minItems", "maxItems"),
}
SIZES = frozenset({"string", "array"})  # bounded by a length, which is at least 0
# Keywords under which a value's verdict could depend on more than its schemas by
# name. (Unique items too, unless they cannot be objects: stand-ins could make two
# equal; and an `enum` or `const` of objects or lists, which compares them whole.)
UNSURE = frozenset({"$ref", "$dynamicRef", "patternProperties", "propertyNames"})

# By property name: the JSON type its values are stood in for, and the bounds where a
# value's verdict may change (lengths of strings, values of integers).
StandIns = dict[str, tuple[str, tuple[int, ...]]]


def _stand_ins(schema: Any) -> StandIns:
    """The property names whose every schema within `schema` constrains one JSON type
    (or it and null) by nothing but `PURE` keywords (none when something in `schema`
    could tell such values apart), each with that type and every bound at which one of
    its schemas starts or stops accepting a value (a minimum, a maximum + 1), sorted:
    values of that type between the same bounds are as valid as each other."""
    kinds: dict[str, str | None] = {}
    bounds: dict[str, set[int]] = {}
    unsure = False

    def walk(node: Any) -> None:
        nonlocal unsure
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        unsure = (
            unsure
            or bool(UNSURE & node.keys())
            or isinstance(node.get("additionalProperties"), dict)
            or (node.get("uniqueItems") is True and _may_hold_objects(node.get("items")))
            or any(_compares_whole(node.get(key)) for key in ("enum", "const"))
        )
        properties = node.get("properties")
        if isinstance(properties, dict):
            for name, sub in properties.items():
                kind = _pure_kind(sub)
                kinds[name] = kind if kinds.get(name, kind) == kind else None
                found = bounds.setdefault(name, set())
                low, high = BOUNDS.get(kind or "", ("", ""))
                for key, past in ((low, 0), (high, 1)):
                    if isinstance(sub, dict) and isinstance(sub.get(key), int):
                        found.add(sub[key] + past)
        for value in node.values():
            walk(value)

    walk(schema)
    if unsure:
        return {}
    return {
        name: (kind, tuple(sorted(bounds[name] | ({0} if kind in SIZES else set()))))
        for name, kind in kinds.items()
        if kind is not None
    }


def _pure_kind(schema: Any) -> str | None:
    """The one JSON type (null aside) `schema` constrains by `PURE` keywords alone."""
    if not isinstance(schema, dict):
        return None
    types = schema.get("type")
    named = {types} if isinstance(types, str) else set(types) if isinstance(types, list) else set()
    named.discard("null")
    if len(named) != 1:
        return None
    (kind,) = named
    return kind if kind in PURE and schema.keys() <= PURE[kind] else None


def _compares_whole(choices: Any) -> bool:
    values = choices if isinstance(choices, list) else [choices]
    return any(isinstance(value, dict | list) for value in values)


def _may_hold_objects(items: Any) -> bool:
    types = items.get("type") if isinstance(items, dict) else None
    return not isinstance(types, str | list) or "object" in types


def _stand_in(value: Any, kind: str, bounds: tuple[int, ...], names: StandIns) -> Any:
    """What stands in for `value` if it is of `kind`, which every schema of its name
    accepts or refuses as it does `value`: a size at the last bound it reaches (below
    them all: one below the lowest); for a list, that and its distinct items' stand-ins,
    sorted (each item is checked alike: which items, not how often or where, decide).
    Any other value as it is."""
    if kind == "boolean":
        return False if isinstance(value, bool) else value
    if kind == "string":
        return "x" * _reached(bounds, len(value)) if isinstance(value, str) else value
    if kind == "array":
        if not isinstance(value, list):
            return value
        items = {_key(_standing_in(item, names)) for item in value}
        return [_reached(bounds, len(value)), *sorted(items)]
    if not isinstance(value, int) or isinstance(value, bool):
        return value
    return _reached(bounds, value)


def _reached(bounds: tuple[int, ...], size: int) -> int:
    """The last of `bounds` that `size` reaches; one below the lowest if none."""
    reached = bisect.bisect_right(bounds, size) - 1
    return bounds[reached] if reached >= 0 else (bounds[0] - 1 if bounds else 0)


def _standing_in(value: Any, names: StandIns) -> Any:
    """`value` with the values of `names` replaced by their stand-ins (`_stand_in`)."""
    if not names:
        return value
    if isinstance(value, list):
        return [_standing_in(item, names) for item in value]
    if isinstance(value, dict):
        return {
            key: _stand_in(item, *names[key], names) if key in names else _standing_in(item, names)
            for key, item in value.items()
        }
    return value


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class SpecValidator:
    """Checks bodies per (method, path template); validators are compiled once per route
    and shared. A body is first checked by the fast validator; only a refused body goes
    through the full one, which says what is wrong the way Discord does."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_spec_path()

    @property
    def available(self) -> bool:
        return _load(str(self.path)) is not None

    def _validator(self, method: str, template: str) -> Draft202012Validator | None:
        return _compiled(str(self.path), method.lower(), template)

    def check(self, method: str, template: str, body: Any) -> None:
        """Raise a 400 Invalid Form Body if the schema rejects `body`."""
        validator = self._validator(method, template)
        if validator is None:
            return
        fast = _fast(str(self.path), method.lower(), template)
        if fast is not None and fast.is_valid(body):
            return
        errors = list(validator.iter_errors(body))
        if errors:
            problems: list[Problem] = []
            for error in errors:
                problems.extend(_problems(error))
            raise form_error(problems)


def _is_mismatch(error: ValidationError) -> bool:
    """An error saying "this branch is not the one meant" (wrong `type` tag or JSON type)."""
    path = list(error.relative_path)
    if error.validator in ("enum", "const") and path == ["type"]:
        return True
    return error.validator == "type" and not path


def _problems(error: ValidationError) -> list[Problem]:
    if error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [b for b in branches.values() if not any(_is_mismatch(e) for e in b)]
        if meant:
            # The branch that was meant, or else the one closest to passing.
            closest = min(meant, key=len)
            found: list[Problem] = []
            for sub in closest:
                found.extend(_problems(sub))
            return found
    return [_describe(error)]


def _describe(error: ValidationError) -> Problem:
    path: list[str | int] = list(error.absolute_path)
    value: Any = error.validator_value
    kind = error.validator
    if kind in ("maxLength", "maxItems"):
        return path, "BASE_TYPE_MAX_LENGTH", f"Must be {value} or fewer in length."
    if kind in ("minLength", "minItems"):
        return path, "BASE_TYPE_MIN_LENGTH", f"Must be {value} or more in length."
    if kind == "required":
        instance = error.instance if isinstance(error.instance, dict) else {}
        missing = next((name for name in value if name not in instance), "")
        return [*path, missing], "BASE_TYPE_REQUIRED", "This field is required"
    if kind in ("enum", "const"):
        choices = value if isinstance(value, list) else [value]
        shown = ", ".join(str(c) for c in choices)
        return path, "BASE_TYPE_CHOICES", f"Value must be one of ({shown})."
    if kind == "maximum":
        return path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {value}."
    if kind == "minimum":
        return path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {value}."
    if kind == "pattern":
        return path, "STRING_TYPE_REGEX", "String value did not match validation regex."
    if kind == "type":
        return path, "BASE_TYPE_BAD_TYPE", f"Must be of type {value}: {error.message}"
    return path, "BASE_TYPE_INVALID", error.message
