"""The sandbox page's JSON endpoints, driving the simulated users' API."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.double.http_app import double_of, json
from bot.double.model import LOCALES
from bot.double.results import InteractionResult
from bot.double.users import SimUser
from bot.double.waiting import WaitTimeout
from bot.double.web.views import snapshot, version_of

STATIC = Path(__file__).with_name("static")
API = "/sandbox/api"
LONG_POLL = 25.0


def register(router: web.UrlDispatcher) -> None:
    router.add_get("/", home)
    router.add_get("/sandbox/", index)
    router.add_static("/sandbox/static", STATIC)
    router.add_get(API + "/state", state)
    router.add_post(API + "/slash", slash)
    router.add_post(API + "/autocomplete", autocomplete)
    router.add_post(API + "/click", click)
    router.add_post(API + "/select", select)
    router.add_post(API + "/modal", submit_modal)
    router.add_post(API + "/modal/dismiss", dismiss_modal)
    router.add_post(API + "/members", add_member)
    router.add_post(API + "/members/{user_id}", update_member)
    router.add_post(API + "/guild", update_guild)


async def home(request: web.Request) -> web.Response:
    raise web.HTTPFound("/sandbox/")


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html")


def _user(request: web.Request, raw: Any) -> SimUser:
    double = double_of(request)
    for sim in double.members:
        if str(sim.id) == str(raw):
            return sim
    raise web.HTTPBadRequest(text=f"unknown member {raw}")


async def state(request: web.Request) -> web.Response:
    """The world as one member sees it; with `version` (the one the page holds), waits
    until it changes and brings only the messages changed since."""
    double = double_of(request)
    raw = request.query.get("user")
    me = _user(request, raw) if raw else None
    version = request.query.get("version")
    if version is not None:
        with contextlib.suppress(WaitTimeout):
            await double.wait_for(lambda: version_of(double) != version, LONG_POLL, "a change")
    return json(snapshot(double, me, since=version))


async def _act(coro: Any) -> web.Response:
    """Run a user action; its problems come back as {"error": "..."} for the page."""
    try:
        result = await coro
    except (LookupError, ValueError, PermissionError, AssertionError, RuntimeError) as exc:
        return json({"ok": False, "error": str(exc)}, 400)
    answer: dict[str, Any] = {"ok": True}
    if isinstance(result, InteractionResult):
        answer["interaction"] = str(result.record.id)
        answer["response_type"] = result.response_type
    elif isinstance(result, list):
        answer["choices"] = result
    return json(answer)


async def _body(request: web.Request) -> dict[str, Any]:
    data = await request.json()
    if not isinstance(data, dict):
        raise web.HTTPBadRequest(text="expected a JSON object")
    return data


def _channel(request: web.Request, raw: Any) -> Any:
    double = double_of(request)
    return double.state.channel(int(raw)) if raw else None


async def slash(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request, body.get("user"))
    options = _clean(body.get("options") or {})
    channel = _channel(request, body.get("channel"))
    return await _act(user.slash(str(body.get("command")), channel=channel, options=options))


async def autocomplete(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request, body.get("user"))
    options = _clean(body.get("options") or {})
    focused = str(body.get("focused"))
    options.pop(focused, None)
    coro = user.autocomplete(
        str(body.get("command")),
        focused,
        str(body.get("typed") or ""),
        channel=_channel(request, body.get("channel")),
        **options,
    )
    return await _act(coro)


async def click(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request, body.get("user"))
    message = int(body.get("message") or 0)
    return await _act(user.click(message, custom_id=str(body.get("custom_id"))))


async def select(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request, body.get("user"))
    message = int(body.get("message") or 0)
    values = list(body.get("values") or [])
    return await _act(user.select(message, values, custom_id=str(body.get("custom_id"))))


async def submit_modal(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request, body.get("user"))
    modal = next((m for m in user.modals() if str(m.interaction_id) == str(body.get("id"))), None)
    if modal is None:
        return json({"ok": False, "error": "that modal is no longer open"}, 400)
    values = {str(k): v for k, v in (body.get("values") or {}).items() if v not in ("", [], None)}
    return await _act(user.submit_modal(values, modal=modal))


async def dismiss_modal(request: web.Request) -> web.Response:
    body = await _body(request)
    user = _user(request, body.get("user"))
    double = double_of(request)
    for modal in user.modals():
        if str(modal.interaction_id) == str(body.get("id")):
            double.state.modals.remove(modal)
    double.state.changed()
    return json({"ok": True})


async def add_member(request: web.Request) -> web.Response:
    body = await _body(request)
    name = str(body.get("name") or "").strip()
    if not name:
        return json({"ok": False, "error": "a name is needed"}, 400)
    double = double_of(request)
    sim = double.add_member(
        name, admin=bool(body.get("admin")), dms_open=bool(body.get("dms_open", True))
    )
    return json({"ok": True, "id": str(sim.id)})


async def update_member(request: web.Request) -> web.Response:
    body = await _body(request)
    sim = _user(request, request.match_info["user_id"])
    double = double_of(request)
    if "locale" in body and body["locale"] not in LOCALES:
        return _unknown_locale(body["locale"])
    if "dms_open" in body:
        sim.dms_open = bool(body["dms_open"])
    if "admin" in body:
        double.make_admin(sim, bool(body["admin"]))
    if "locale" in body:
        sim.user.locale = str(body["locale"])  # what their next interactions carry
    double.state.changed()
    return json({"ok": True})


async def update_guild(request: web.Request) -> web.Response:
    """The server's settings the page can change: its preferred locale."""
    body = await _body(request)
    double = double_of(request)
    if "locale" in body:
        if body["locale"] not in LOCALES:
            return _unknown_locale(body["locale"])
        double.state.set_locale(double.guild, str(body["locale"]))
    return json({"ok": True})


def _unknown_locale(raw: Any) -> web.Response:
    error = f"unknown locale {raw}; Discord's are {', '.join(LOCALES)}"
    return json({"ok": False, "error": error}, 400)


def _clean(options: dict[str, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in options.items() if v not in ("", None)}
