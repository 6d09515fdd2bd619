"""Domain records and an in-memory store that enforces the same unique constraints as our Postgres schema."""

from __future__ import annotations

import itertools
import threading
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


class RefundStatus(StrEnum):
    REQUESTED = "requested"
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELED = "canceled"


# requested < pending < terminal; a transition to a lower precedence is ignored (no status regression)
PRECEDENCE = {
    RefundStatus.REQUESTED: 0,
    RefundStatus.PENDING: 1,
    RefundStatus.SUCCEEDED: 2,
    RefundStatus.FAILED: 2,
    RefundStatus.CANCELED: 2,
}


class ApiError(Exception):
    """Rendered as {"error": {"type", "code", "message", "param"}}; see references/api-error-format.md."""

    def __init__(self, status: int, type_: str, code: str, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.type, self.code, self.message, self.param = status, type_, code, message, param

    def body(self, request_id: str) -> dict[str, Any]:
        error = {"type": self.type, "code": self.code, "message": self.message, "request_id": request_id}
        if self.param:
            error["param"] = self.param
        return {"error": error}


def now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Charge:
    id: int
    merchant_id: int
    stripe_id: str
    amount_cents: int
    created_at: datetime = field(default_factory=now)


@dataclass
class Refund:
    id: int
    merchant_id: int
    charge_id: int
    amount_cents: int
    status: RefundStatus = RefundStatus.REQUESTED
    public_id: str = field(default_factory=lambda: f"rf_{uuid.uuid4().hex[:20]}")
    stripe_refund_id: str | None = None
    created_at: datetime = field(default_factory=now)


@dataclass
class InboxEvent:
    stripe_event_id: str
    type: str
    payload: dict[str, Any]
    received_at: datetime = field(default_factory=now)
    status: str = "pending"  # pending | processed | ignored | dead
    attempts: int = 0


class Store:
    """Thread-safe stand-in for the database. Unique keys behave like Postgres unique constraints."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self.charges: dict[int, Charge] = {}
        self.refunds: dict[int, Refund] = {}
        self.inbox: dict[str, InboxEvent] = {}

    def next_id(self) -> int:
        return next(self._ids)

    def add_charge(self, charge: Charge) -> Charge:
        with self._lock:
            self.charges[charge.id] = charge
        return charge

    def add_refund(self, refund: Refund) -> Refund:
        with self._lock:
            if refund.stripe_refund_id and self.refund_by_stripe_id(refund.stripe_refund_id):
                raise ApiError(409, "conflict", "duplicate_refund", "Refund already recorded.")
            self.refunds[refund.id] = refund
        return refund

    def refund_by_stripe_id(self, stripe_refund_id: str) -> Refund | None:
        return next((r for r in self.refunds.values() if r.stripe_refund_id == stripe_refund_id), None)

    def insert_inbox(self, event: InboxEvent) -> bool:
        """INSERT ... ON CONFLICT (stripe_event_id) DO NOTHING; True when the row was inserted."""
        with self._lock:
            if event.stripe_event_id in self.inbox:
                return False
            self.inbox[event.stripe_event_id] = event
            return True
