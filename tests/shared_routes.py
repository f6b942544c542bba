"""One request handler per route for every app a test makes.

FastAPI builds the handler of each route of an included router (its dependencies, its models'
validators) anew for every app, at the app's first request to that router: about a tenth of a
second for the API's routers. Nearly every test makes an app of its own (its database, its
clock, both on `app.state`), so the suite paid that thousands of times. Here the handler built
for a route, included the same way, is kept with the route and serves the next app too. A route
made for one app alone (a channel type's webhook, which holds that app's engine) is a key of its
own, so it never serves another app. No dependency override is ever set (such an app is built
as FastAPI builds it); where FastAPI's private names are not these, nothing is changed.
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import Any

from fastapi import routing


def _inclusion(context: Any) -> tuple[object, ...]:
    """What, beside the route, the handler is built from: how its router was included."""
    return (
        id(context.included_router),
        context.prefix,
        repr(context.tags),
        repr([(d.dependency, d.use_cache) for d in context.dependencies]),
        repr(context.default_response_class),
        repr(context.responses),
        len(context.callbacks),
        context.deprecated,
        context.include_in_schema,
        repr(context.generate_unique_id_function),
        repr(context.strict_content_type),
        context.max_body_size,
        repr(context.form_limits),
    )


def share_route_handlers() -> None:
    effective = getattr(routing, "_EffectiveRouteContext", None)
    build = getattr(effective, "from_api_route", None)
    if effective is None or build is None:
        return
    # By the route's id (a route is no dict key), forgotten when the route is: an id is taken
    # again only by an object made after that.
    built: dict[int, dict[tuple[object, ...], Any]] = {}

    def from_api_route(cls: type, *, original_route: Any, include_context: Any) -> Any:
        overrides = getattr(
            include_context.dependency_overrides_provider, "dependency_overrides", {}
        )
        if overrides:
            return build(original_route=original_route, include_context=include_context)
        by_inclusion = built.get(id(original_route))
        if by_inclusion is None:
            by_inclusion = built[id(original_route)] = {}
            weakref.finalize(original_route, built.pop, id(original_route), None)
        key = _inclusion(include_context)
        if key not in by_inclusion:
            # Built without the app, so that no app is kept alive by a route that outlives it.
            alone = dataclasses.replace(include_context, dependency_overrides_provider=None)
            by_inclusion[key] = build(original_route=original_route, include_context=alone)
        return by_inclusion[key]

    effective.from_api_route = classmethod(from_api_route)
