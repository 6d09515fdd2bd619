"""A stdlib HTTP entry point wiring refunds, webhooks and pagination (the service itself uses Django)."""

from __future__ import annotations

import json
import os
import uuid
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs
from wsgiref.simple_server import make_server

from payments.models import ApiError, Store
from payments.refunds import list_refunds, serialise
from payments.webhooks import process_pending, receive

store = Store()


def _signing_key() -> bytes:
    return os.environ.get("CURSOR_SIGNING_KEY", "dev-only-cursor-key").encode()


def _webhook_secrets() -> list[str]:
    names = ("STRIPE_WEBHOOK_SECRET", "STRIPE_WEBHOOK_SECRET_NEXT")
    return [os.environ[n] for n in names if os.environ.get(n)]


def route(method: str, path: str, query: dict[str, str], headers: dict[str, str],
          body: bytes) -> tuple[int, dict[str, Any]]:
    if method == "GET" and path == "/v1/refunds":
        merchant_id = int(headers.get("x-merchant-id", "0"))  # set by auth middleware in the service
        page = list_refunds(store, merchant_id=merchant_id, limit=int(query.get("limit", "50")),
                            cursor=query.get("cursor"), status=query.get("status"),
                            signing_key=_signing_key())
        return 200, {"data": [serialise(r) for r in page.items], "has_more": page.has_more,
                     "next_cursor": page.next_cursor}
    if method == "POST" and path == "/webhooks/stripe":
        status = receive(store, body, headers.get("stripe-signature", ""), _webhook_secrets())
        process_pending(store)  # the service enqueues a Celery task instead
        return status, {"received": True}
    raise ApiError(404, "not_found", "route_not_found", f"No route for {method} {path}.")


def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    request_id = f"req_{uuid.uuid4().hex[:12]}"
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length) if length else b""
    query = {k: v[0] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
    headers = {k[5:].replace("_", "-").lower(): v for k, v in environ.items() if k.startswith("HTTP_")}
    try:
        status, payload = route(environ["REQUEST_METHOD"], environ["PATH_INFO"], query, headers, body)
    except ApiError as err:
        status, payload = err.status, err.body(request_id)
    start_response(
        f"{status} {HTTPStatus(status).phrase}",
        [("Content-Type", "application/json"), ("Request-Id", request_id)],
    )
    return [json.dumps(payload).encode()]


if __name__ == "__main__":
    with make_server("", int(os.environ.get("PORT", "8000")), app) as server:
        print("payments-api core listening on", server.server_port)
        server.serve_forever()
