"""What the contract fuzzing (run.mjs) needs beyond openapi.yaml itself.

1. Generators for the contract's own string formats (`mqtt-topic-filter`, `linear-regex`,
   described in openapi.yaml's info), which schemathesis cannot know.
2. The rules of the contract that JSON Schema cannot state, each once, with its reason. They keep
   schema-valid requests that the broker rightly refuses out of the cases schemathesis expects it to
   accept (or make them valid). Cases made to break the schema (negative ones) are left alone.
"""

import hashlib
import json

import schemathesis
from hypothesis import strategies as st

# A level of a topic or topic filter: printable text without the separator and the wildcards.
_LEVEL = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/+#\x00", exclude_categories=["Cs"]), max_size=12)
_FILTER = st.builds(
    lambda levels, multi: "/".join(levels + (["#"] if multi else [])) or "#",
    st.lists(st.one_of(_LEVEL, st.just("+")), min_size=1, max_size=5),
    st.booleans(),
)
_SHARE_NAME = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="/+#\x00", exclude_categories=["Cs"]), min_size=1, max_size=12)

schemathesis.openapi.format(
    "mqtt-topic-filter",
    st.one_of(_FILTER, st.builds(lambda name, topic_filter: f"$share/{name}/{topic_filter}", _SHARE_NAME, _FILTER)).filter(
        lambda topic_filter: topic_filter != "" and (not topic_filter.startswith("$share/") or topic_filter.count("/") >= 2)
    ),
)

# Pieces that V8's linear-time engine runs, joined: no backreferences, no lookaround.
_PATTERN_PIECES = ["sensors", "/", "[0-9]+", ".*", "(a|b)", "\\$SYS", "x?", "[^/]+", "ü", "#", "\\+"]
schemathesis.openapi.format("linear-regex", st.lists(st.sampled_from(_PATTERN_PIECES), min_size=1, max_size=6).map("".join))

# bcrypt reads 72 bytes of UTF-8 and ignores the rest, so the broker refuses longer passwords
# (`x-starling-max-utf8-bytes` in openapi.yaml); maxLength counts characters, not bytes.
BCRYPT_MAX_BYTES = 72
PASSWORD_FIELDS = ("password", "newPassword", "currentPassword")


def _utf8_length(text: str) -> int:
    # Lone surrogates count as the three bytes the broker's replacement character takes.
    return len(text.encode("utf-8", "surrogatepass"))


def _is_positive(case) -> bool:
    meta = case.meta
    return meta is not None and meta.generation.mode.is_positive


@schemathesis.hook
def filter_case(context, case) -> bool:
    if not _is_positive(case):
        return True
    query = case.query or {}
    # One query parameter requiring another: subscriptionOperation says how to compare
    # subscriptions and means nothing alone (400). OpenAPI parameters cannot depend on each other.
    if "subscriptionOperation" in query and "subscriptions" not in query:
        return False
    # TBMQ's GET /api/subscription is two calls told apart by the query: clientId, or pageSize and
    # page; with neither it is refused (400).
    operation = case.operation
    if operation.method.upper() == "GET" and operation.path == "/api/subscription":
        if "clientId" not in query and not ("pageSize" in query and "page" in query):
            return False
    body = case.body
    if isinstance(body, dict):
        for field in PASSWORD_FIELDS:
            value = body.get(field)
            if isinstance(value, str) and _utf8_length(value) > BCRYPT_MAX_BYTES:
                return False
        # A password an administrator types in must pass the stored password policy, which no schema
        # states (System settings → Security); the fuzz node keeps the default one: 6 characters or
        # more, no whitespace (JavaScript's \s, which also counts U+FEFF).
        password = body.get("password")
        if operation.method.upper() == "POST" and operation.path == "/api/admin" and isinstance(password, str) and password != "":
            if len(password) < 6 or any(character.isspace() or character == "\ufeff" for character in password):
                return False
    return True


def _credentials_value(credentials_type: str, seed: bytes) -> str:
    """A valid credentialsValue for the type, varied by the rest of the case."""
    digest = hashlib.sha256(seed).hexdigest()
    rules = {"pubAuthRulePatterns": ["sensors/.*"], "subAuthRulePatterns": [".*"]} if digest[0] in "01234567" else {}
    if credentials_type == "X_509":
        value = {"certCnPattern": f"device-{digest[:12]}", "certCnIsRegex": digest[1] in "0123"}
        if rules:
            value["authRulesMapping"] = {".*": rules}
        return json.dumps(value)
    value = {"clientId": f"client-{digest[:12]}", "userName": f"user-{digest[12:20]}" if digest[2] in "01234567" else None}
    if digest[3] in "0123":
        value["password"] = f"pass-{digest[20:28]}"
    if rules:
        value["authRules"] = rules
    return json.dumps(value)


@schemathesis.hook("map_case").apply_to(operation_id="saveMqttClientCredentials")
def credentials_value_as_json(context, case):
    # credentialsValue is a string holding JSON whose schema depends on credentialsType (a sibling
    # field); JSON Schema cannot say so of a string (contentSchema only annotates). Positive cases
    # get a value of the right shape; the broker's checks of it are exercised by the integration tests.
    body = case.body
    if _is_positive(case) and isinstance(body, dict) and body.get("credentialsType") in ("MQTT_BASIC", "X_509"):
        seed = json.dumps({key: value for key, value in body.items() if key != "credentialsValue"}, sort_keys=True, default=str).encode("utf-8", "surrogatepass")
        body["credentialsValue"] = _credentials_value(body["credentialsType"], seed)
    return case
