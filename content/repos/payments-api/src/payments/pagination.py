"""Signed, filter-bound keyset cursors (ADR 005, projects/pay/patterns/cursor-encoding.md)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Generic, TypeVar

from payments.models import ApiError, now

T = TypeVar("T")
CURSOR_VERSION = 1
CURSOR_MAX_AGE = timedelta(hours=24)
MAX_LIMIT = 200


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    next_cursor: str | None
    has_more: bool


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def filters_hash(filters: dict[str, str]) -> str:
    normalised = "&".join(f"{k}={filters[k]}" for k in sorted(filters))
    return hashlib.sha256(normalised.encode()).hexdigest()[:12]


def encode_cursor(ts: datetime, row_id: int, filters: dict[str, str], key: bytes) -> str:
    body = {"ts": ts.isoformat(timespec="microseconds"), "id": row_id, "f": filters_hash(filters),
            "iat": now().isoformat(), "v": CURSOR_VERSION}
    payload = _b64(json.dumps(body, separators=(",", ":")).encode())
    sig = _b64(hmac.new(key, payload.encode(), hashlib.sha256).digest())[:22]
    return f"{payload}.{sig}"


def decode_cursor(cursor: str, filters: dict[str, str], key: bytes) -> tuple[datetime, int]:
    invalid = ApiError(400, "invalid_request", "invalid_cursor",
                       "The cursor is malformed or was issued for different filters.", "cursor")
    try:
        payload, sig = cursor.split(".", 1)
        expected = _b64(hmac.new(key, payload.encode(), hashlib.sha256).digest())[:22]
        if not hmac.compare_digest(sig, expected):
            raise invalid
        body = json.loads(_unb64(payload))
        if body["v"] != CURSOR_VERSION or body["f"] != filters_hash(filters):
            raise invalid
        if now() - datetime.fromisoformat(body["iat"]) > CURSOR_MAX_AGE:
            raise invalid
        return datetime.fromisoformat(body["ts"]), int(body["id"])
    except (ValueError, KeyError, TypeError) as exc:
        raise invalid from exc


def paginate(rows: Iterable[T], *, key_of: Callable[[T], tuple[datetime, int]], limit: int,
             cursor: str | None, filters: dict[str, str], signing_key: bytes) -> Page[T]:
    """Keyset page over rows ordered by (created_at DESC, id DESC); fetches limit + 1 to learn has_more."""
    if not 1 <= limit <= MAX_LIMIT:
        raise ApiError(400, "invalid_request", "limit_out_of_range",
                       "limit must be between 1 and 200.", "limit")
    ordered: Sequence[T] = sorted(rows, key=key_of, reverse=True)
    if cursor:
        after = decode_cursor(cursor, filters, signing_key)
        ordered = [r for r in ordered if key_of(r) < after]
    window = list(ordered[: limit + 1])
    has_more = len(window) > limit
    items = window[:limit]
    next_cursor = encode_cursor(*key_of(items[-1]), filters, signing_key) if has_more else None
    return Page(items=items, next_cursor=next_cursor, has_more=has_more)
