"""Bodies checked against Discord's OpenAPI description, and the HTTP API's error shape."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import aiohttp
import pytest

from bot.double import DiscordDouble, running_double
from bot.double.errors import ApiError
from bot.double.schema import ENV_VAR, SpecValidator, default_spec_path

MESSAGES = "/channels/{channel_id}/messages"


@pytest.fixture
def spec() -> SpecValidator:
    validator = SpecValidator()
    if not validator.available:
        pytest.skip(f"Discord's OpenAPI description is not at {default_spec_path()}")
    return validator


def test_valid_bodies_pass(spec: SpecValidator) -> None:
    button = {"type": 2, "style": 1, "label": "Join", "custom_id": "join"}
    body = {
        "content": "hi",
        "tts": False,
        "components": [{"type": 1, "components": [button]}],
        "attachments": [{"id": 0, "filename": "board.png"}],
        "embeds": [{"title": "t", "image": {"url": "attachment://board.png"}}],
    }
    spec.check("POST", MESSAGES, body)


def test_rejection_names_the_field_in_discords_shape(spec: SpecValidator) -> None:
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a"}]}
    body = {"components": [{"type": 1, "components": [select]}]}
    with pytest.raises(ApiError) as caught:
        spec.check("POST", MESSAGES, body)
    error = caught.value
    assert (error.status, error.code, error.message) == (400, 50035, "Invalid Form Body")
    option = error.body()["errors"]["components"]["0"]["components"]["0"]["options"]["0"]
    assert option["value"]["_errors"][0]["code"] == "BASE_TYPE_REQUIRED"


def test_interaction_callback_union_picks_the_meant_branch(spec: SpecValidator) -> None:
    template = "/interactions/{interaction_id}/{interaction_token}/callback"
    spec.check("POST", template, {"type": 4, "data": {"content": "ok", "flags": 64}})
    with pytest.raises(ApiError) as caught:
        spec.check("POST", template, {"type": 9, "data": {"title": "No id", "components": []}})
    assert "custom_id" in json.dumps(caught.value.errors)


def test_command_registration_is_checked(spec: SpecValidator) -> None:
    template = "/applications/{application_id}/commands"
    spec.check("PUT", template, [{"name": "ping", "description": "Pong", "type": 1}])
    with pytest.raises(ApiError):
        spec.check("PUT", template, [{"name": "x" * 33, "description": "x", "type": 1}])


def test_discords_own_command_rules_apply() -> None:
    from bot.double.limits import check_commands

    check_commands([{"name": "würfeln", "description": "Roll", "type": 1}])
    for bad in (
        [{"name": "Bad Name!", "type": 1}],
        [{"name": "a", "type": 1}, {"name": "a", "type": 1}],
        [
            {
                "name": "a",
                "options": [{"name": "x", "type": 3}, {"name": "y", "type": 3, "required": True}],
            }
        ],
    ):
        with pytest.raises(ApiError):
            check_commands(bad)


def test_missing_description_disables_the_check_and_says_so_in_one_info_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not shipped beside the checkout is normal: no warning at every start."""
    monkeypatch.delenv(ENV_VAR, raising=False)
    caplog.set_level(logging.DEBUG, logger="bot.double.schema")
    missing = tmp_path / "nowhere" / "openapi.json"
    for _ in range(2):
        validator = SpecValidator(missing)
        assert not validator.available
        validator.check("POST", MESSAGES, {"content": 5})
    said = [r.levelno for r in caplog.records if "not found" in r.message]
    assert said == [logging.INFO]


def test_environment_variable_points_at_another_description(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body_schema = {"type": "object", "properties": {"content": {"maxLength": 3}}}
    document = {
        "openapi": "3.1.0",
        "paths": {
            MESSAGES: {
                "post": {"requestBody": {"content": {"application/json": {"schema": body_schema}}}}
            }
        },
        "components": {"schemas": {"SnowflakeType": {"type": "string"}}},
    }
    path = tmp_path / "openapi.json"
    path.write_text(json.dumps(document))
    monkeypatch.setenv(ENV_VAR, str(path))
    validator = SpecValidator()
    assert validator.path == path
    validator.check("POST", MESSAGES, {"content": "abc"})
    with pytest.raises(ApiError):
        validator.check("POST", MESSAGES, {"content": "abcd"})


async def _call(
    double: DiscordDouble, method: str, path: str, body: object = None, token: str | None = None
) -> tuple[int, dict[str, object]]:
    headers = {"Authorization": f"Bot {token or double.bot_token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, double.api_base + path, json=body, headers=headers) as response,
    ):
        assert response.headers["Content-Type"] == "application/json"
        assert "X-RateLimit-Bucket" in response.headers
        return response.status, await response.json()


async def test_http_errors_have_discords_shape(double: DiscordDouble) -> None:
    general = double.channel("general").id
    status, body = await _call(double, "POST", f"/channels/{general}/messages", {}, "bad")
    assert status == 401 and body["code"] == 0
    status, body = await _call(double, "POST", f"/channels/{general}/messages", {})
    assert status == 400 and body["code"] == 50006
    status, body = await _call(double, "GET", f"/channels/{general}/messages/123")
    assert (status, body["code"]) == (404, 10008)
    status, body = await _call(double, "GET", "/channels/123")
    assert (status, body["code"]) == (404, 10003)
    status, body = await _call(double, "GET", "/voice/regions")
    assert status == 404 and double.unhandled == ["GET /voice/regions"]


async def test_a_body_that_is_not_json_is_refused_as_discord_does(double: DiscordDouble) -> None:
    general = double.channel("general").id
    headers = {"Authorization": f"Bot {double.bot_token}", "Content-Type": "application/json"}
    async with aiohttp.ClientSession() as session:
        for data in (b"{not json", b"\xff\xfe{}"):
            url = f"{double.api_base}/channels/{general}/messages"
            async with session.post(url, data=data, headers=headers) as response:
                assert response.status == 400
                assert (await response.json())["code"] == 50109


async def test_without_description_only_discords_limits_apply(tmp_path: Path) -> None:
    async with running_double(openapi=tmp_path / "none.json") as double:
        assert double.spec is None
        general = double.channel("general").id
        no_style = {"type": 2, "label": "x", "custom_id": "x"}
        body = {"content": "ok", "components": [{"type": 1, "components": [no_style]}]}
        status, _ = await _call(double, "POST", f"/channels/{general}/messages", body)
        assert status == 200
        status, answer = await _call(
            double, "POST", f"/channels/{general}/messages", {"content": "x" * 2001}
        )
        assert status == 400 and answer["code"] == 50035


def test_a_discord_openapi_setting_naming_no_file_is_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "moved.json"
    monkeypatch.setenv(ENV_VAR, str(missing))
    assert not SpecValidator().available
    assert [r.levelno for r in caplog.records if r.name == "bot.double.schema"] == [logging.WARNING]
