"""A route's request schema rewritten to validate fast, accepting exactly the same bodies.

Discord's description spells most unions as `oneOf`/`anyOf` over object schemas told apart
by their `type` tag (a component, a callback). jsonschema tries every branch in full (for
`oneOf` even after one matched) and follows every `$ref` through the registry on each
use: 13 ms for one interaction callback with a few buttons. Compiled once per route:

- every `$ref` into the document is inlined (a recursive one stays, made absolute, and is
  resolved through the registry as before);
- a union whose branches are all objects that require a `type` tag with disjoint `enum` or
  `const` values becomes "if the tag is T, then branch T" plus "the tag is one of them".
  For an object, exactly one branch can then match, so `oneOf` and `anyOf` accept the same
  bodies as the rewrite; a non-object fails every branch both ways.

Only the yes/no answer is used: a refused body is checked again by the original validator,
whose errors are the ones Discord's shape is built from (`bot.double.schema`).
"""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]
UNIONS = ("oneOf", "anyOf")


def compile_schema(schema: Schema, document: Schema, base_uri: str) -> Schema:
    compiled = _Inliner(document, base_uri).inline(schema, frozenset())
    assert isinstance(compiled, dict)
    return compiled


class _Inliner:
    def __init__(self, document: Schema, base_uri: str) -> None:
        self.document = document
        self.base_uri = base_uri
        self.memo: dict[str, Any] = {}

    def inline(self, node: Any, expanding: frozenset[str]) -> Any:
        if isinstance(node, list):
            return [self.inline(item, expanding) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/"):
            rest = {k: v for k, v in node.items() if k != "$ref"}
            if ref in expanding:  # recursive: left to the registry
                target: Any = {"$ref": self.base_uri + ref}
            elif ref in self.memo:
                target = self.memo[ref]
            else:
                target = self.inline(self._resolve(ref), expanding | {ref})
                self.memo[ref] = target
            if not rest:
                return target
            merged = self.inline(rest, expanding)
            return {**merged, "allOf": [*merged.get("allOf", []), target]}
        out = {key: self.inline(value, expanding) for key, value in node.items()}
        return _dispatch(out)

    def _resolve(self, ref: str) -> Any:
        found: Any = self.document
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            found = found[int(part)] if isinstance(found, list) else found[part]
        return found


def _dispatch(node: Schema) -> Schema:
    """A union made cheap where its branches exclude each other; any other node as is."""
    for key in UNIONS:
        branches = node.get(key)
        if not isinstance(branches, list) or not branches:
            continue
        consts = [_const(branch) for branch in branches]
        if all(c is not None for c in consts) and len(set(consts)) == len(consts):
            node = {k: v for k, v in node.items() if k != key}  # distinct constants
            node["allOf"] = [*node.get("allOf", []), {"enum": [c[1] for c in consts if c]}]
            continue
        types = [_json_types(branch) for branch in branches]
        known_types = [t for t in types if t is not None]
        if len(known_types) == len(types) and _disjoint(known_types):
            node = {k: v for k, v in node.items() if k != key}  # one type each: anyOf
            node["allOf"] = [*node.get("allOf", []), {"anyOf": branches}]
            continue
        tags = [_tags(branch) for branch in branches]
        known = [t for t in tags if t is not None]
        if len(known) != len(tags) or not _disjoint(known):
            continue
        every = sorted(frozenset().union(*known), key=repr)
        rules: list[Schema] = [
            {"if": _tag_is(sorted(t, key=repr)), "then": branch}
            for t, branch in zip(known, branches, strict=True)
        ]
        rules.append(_tag_is(every))
        node = {k: v for k, v in node.items() if k != key}
        node["allOf"] = [*node.get("allOf", []), *rules]
    return node


def _tag_is(values: list[Any]) -> Schema:
    return {"required": ["type"], "properties": {"type": {"enum": values}}}


def _tags(branch: Any) -> frozenset[Any] | None:
    """The `type` tags an object branch requires, or None if it is not such a branch."""
    if not isinstance(branch, dict) or branch.get("type") != "object":
        return None
    if "type" not in (branch.get("required") or []):
        return None
    tag = (branch.get("properties") or {}).get("type")
    if not isinstance(tag, dict):
        return None
    values = tag.get("enum", [tag["const"]] if "const" in tag else None)
    if not isinstance(values, list) or not values:
        return None
    if not all(isinstance(v, int | str) and not isinstance(v, bool) for v in values):
        return None
    return frozenset(values)


ANNOTATIONS = frozenset({"title", "description", "deprecated", "const"})
JSON_TYPES = {"number": {"number", "integer"}}  # an integer is a number too


def _disjoint(sets: list[frozenset[Any]]) -> bool:
    return sum(map(len, sets)) == len(frozenset().union(*sets))


def _const(branch: Any) -> tuple[str, Any] | None:
    """("const", value) for a branch that is only a constant (with annotations)."""
    if not isinstance(branch, dict) or "const" not in branch:
        return None
    if any(k not in ANNOTATIONS and not k.startswith("x-") for k in branch):
        return None
    value = branch["const"]
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None  # True == 1 in Python, not in JSON Schema: leave those alone
    return ("const", value)


def _json_types(branch: Any) -> frozenset[str] | None:
    """The JSON types a branch admits, from its own `type` keyword (None if it has none)."""
    if not isinstance(branch, dict):
        return None
    declared = branch.get("type")
    names = [declared] if isinstance(declared, str) else declared
    if not isinstance(names, list) or not names:
        return None
    return frozenset(t for name in names for t in JSON_TYPES.get(name, {name}))
