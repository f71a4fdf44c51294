"""Rules of the contract that JSON Schema cannot state, for the contract fuzzing (run.mjs).

Each rule is written in openapi.yaml's prose; here it keeps the schema-valid requests that the
broker rightly refuses out of the cases schemathesis expects it to accept. Cases made to break the
schema (negative ones) are left alone.
"""

import schemathesis

# bcrypt reads 72 bytes of UTF-8 and ignores the rest, so the broker refuses longer passwords
# (`x-starling-max-utf8-bytes` in openapi.yaml); maxLength counts characters, not bytes.
BCRYPT_MAX_BYTES = 72
PASSWORD_FIELDS = ("password", "newPassword", "currentPassword")


def _utf8_length(text: str) -> int:
    # Lone surrogates count as the three bytes the broker's replacement character takes.
    return len(text.encode("utf-8", "surrogatepass"))


@schemathesis.hook
def filter_case(context, case) -> bool:
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return True
    query = case.query or {}
    # One query parameter requiring another: subscriptionsOperation says how to compare
    # subscriptionsCount and means nothing alone (400). OpenAPI parameters cannot depend on each other.
    if "subscriptionsOperation" in query and "subscriptionsCount" not in query:
        return False
    body = case.body
    if isinstance(body, dict):
        for field in PASSWORD_FIELDS:
            value = body.get(field)
            if isinstance(value, str) and _utf8_length(value) > BCRYPT_MAX_BYTES:
                return False
    return True
