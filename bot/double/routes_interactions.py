"""Interaction callbacks and the interaction webhook (follow-ups, @original)."""

from __future__ import annotations

from aiohttp import web

from bot.double.bodies import read_body
from bot.double.http_app import double_of, json, no_content
from bot.double.interactions import InteractionRecord
from bot.double.state import as_int

P = "/api/v10"
HOOK = P + "/webhooks/{webhook_id}/{webhook_token}"


def register(router: web.UrlDispatcher) -> None:
    router.add_post(P + "/interactions/{interaction_id}/{interaction_token}/callback", callback)
    router.add_post(HOOK, followup)
    for target in ("@original", "{message_id}"):
        router.add_get(HOOK + "/messages/" + target, get_message)
        router.add_patch(HOOK + "/messages/" + target, edit_message)
        router.add_delete(HOOK + "/messages/" + target, delete_message)


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


async def callback(request: web.Request) -> web.Response:
    double = double_of(request)
    record = double.interactions.record_for_callback(
        as_int(request.match_info["interaction_id"]), request.match_info["interaction_token"]
    )
    try:
        body = await read_body(request, double.spec)
        answer = double.interactions.callback(record, body.dict, body.uploads)
    except Exception as exc:
        record.callback_errors.append(exc)  # type: ignore[arg-type]
        double.state.changed()
        raise
    if _truthy(request.query.get("with_response")):
        return json(answer)
    return no_content()


def _record(request: web.Request) -> InteractionRecord:
    return double_of(request).interactions.record_for_webhook(
        as_int(request.match_info["webhook_id"]), request.match_info["webhook_token"]
    )


def _target(request: web.Request) -> str:
    return request.match_info.get("message_id", "@original")


async def followup(request: web.Request) -> web.Response:
    double = double_of(request)
    record = _record(request)
    body = await read_body(request, double.spec)
    message = double.interactions.followup(record, body.dict, body.uploads)
    if _truthy(request.query.get("wait")):
        return json(double.state.message_json(message))
    return no_content()


async def get_message(request: web.Request) -> web.Response:
    double = double_of(request)
    message = double.interactions.find_message(_record(request), _target(request))
    return json(double.state.message_json(message))


async def edit_message(request: web.Request) -> web.Response:
    double = double_of(request)
    record = _record(request)
    message = double.interactions.find_message(record, _target(request))
    body = await read_body(request, double.spec)
    edited = double.interactions.edit(message, body.dict, body.uploads)
    return json(double.state.message_json(edited))


async def delete_message(request: web.Request) -> web.Response:
    double = double_of(request)
    message = double.interactions.find_message(_record(request), _target(request))
    double.state.delete(message)
    return no_content()
