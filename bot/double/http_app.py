"""The aiohttp application: Discord's error shape, auth, rate limits and a request log."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from json import dumps
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.double import errors
from bot.double.bodies import API_PREFIX, template_of

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble

log = logging.getLogger(__name__)

DOUBLE: web.AppKey[DiscordDouble] = web.AppKey("double")
UNAUTHENTICATED = ("/webhooks/", "/interactions/", "/gateway")
MAJOR = ("channel_id", "guild_id", "webhook_id", "webhook_token", "interaction_id")


@dataclass
class Exchange:
    """One HTTP request the bot made, and the status it got."""

    method: str
    path: str
    route: str
    status: int
    error: dict[str, Any] | None = None
    injected: bool = False  # a fault a test asked for (see `DiscordDouble.fault`)


def double_of(request: web.Request) -> DiscordDouble:
    return request.app[DOUBLE]


def json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py compares it verbatim)."""
    body = dumps(data, separators=(",", ":")).encode()
    return web.Response(
        body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def api_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    if not request.path.startswith(API_PREFIX + "/"):
        return await handler(request)
    double = double_of(request)
    template = template_of(request)
    route = f"{request.method} {template}"
    major = "+".join(request.match_info.get(k, "") for k in MAJOR)
    if interaction_response(request, template, double.state.application_id):
        double.global_limit.exempt += 1
    else:
        key = request.headers.get("Authorization") or f"address {request.remote}"
        retry_after = double.global_limit.admit(key)
        if retry_after is not None:
            double.exchanges.append(Exchange(request.method, request.path, route, 429))
            return double.global_limit.refuse(route, retry_after)
    headers, retry_after = double.rate_limits.check(request.method, template, major)
    if retry_after is not None:
        double.exchanges.append(Exchange(request.method, request.path, route, 429))
        return double.rate_limits.refuse(route, headers, retry_after)
    fault = double.fault(route, request.path) if double.fault is not None else None
    if fault is not None:  # before anything happens: nothing is created or changed
        double.exchanges.append(
            Exchange(request.method, request.path, route, fault.status, fault.body(), True)
        )
        double.last_request = time.monotonic()
        return json(fault.body(), fault.status, {**headers, **fault.headers})
    error: dict[str, Any] | None = None
    double.in_flight += 1
    try:
        needs_auth = not template.startswith(UNAUTHENTICATED) or template == "/gateway/bot"
        if needs_auth and request.headers.get("Authorization") != f"Bot {double.bot_token}":
            raise errors.unauthorized()
        response = await handler(request)
    except errors.ApiError as exc:
        error = exc.body()
        response = json(error, exc.status, exc.headers)
    except web.HTTPNotFound:
        error = errors.not_found().body()
        response = json(error, 404)
        double.unhandled.append(route)
    except web.HTTPMethodNotAllowed:
        error = {"message": "405: Method Not Allowed", "code": 0}
        response = json(error, 405)
        double.unhandled.append(route)
    except Exception:
        log.exception("the double failed on %s", route)
        error = {"message": "500: Internal Server Error (the double failed)", "code": 0}
        response = json(error, 500)
    finally:
        double.in_flight -= 1
        double.last_request = time.monotonic()
    response.headers.update(headers)
    double.exchanges.append(Exchange(request.method, request.path, route, response.status, error))
    if error is not None:
        log.info("double answered %s %s: %s", route, response.status, error)
    return response


def interaction_response(request: web.Request, template: str, application_id: int) -> bool:
    """An interaction's callback, or a request on its webhook (`@original`, follow-ups):
    exempt from the global rate limit, as on Discord."""
    if template.startswith("/interactions/"):
        return True
    hook = request.match_info.get("webhook_id")
    return template.startswith("/webhooks/") and hook == str(application_id)


def build_app(double: DiscordDouble) -> web.Application:
    from bot.double import routes_channels, routes_core, routes_interactions
    from bot.double.web import routes as sandbox_routes

    app = web.Application(middlewares=[api_middleware], client_max_size=64 * 1024 * 1024)
    app[DOUBLE] = double
    routes_core.register(app.router)
    routes_interactions.register(app.router)
    routes_channels.register(app.router)
    app.router.add_get("/gateway-ws", double.gateway.handle)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", attachment)
    sandbox_routes.register(app.router)
    return app


async def attachment(request: web.Request) -> web.StreamResponse:
    double = double_of(request)
    found = double.state.attachments.get(int(request.match_info["attachment_id"]))
    if found is None or found.dropped:  # an old picture's bytes are let go (pictures.py)
        raise web.HTTPNotFound()
    return web.Response(body=found.data, content_type=found.content_type)
