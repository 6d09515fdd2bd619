from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from datetime import UTC, datetime
from typing import Any

import pytest

from payments.models import ApiError, Charge, Refund, RefundStatus, Store
from payments.pagination import encode_cursor
from payments.refunds import create_refund, list_refunds, transition
from payments.webhooks import process_pending, receive

KEY = b"test-cursor-key"
WEBHOOK_SECRET = "test-webhook-secret"


class FakeStripe:
    """Honours idempotency keys the way Stripe does: same key, same refund."""

    def __init__(self) -> None:
        self.by_key: dict[str, dict[str, Any]] = {}
        self.calls = 0

    def create_refund(self, *, charge: str, amount: int, idempotency_key: str) -> dict[str, Any]:
        self.calls += 1
        refund = {"id": f"re_{len(self.by_key) + 1}", "status": "pending"}
        return self.by_key.setdefault(idempotency_key, refund)


@pytest.fixture
def store() -> Store:
    s = Store()
    s.add_charge(Charge(id=1, merchant_id=7, stripe_id="ch_1", amount_cents=10_000))
    return s


def test_refund_cannot_exceed_charge(store: Store) -> None:
    create_refund(store, FakeStripe(), merchant_id=7, charge_id=1, amount_cents=6_000)
    with pytest.raises(ApiError) as err:
        create_refund(store, FakeStripe(), merchant_id=7, charge_id=1, amount_cents=5_000)
    assert err.value.code == "refund_exceeds_charge"


def test_status_never_regresses(store: Store) -> None:
    refund = Refund(id=1, merchant_id=7, charge_id=1, amount_cents=100, status=RefundStatus.SUCCEEDED)
    assert transition(refund, RefundStatus.PENDING, source="webhook") is False
    assert refund.status is RefundStatus.SUCCEEDED


def test_pages_do_not_skip_or_repeat_rows_with_identical_timestamps(store: Store) -> None:
    ts = datetime(2026, 9, 18, 10, 2, 11, 412000, tzinfo=UTC)
    for i in range(5):
        store.add_refund(Refund(id=100 + i, merchant_id=7, charge_id=1, amount_cents=1, created_at=ts))
    seen: list[int] = []
    cursor = None
    while True:
        page = list_refunds(store, merchant_id=7, limit=2, cursor=cursor, signing_key=KEY)
        seen += [r.id for r in page.items]
        if not page.has_more:
            break
        cursor = page.next_cursor
    assert seen == [104, 103, 102, 101, 100]


def test_cursor_bound_to_filters(store: Store) -> None:
    cursor = encode_cursor(datetime.now(UTC), 5, {"merchant": "7"}, KEY)
    with pytest.raises(ApiError) as err:
        list_refunds(store, merchant_id=7, status="pending", cursor=cursor, signing_key=KEY)
    assert err.value.code == "invalid_cursor"


def _signed(event: dict[str, Any]) -> tuple[bytes, str]:
    body = json.dumps(event).encode()
    ts = int(time.time())
    sig = hmac.new(WEBHOOK_SECRET.encode(), f"{ts}.".encode() + body, hashlib.sha256).hexdigest()
    return body, f"t={ts},v1={sig}"


def test_concurrent_duplicate_deliveries_are_processed_once(store: Store) -> None:
    event = {"id": "evt_1", "type": "charge.refund.updated",
             "data": {"object": {"id": "re_9", "charge": "ch_1", "amount": 2_500, "status": "succeeded"}}}
    body, header = _signed(event)
    barrier = threading.Barrier(2)

    def deliver() -> None:
        barrier.wait()
        assert receive(store, body, header, [WEBHOOK_SECRET]) == 200

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    process_pending(store)
    mirrored = [r for r in store.refunds.values() if r.stripe_refund_id == "re_9"]
    assert len(store.inbox) == 1 and len(mirrored) == 1
    assert mirrored[0].status is RefundStatus.SUCCEEDED
