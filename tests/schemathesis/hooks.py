"""Schemathesis hooks for the NCS gateway.

- Read the vendor HAL media type as JSON, so that response_schema_conformance validates every HAL
  response against the OpenAPI document.
- A stricter form of positive_data_acceptance: a schema-valid request may be refused by a rule of
  the domain (a 400 carrying that rule's own error code, e.g. a parent category that is not
  top-level), but never by request validation (codes -1 and -2): that would be a gap between the
  OpenAPI document and what the gateway validates.
"""
import json
import os

import schemathesis

MEDIA_TYPE = os.environ["NCS_MEDIA_TYPE"]
VALIDATION_CODES = {-1, -2}


@schemathesis.deserializer(MEDIA_TYPE)
def deserialize_hal(ctx, response):
    return json.loads(response.content)


@schemathesis.check
def valid_request_passes_validation(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    if not response.headers.get("content-type", [""])[0].startswith("application/problem+json"):
        return None
    code = json.loads(response.content).get("code")
    if code in VALIDATION_CODES:
        raise AssertionError(
            f"A request valid by the OpenAPI document failed the gateway's validation (code {code}): "
            f"{response.content[:500]!r}"
        )
    return None
