"""The double fit for the load benchmark: fast schema checks that accept exactly what
the full ones accept, bounded memory for old pictures, acknowledgement times."""

from __future__ import annotations

import copy
import random
from typing import Any

import aiohttp
import pytest
from jsonschema import Draft202012Validator

from bot.core.clock import SystemClock
from bot.double import DiscordDouble
from bot.double.bodies import Upload
from bot.double.errors import ApiError
from bot.double.model import TEXT, Channel
from bot.double.pictures import PictureMemory
from bot.double.schema import AnyOf, ByField, SpecValidator, _compiled, _fast, default_spec_path
from bot.double.state import DoubleState
from tests.support.testbot import png

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
ROUTES = [("post", MESSAGES), ("patch", MESSAGE), ("post", CALLBACK), ("post", FOLLOWUP)]
ROUTES += [("patch", ORIGINAL)]
LAYOUT = 1 << 15  # the message flag of layout components


@pytest.fixture
def spec() -> SpecValidator:
    validator = SpecValidator()
    if not validator.available:
        pytest.skip(f"Discord's OpenAPI description is not at {default_spec_path()}")
    return validator


def message_body() -> dict[str, Any]:
    """What the bot sends: a table with a picture, buttons and a select."""
    buttons = [
        {"type": 2, "style": 1, "label": "My cards", "custom_id": "game:1:p1:panel"},
        {"type": 2, "style": 2, "label": "Draw", "custom_id": "game:1:p1:draw", "disabled": True},
        {"type": 2, "style": 5, "label": "Rules", "url": "https://example.com/rules"},
    ]
    select = {
        "type": 3,
        "custom_id": "game:1:p1:pick",
        "placeholder": "Pick",
        "min_values": 1,
        "max_values": 2,
        "options": [{"label": "A1", "value": "0"}, {"label": "B1", "value": "1", "emoji": None}],
    }
    return {
        "content": "Ana plays.",
        "embeds": [
            {"title": "Table", "description": "x" * 300, "image": {"url": "attachment://t.png"}}
        ],
        "components": [
            {"type": 1, "components": buttons},
            {"type": 1, "components": [select]},
        ],
        "attachments": [{"id": 0, "filename": "t.png", "description": "The table"}],
        "allowed_mentions": {"parse": ["users"], "users": []},
        "flags": 64,
    }


def layout_body() -> dict[str, Any]:
    """What the bot sends as a panel: a container of text, a section with a button, a
    picture, a select and buttons, some disabled (booleans, integers, strings that the
    fast check stands in for)."""
    button = {"type": 2, "style": 2, "label": "Pass", "custom_id": "game:1:p1:pass"}
    select = {
        "type": 3,
        "custom_id": "game:1:p1:pick",
        "min_values": 1,
        "max_values": 1,
        "required": True,
        "options": [{"label": "A1", "value": "0", "default": False}],
    }
    gallery = {
        "type": 12,
        "items": [{"media": {"url": "attachment://t.png"}, "description": "x", "spoiler": False}],
    }
    container = {
        "type": 17,
        "accent_color": 3897943,
        "spoiler": False,
        "components": [
            {"type": 10, "content": "### Your cards"},
            {"type": 9, "components": [{"type": 10, "content": "Ana"}], "accessory": button},
            gallery,
            {"type": 1, "components": [select]},
            {"type": 1, "components": [{**button, "disabled": True, "style": 3}]},
        ],
    }
    return {
        "components": [container],
        "attachments": [{"id": 0, "filename": "t.png", "description": "The table"}],
        "allowed_mentions": {"parse": []},
        "flags": LAYOUT,
    }


def callback_bodies() -> list[dict[str, Any]]:
    data = message_body()
    modal = {
        "custom_id": "m",
        "title": "Name",
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "n", "style": 1, "label": "N"}]}
        ],
    }
    return [
        {"type": 4, "data": data},
        {"type": 5, "data": {"flags": 64}},
        {"type": 6},
        {"type": 7, "data": data},
        {"type": 7, "data": layout_body()},
        {"type": 9, "data": modal},
        {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}]}},
    ]


def mutations(body: Any, rng: random.Random, count: int) -> list[Any]:
    """`count` copies of `body`, each with one value somewhere replaced by another kind
    of value (most are now invalid, some still valid): both validators must agree."""
    swaps: list[Any] = [None, 0, 99, -1, "", "x" * 120, True, False, [], {}, [1], {"type": 2}]
    swaps += [2.5, 16777216, 25, 26, 1 << 40, -(1 << 40)]  # integers at and past bounds
    swaps += ["é" * 80, "y" * 81, "ü" * 100, "z" * 101, "https://e.x/" + "u" * 88]  # at limits
    out = []
    for _ in range(count):
        mutated = copy.deepcopy(body)
        node: Any = mutated
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = rng.choice(keys)
            inner = node[key]
            if isinstance(inner, dict | list) and inner and rng.random() < 0.7:
                node = inner
                continue
            node[key] = rng.choice(swaps)
            break
        out.append(mutated)
    return out


def test_the_fast_check_accepts_exactly_what_the_full_one_accepts(spec: SpecValidator) -> None:
    rng = random.Random(7)
    path = str(spec.path)
    verdicts = {True: 0, False: 0}
    for method, template in ROUTES:
        full, fast = _compiled(path, method, template), _fast(path, method, template)
        assert full is not None and fast is not None
        bodies = callback_bodies() if template == CALLBACK else [message_body(), layout_body()]
        for body in bodies:
            assert full.is_valid(body), (template, body)
            count = 12 if body.get("flags") == LAYOUT else 120  # (a layout's are slow to check)
            for variant in [body, *mutations(body, rng, count)]:
                verdict = full.is_valid(variant)
                assert fast.is_valid(variant) == verdict, (template, variant)
                verdicts[verdict] += 1
    assert verdicts[True] > 15 and verdicts[False] > 100  # both kinds were tried
    assert isinstance(_fast(path, "patch", ORIGINAL), ByField)  # fields checked one by one
    assert isinstance(_fast(path, "post", FOLLOWUP), AnyOf)  # a message, or its edit


def test_panels_that_differ_in_words_switches_and_counts_share_one_verdict(
    spec: SpecValidator, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = _fast(str(spec.path), "post", FOLLOWUP)
    full = _compiled(str(spec.path), "post", FOLLOWUP)
    assert fast is not None and full is not None
    fast.is_valid(layout_body())

    def changed(options: int) -> dict[str, Any]:
        body = layout_body()
        container = body["components"][0]
        container["accent_color"] = 15158332
        container["components"][0]["content"] = "### Deine Karten"
        container["components"][4]["components"][0].update(disabled=False, label="Passen")
        select = container["components"][3]["components"][0]
        select["options"] = [
            {"label": f"{n}", "value": f"{n}", "default": n == 0} for n in range(options)
        ]
        return body

    checked: list[Any] = []
    original = Draft202012Validator.is_valid

    def counted(self: Draft202012Validator, value: Any) -> bool:
        checked.append(value)
        return original(self, value)

    monkeypatch.setattr(Draft202012Validator, "is_valid", counted)
    assert fast.is_valid(changed(options=1)) and fast.is_valid(changed(options=5))
    assert checked == []  # nothing was checked afresh
    too_many = changed(options=26)  # a select holds 25 options at most
    assert not fast.is_valid(too_many) and not original(full, too_many)


def test_a_refused_body_is_still_explained_the_way_discord_does(spec: SpecValidator) -> None:
    body = message_body()
    body["components"][0]["components"][0]["label"] = "x" * 81
    with pytest.raises(ApiError) as caught:
        spec.check("POST", MESSAGES, body)
    errors = caught.value.body()["errors"]
    label = errors["components"]["0"]["components"]["0"]["label"]["_errors"][0]
    assert label["code"] == "BASE_TYPE_MAX_LENGTH"


def test_validators_are_compiled_once_per_route(spec: SpecValidator) -> None:
    spec.check("POST", CALLBACK, {"type": 6})
    before = _fast.cache_info()
    for _ in range(3):
        spec.check("POST", CALLBACK, {"type": 6})
        spec.check("POST", CALLBACK, callback_bodies()[3])
    after = _fast.cache_info()
    assert after.misses == before.misses and after.hits > before.hits
    assert _fast(str(spec.path), "post", CALLBACK) is _fast(str(spec.path), "post", CALLBACK)


# -- bounded memory for pictures ----------------------------------------------------------------


def picture_post(state: DoubleState, channel: Channel, name: str) -> Any:
    upload = Upload(0, name, png(40, 30), "image/png")
    return state.post(channel, state.bot, {"content": name}, [upload])


def test_only_the_newest_pictures_of_a_channel_keep_their_bytes() -> None:
    state = DoubleState(SystemClock())
    state.pictures = PictureMemory(keep_last=2)
    one = state.add_channel(state.guild, "one")
    two = state.add_channel(state.guild, "two")
    first, second = picture_post(state, one, "a.png"), picture_post(state, one, "b.png")
    elsewhere = picture_post(state, two, "c.png")
    state.post(one, state.bot, {"content": "just words"}, [])  # no picture: not counted
    assert not first.attachments[0].dropped
    state.edit(first, {"content": "a, edited"}, [Upload(0, "a2.png", png(50, 30), "image/png")])
    third = picture_post(state, one, "d.png")  # `second` is now the oldest with pictures
    assert second.attachments[0].dropped and second.attachments[0].data == b""
    assert [a.dropped for a in first.attachments] == [False, False]
    assert not third.attachments[0].dropped and not elsewhere.attachments[0].dropped
    shown = second.attachments[0].to_dict()  # the message reads as before
    assert (shown["width"], shown["height"], shown["size"]) == (40, 30, len(png(40, 30)))


def test_a_picture_an_edit_replaced_lets_go_of_its_bytes() -> None:
    state = DoubleState(SystemClock())
    channel = state.add_channel(state.guild, "one")
    message = picture_post(state, channel, "a.png")
    old = message.attachments[0]
    listed = {"attachments": [{"id": 0, "filename": "b.png"}]}
    state.edit(message, listed, [Upload(0, "b.png", png(), "image/png")])
    assert old.dropped and not message.attachments[0].dropped
    assert channel.type == TEXT


async def test_a_dropped_picture_is_no_longer_served(double: DiscordDouble) -> None:
    double.state.pictures = PictureMemory(keep_last=1)
    channel = double.channel("general")
    old = picture_post(double.state, channel, "a.png")
    new = picture_post(double.state, channel, "b.png")
    async with aiohttp.ClientSession() as session:
        async with session.get(old.attachments[0].url) as response:
            assert response.status == 404
        async with session.get(new.attachments[0].url) as response:
            assert response.status == 200 and await response.read() == png(40, 30)


# -- acknowledgement times -----------------------------------------------------------------------


async def test_an_interaction_knows_when_it_was_acknowledged(
    double: DiscordDouble, bot: Any
) -> None:
    ana = double.add_member("Ana")
    result = await ana.slash("ping")
    record = result.record
    assert record.acknowledged_monotonic is not None
    assert record.ack_seconds is not None and 0 <= record.ack_seconds < 3
    pending = double.interactions.create(2, ana.user, double.channel("general"), {"name": "x"})
    assert pending.ack_seconds is None
