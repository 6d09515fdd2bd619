"""Refund creation, the refund state machine, and the refunds list endpoint's query."""

from __future__ import annotations

import logging
from typing import Any, Protocol

from payments.models import PRECEDENCE, ApiError, Refund, RefundStatus, Store
from payments.pagination import Page, paginate

log = logging.getLogger(__name__)

ACTIVE = {RefundStatus.REQUESTED, RefundStatus.PENDING, RefundStatus.SUCCEEDED}


class StripeRefunds(Protocol):
    def create_refund(self, *, charge: str, amount: int, idempotency_key: str) -> dict[str, Any]: ...


def transition(refund: Refund, to: RefundStatus, source: str) -> bool:
    """Move a refund forward; a move to a lower-precedence state is logged and ignored, never an error."""
    if PRECEDENCE[to] < PRECEDENCE[refund.status] or (
        PRECEDENCE[to] == PRECEDENCE[refund.status] and to != refund.status
    ):
        log.info("refund.transition_ignored", extra={"refund": refund.public_id, "from": refund.status,
                                                      "to": to, "source": source})
        return False
    refund.status = to
    return True


def create_refund(store: Store, stripe: StripeRefunds, *, merchant_id: int, charge_id: int,
                  amount_cents: int) -> Refund:
    charge = store.charges.get(charge_id)
    if charge is None or charge.merchant_id != merchant_id:
        raise ApiError(404, "not_found", "charge_not_found", "No such charge.", "charge")
    if amount_cents <= 0:
        raise ApiError(422, "invalid_request", "amount_invalid", "Amount must be positive.", "amount")
    already = sum(r.amount_cents for r in store.refunds.values()
                  if r.charge_id == charge_id and r.status in ACTIVE)
    if already + amount_cents > charge.amount_cents:
        raise ApiError(422, "invalid_request", "refund_exceeds_charge",
                       "Refund total would exceed the captured amount.", "amount")

    # 1. commit the intent first: the row's public_id is the idempotency key for Stripe
    refund = store.add_refund(Refund(id=store.next_id(), merchant_id=merchant_id, charge_id=charge_id,
                                     amount_cents=amount_cents))
    # 2. call Stripe outside any transaction, with a key derived from our own row (never uuid4())
    try:
        result = stripe.create_refund(charge=charge.stripe_id, amount=amount_cents,
                                      idempotency_key=f"refund:{refund.public_id}")
    except TimeoutError:
        log.warning("refund.stripe_timeout", extra={"refund": refund.public_id})
        return refund  # stays requested; the retry task resends with the same key
    # 3. record Stripe's answer
    refund.stripe_refund_id = result["id"]
    transition(refund, RefundStatus(result.get("status", "pending")), source="api")
    return refund


def list_refunds(store: Store, *, merchant_id: int, limit: int = 50, cursor: str | None = None,
                 status: str | None = None, signing_key: bytes) -> Page[Refund]:
    filters = {"merchant": str(merchant_id)}
    if status:
        filters["status"] = status
    rows = [r for r in store.refunds.values()
            if r.merchant_id == merchant_id and (status is None or r.status == status)]
    return paginate(rows, key_of=lambda r: (r.created_at, r.id), limit=limit, cursor=cursor,
                    filters=filters, signing_key=signing_key)


def serialise(refund: Refund) -> dict[str, Any]:
    return {
        "id": refund.public_id,
        "charge": refund.charge_id,
        "amount": refund.amount_cents,
        "status": refund.status.value,
        "created_at": refund.created_at.isoformat(),
    }
