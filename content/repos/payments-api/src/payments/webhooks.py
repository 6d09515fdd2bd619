"""Stripe webhook ingestion (ADR 007): verify, insert into the inbox, acknowledge; process asynchronously."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from payments.models import ApiError, InboxEvent, Refund, RefundStatus, Store
from payments.refunds import transition

log = logging.getLogger(__name__)

TOLERANCE_SECONDS = 300
MAX_ATTEMPTS = 8
Handler = Callable[[Store, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handles(event_type: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[event_type] = fn
        return fn
    return register


def verify_signature(payload: bytes, header: str, secrets: Sequence[str], now: float | None = None) -> None:
    """Stripe-Signature: t=<ts>,v1=<hex hmac of "<ts>.<raw body>">.

    Raw bytes only: never re-encode or re-serialise the body before verifying.
    """
    invalid = ApiError(400, "invalid_request", "signature_invalid", "Stripe signature did not verify.")
    parts = dict(item.split("=", 1) for item in header.split(",") if "=" in item)
    try:
        timestamp = int(parts["t"])
    except (KeyError, ValueError) as exc:
        raise invalid from exc
    if abs((now or time.time()) - timestamp) > TOLERANCE_SECONDS:
        raise invalid
    signed = f"{timestamp}.".encode() + payload
    for secret in secrets:  # current and, during rotation, next
        expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
        if hmac.compare_digest(expected, parts.get("v1", "")):
            return
    raise invalid


def receive(store: Store, payload: bytes, header: str, secrets: Sequence[str]) -> int:
    """The HTTP view's whole job. A duplicate delivery is a no-op that still returns 200."""
    verify_signature(payload, header, secrets)
    event = json.loads(payload)
    inserted = store.insert_inbox(InboxEvent(stripe_event_id=event["id"], type=event["type"], payload=event))
    log.info("webhook.received", extra={"stripe_event_id": event["id"], "duplicate": not inserted})
    return 200


def process_pending(store: Store) -> int:
    """Celery task body; in Postgres the claim is SELECT ... FOR UPDATE SKIP LOCKED."""
    done = 0
    for row in [r for r in store.inbox.values() if r.status == "pending"]:
        handler = HANDLERS.get(row.type)
        if handler is None:
            row.status = "ignored"
            continue
        try:
            handler(store, row.payload["data"]["object"])
            row.status = "processed"
            done += 1
        except Exception:
            row.attempts += 1
            log.exception("webhook.handler_failed", extra={"stripe_event_id": row.stripe_event_id})
            if row.attempts >= MAX_ATTEMPTS:
                row.status = "dead"
    return done


@handles("charge.refund.updated")
def apply_refund_updated(store: Store, obj: dict[str, Any]) -> None:
    """Mirror only: converge our row on Stripe's object. Never create a Stripe refund from here."""
    refund = store.refund_by_stripe_id(obj["id"])
    if refund is None:
        charge = next((c for c in store.charges.values() if c.stripe_id == obj["charge"]), None)
        if charge is None:
            return  # not one of ours
        refund = store.add_refund(Refund(id=store.next_id(), merchant_id=charge.merchant_id,
                                         charge_id=charge.id, amount_cents=obj["amount"],
                                         stripe_refund_id=obj["id"], status=RefundStatus.PENDING))
    transition(refund, RefundStatus(obj["status"]), source="webhook")
