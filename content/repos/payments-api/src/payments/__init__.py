"""Core of the Northwind Labs payments API: refunds, Stripe webhooks and cursor pagination."""

from payments.models import ApiError, Charge, Refund, RefundStatus, Store
from payments.pagination import Page, decode_cursor, encode_cursor
from payments.refunds import create_refund, list_refunds, transition

__all__ = [
    "ApiError",
    "Charge",
    "Page",
    "Refund",
    "RefundStatus",
    "Store",
    "create_refund",
    "decode_cursor",
    "encode_cursor",
    "list_refunds",
    "transition",
]

__version__ = "2.14.0"
