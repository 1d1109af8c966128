"""The ActionGate client: one method per customer route, standard library only (urllib)."""
from __future__ import annotations

import base64
import json
import os
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Dict, List, Optional

from .errors import ApiRequestError, GovernanceUnavailable
from .governance import GovernanceMethods

JsonObject = Dict[str, Any]

_BACKOFF_BASE = 0.1
_BACKOFF_CAP = 2.0


def may_run(decision: JsonObject) -> bool:
    """The client rule: run only when the verdict starts with ALLOWED and `blocked` is false."""
    verdict = decision.get("verdict")
    return isinstance(verdict, str) and verdict.startswith("ALLOWED") and decision.get("blocked") is False


def approval_id_of(decision: JsonObject) -> Optional[str]:
    """The approval id a held decision carries (top level, or in the `approval` stage)."""
    if decision.get("approval_id"):
        return decision["approval_id"]
    for stage in decision.get("stages") or []:
        if stage.get("stage") == "approval" and isinstance((stage.get("data") or {}).get("approval_id"), str):
            return stage["data"]["approval_id"]
    return None


def backoff_seconds(attempt: int) -> float:
    """Full jitter: a uniform wait in [0, min(cap, base * 2**attempt))."""
    return random.random() * min(_BACKOFF_CAP, _BACKOFF_BASE * (2**attempt))


class _Retryable(Exception):
    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status


class Client(GovernanceMethods):
    """A client of one ActionGate service.

    `timeout` (seconds) bounds each call, retries included. `retries` applies to the decision call
    only, after network errors, timeouts and 5xx answers; every retry carries the same
    `Idempotency-Key`, so the service decides once.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        timeout: float = 5.0,
        retries: int = 2,
        agent_id: Optional[str] = None,
        agent_token: Optional[str] = None,
    ) -> None:
        self.base_url = (base_url or os.environ.get("ACTIONGATE_URL") or "http://127.0.0.1:8080").rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get("ACTIONGATE_API_KEY")
        self.timeout = float(timeout)
        self.retries = max(0, int(retries))
        self.agent_id = agent_id
        # An agent token (issue 20) is sent as `Authorization: Bearer` when there is no API key.
        self.agent_token = agent_token
        if agent_token is not None and api_key is None:
            self.api_key = None

    def with_agent_token(self, token: str) -> "Client":
        """A client of the same service that speaks as the token's agent, within its scopes."""
        return Client(self.base_url, None, self.timeout, self.retries, self.agent_id, agent_token=token)

    # -- transport -------------------------------------------------------------------------------

    def _request(
        self,
        method: str,
        path: str,
        body: Any = None,
        query: Optional[Dict[str, Any]] = None,
        headers: Optional[Dict[str, str]] = None,
        retries: int = 0,
        timeout: Optional[float] = None,
    ) -> Any:
        url = self.base_url + path
        params = {k: v for k, v in (query or {}).items() if v is not None}
        if params:
            url += "?" + urllib.parse.urlencode(params)
        all_headers = {"accept": "application/json", **(headers or {})}
        if self.api_key:
            all_headers["x-api-key"] = self.api_key
        elif self.agent_token:
            all_headers["authorization"] = f"Bearer {self.agent_token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            all_headers["content-type"] = "application/json"
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        attempt = 0
        while True:
            try:
                return self._attempt(method, url, data, all_headers, deadline)
            except _Retryable as error:
                wait = backoff_seconds(attempt)
                if attempt >= retries or time.monotonic() + wait >= deadline:
                    raise GovernanceUnavailable(str(error), error.status) from error
                time.sleep(wait)
                attempt += 1

    def _attempt(self, method: str, url: str, data: Optional[bytes], headers: Dict[str, str], deadline: float) -> Any:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _Retryable(f"no answer from {self.base_url} within {self.timeout} s")
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=remaining) as response:
                status, text = response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode("utf-8", "replace")
        except (urllib.error.URLError, socket.timeout, ConnectionError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise _Retryable(f"ActionGate at {self.base_url} is unreachable: {reason}") from error
        parsed: Any = None
        if text:
            try:
                parsed = json.loads(text)
            except ValueError:
                parsed = text
        if status >= 500:
            raise _Retryable(f"ActionGate answered {status}: {_detail_text(parsed)}", status)
        if not 200 <= status < 300:
            record = parsed if isinstance(parsed, dict) else {}
            raise ApiRequestError(status, record.get("detail", parsed), record.get("code"), parsed)
        return parsed

    # -- decisions -------------------------------------------------------------------------------

    def decide(
        self,
        path: str,
        payload: Optional[JsonObject] = None,
        agent_id: Optional[str] = None,
        trace_id: Optional[str] = None,
        idempotency_key: Optional[str] = None,
    ) -> JsonObject:
        """Asks whether a tool call may run; answers the decision for every verdict.

        Raises `GovernanceUnavailable` (unreachable, timeout, 5xx after retries) or `ApiRequestError` (4xx).
        Apply the client rule with `may_run(decision)`.
        """
        body: JsonObject = {"path": path}
        agent = agent_id if agent_id is not None else self.agent_id
        if agent is not None:
            body["agent_id"] = agent
        if payload is not None:
            body["payload"] = payload
        if trace_id is not None:
            body["trace_id"] = trace_id
        key = idempotency_key or str(uuid.uuid4())
        return self._request("POST", "/fabric/decisions", body, headers={"idempotency-key": key}, retries=self.retries)

    def list_decisions(self, limit: Optional[int] = None, cursor: Optional[str] = None, agent_id: Optional[str] = None,
                       verdict: Optional[str] = None, path: Optional[str] = None) -> JsonObject:
        """`{decisions, next_cursor}`, newest first."""
        query = {"limit": limit, "cursor": cursor, "agent_id": agent_id, "verdict": verdict, "path": path}
        return self._request("GET", "/fabric/decisions", query=query)

    def get_decision(self, decision_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/decisions/{_q(decision_id)}")

    def decision_signature(self, decision_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/decisions/{_q(decision_id)}/signature")

    def report_outcome(self, decision_id: str, status: str, detail: Optional[str] = None,
                       actual_cost_cents: Optional[int] = None, result: Optional[str] = None) -> JsonObject:
        """Records `completed` or `failed` for a decision (once). A completed call commits its budget
        reservation at `actual_cost_cents` (the amount held when left out); a failed one releases it.
        `result`, the tool's result text (at most 262144 characters), is screened for prompt
        injection: the answer's `outcome.result_screen.action` is `withhold` when the model should
        not see it."""
        body: JsonObject = {"status": status}
        if detail is not None:
            body["detail"] = detail[:2000]
        if actual_cost_cents is not None:
            body["actual_cost_cents"] = actual_cost_cents
        if result is not None:
            body["result"] = result
        return self._request("POST", f"/fabric/decisions/{_q(decision_id)}/outcome", body)

    def public_keys(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/keys/public")["keys"]

    # -- approvals -------------------------------------------------------------------------------

    def list_approvals(self, status: Optional[str] = None, agent_id: Optional[str] = None,
                       limit: Optional[int] = None) -> List[JsonObject]:
        query = {"status": status, "agent_id": agent_id, "limit": limit}
        return self._request("GET", "/fabric/approvals", query=query)["approvals"]

    def get_approval(self, approval_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/approvals/{_q(approval_id)}")

    def approve(self, approval_id: str, note: Optional[str] = None) -> JsonObject:
        """Approves a held call (with a key other than the one that asked)."""
        return self._request("POST", f"/fabric/approvals/{_q(approval_id)}/approve", {"note": note})

    def deny(self, approval_id: str, note: Optional[str] = None) -> JsonObject:
        return self._request("POST", f"/fabric/approvals/{_q(approval_id)}/deny", {"note": note})

    # -- tool rules, keys, agents, tools, settings -----------------------------------------------

    def list_tool_rules(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/tool-rules")["rules"]

    def create_tool_rule(self, name: str, effect: str, match_path: str, **fields: Any) -> JsonObject:
        return self._request("POST", "/fabric/tool-rules", {"name": name, "effect": effect, "match_path": match_path, **fields})

    def update_tool_rule(self, rule_id: str, **fields: Any) -> JsonObject:
        return self._request("PATCH", f"/fabric/tool-rules/{_q(rule_id)}", fields)

    def delete_tool_rule(self, rule_id: str) -> None:
        self._request("DELETE", f"/fabric/tool-rules/{_q(rule_id)}")

    def create_agent_key(self, name: str, agent_id: Optional[str] = None, budget_usd: Optional[float] = None) -> JsonObject:
        """Mints a key for one agent; `agent_key` in the answer is shown once."""
        body: JsonObject = {"name": name}
        if agent_id is not None:
            body["agent_id"] = agent_id
        if budget_usd is not None:
            body["budget_usd"] = budget_usd
        return self._request("POST", "/fabric/agent-keys", body)

    def list_agent_keys(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/agent-keys")["agent_keys"]

    def revoke_agent_key(self, agent_key_id: str) -> JsonObject:
        return self._request("DELETE", f"/fabric/agent-keys/{_q(agent_key_id)}")

    def create_api_key(self, name: str, role: str) -> JsonObject:
        """Mints a customer key (`admin` or `approver`); `api_key` in the answer is shown once."""
        return self._request("POST", "/fabric/api-keys", {"name": name, "role": role})

    def list_agents(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/agents")["agents"]

    def get_agent(self, agent_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/agents/{_q(agent_id)}")

    def suspend_agent(self, agent_id: str, reason: str) -> JsonObject:
        return self._request("POST", f"/fabric/agents/{_q(agent_id)}/suspend", {"reason": reason})

    def revoke_agent(self, agent_id: str, reason: str) -> JsonObject:
        return self._request("POST", f"/fabric/agents/{_q(agent_id)}/revoke", {"reason": reason})

    def reinstate_agent(self, agent_id: str, reason: str) -> JsonObject:
        return self._request("POST", f"/fabric/agents/{_q(agent_id)}/reinstate", {"reason": reason})

    def get_settings(self) -> JsonObject:
        return self._request("GET", "/fabric/settings")

    def update_settings(self, **fields: Any) -> JsonObject:
        return self._request("PATCH", "/fabric/settings", fields)

    # -- vault, brokered calls, egress rules, posture ---------------------------------------------

    def put_credential(self, name: str, secret: str, allowed_hosts: List[str], kind: str = "bearer",
                       allowed_methods: Optional[List[str]] = None, header_name: Optional[str] = None,
                       description: Optional[str] = None) -> JsonObject:
        """Adds a vault credential, or rotates it when the name exists (its version goes up).

        The answer never carries the secret; neither does any later one.
        """
        body: JsonObject = {"name": name, "kind": kind, "secret": secret, "allowed_hosts": allowed_hosts}
        if allowed_methods is not None:
            body["allowed_methods"] = allowed_methods
        if header_name is not None:
            body["header_name"] = header_name
        if description is not None:
            body["description"] = description
        return self._request("POST", "/fabric/credentials", body)

    def list_credentials(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/credentials")["credentials"]

    def delete_credential(self, name: str) -> None:
        self._request("DELETE", f"/fabric/credentials/{_q(name)}")

    def call(self, credential: str, url: str, method: str = "GET", headers: Optional[Dict[str, str]] = None,
             json_body: Any = None, body: Optional[str] = None, agent_id: Optional[str] = None,
             timeout: float = 60.0) -> JsonObject:
        """A brokered call: decided like any tool call (`/tools/http/<host>`), sent by the service with
        the credential injected only when allowed. Never retried (it is not idempotent).

        Answers `{sent, detail, error, decision, upstream}`; when held, `sent` is false and
        `decision["approval_id"]` names the approval.
        """
        request: JsonObject = {"credential": credential, "url": url, "method": method.upper()}
        if headers:
            request["headers"] = headers
        if json_body is not None:
            request["json"] = json_body
        if body is not None:
            request["body"] = body
        agent = agent_id if agent_id is not None else self.agent_id
        if agent is not None:
            request["agent_id"] = agent
        return self._request("POST", "/fabric/calls", request, timeout=max(self.timeout, timeout))

    def create_egress_rule(self, target: str, ports: Optional[List[int]] = None,
                           schemes: Optional[List[str]] = None) -> JsonObject:
        body: JsonObject = {"target": target}
        if ports is not None:
            body["ports"] = ports
        if schemes is not None:
            body["schemes"] = schemes
        return self._request("POST", "/fabric/egress-rules", body)

    def list_egress_rules(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/egress-rules")["egress_rules"]

    def delete_egress_rule(self, rule_id: str) -> None:
        self._request("DELETE", f"/fabric/egress-rules/{_q(rule_id)}")

    def get_posture(self) -> JsonObject:
        return self._request("GET", "/fabric/posture")

    def update_posture(self, allowed_tools: Optional[List[str]] = None,
                       denied_tools: Optional[List[str]] = None) -> JsonObject:
        """Replaces the tool path lists (None: no list)."""
        return self._request("PUT", "/fabric/posture", {"allowed_tools": allowed_tools, "denied_tools": denied_tools})

    def contain(self, tenant: str) -> JsonObject:
        """Holds every agent of the tenant and stops brokered calls until `release`."""
        return self._request("POST", "/fabric/contain", {"tenant": tenant, "action": "contain"})

    def release(self, tenant: str) -> JsonObject:
        return self._request("POST", "/fabric/contain", {"tenant": tenant, "action": "release"})

    def close_tenant(self, tenant: str, reason: str, final_disposition: str) -> JsonObject:
        """Closes the tenant for good and seals its journal; there is no undo."""
        return self._request("POST", "/fabric/close", {"tenant": tenant, "reason": reason,
                                                        "final_disposition": final_disposition})

    # -- identities, tokens and delegation (issue 20) ---------------------------------------------

    def create_identity(self, kind: str, display_name: str, **fields: Any) -> JsonObject:
        """`IdentityCreateRequest`; the answer carries the Ed25519 private key once."""
        return self._request("POST", "/fabric/identities", {"kind": kind, "display_name": display_name, **fields})

    def register_identity(self, agent_id: str, agent_public_key: str, organization: str, tenant: str,
                          **fields: Any) -> JsonObject:
        """`IdentityReq`: an agent registers its own Ed25519 public key (base64url of the 32 bytes)."""
        return self._request("POST", "/fabric/identities/register", {
            "agent_id": agent_id, "agent_public_key": agent_public_key, "organization": organization,
            "tenant": tenant, **fields})

    def get_identity(self, identity_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/identities/{_q(identity_id)}")

    def rotate_identity(self, identity_id: str, reason: Optional[str] = None) -> JsonObject:
        return self._request("POST", f"/fabric/identities/{_q(identity_id)}/rotate", {"reason": reason})

    def revoke_identity(self, identity_id: str, reason: Optional[str] = None) -> JsonObject:
        """Revokes the identity, its descendants, their delegations and tokens, in one transaction."""
        return self._request("POST", f"/fabric/identities/{_q(identity_id)}/revoke", {"reason": reason})

    def challenge(self, identity_id: str) -> str:
        """A single-use nonce to sign with the identity's key."""
        return self._request("POST", f"/fabric/identities/{_q(identity_id)}/challenge", {})["challenge"]

    def verify_identity(self, identity_id: str, public_key: str, challenge: str, signature: str) -> JsonObject:
        return self._request("POST", f"/fabric/identities/{_q(identity_id)}/verify", {
            "public_key": public_key, "challenge": challenge, "signature": signature})

    def prove(self, identity_id: str, public_key: str, sign: Callable[[bytes], bytes]) -> JsonObject:
        """Challenge, sign, verify. `sign` signs bytes with the identity's Ed25519 private key (the
        standard library has no Ed25519; pass e.g. `cryptography`'s `Ed25519PrivateKey.sign`)."""
        nonce = self.challenge(identity_id)
        signature = base64.urlsafe_b64encode(sign(nonce.encode())).decode().rstrip("=")
        return self.verify_identity(identity_id, public_key, nonce, signature)

    def mint_agent_token(self, agent_id: str, scopes: List[str], ttl_seconds: Optional[int] = None,
                         chain: Optional[List[str]] = None) -> JsonObject:
        """`AgentTokenRequest`: a JWT for the agent; use it with `with_agent_token`."""
        body: JsonObject = {"agent_id": agent_id, "scopes": scopes}
        if ttl_seconds is not None:
            body["ttl_seconds"] = ttl_seconds
        if chain is not None:
            body["chain"] = chain
        return self._request("POST", "/fabric/agent-tokens", body)

    def create_delegation(self, delegate_id: str, capabilities: List[str], **fields: Any) -> JsonObject:
        """`DelegationCreateRequest`: attenuated from what the caller holds."""
        return self._request("POST", "/fabric/delegations", {"delegate_id": delegate_id,
                                                             "capabilities": capabilities, **fields})

    def revoke_delegation(self, delegation_id: str) -> JsonObject:
        return self._request("POST", f"/fabric/delegations/{_q(delegation_id)}/revoke")

    def delegate_from_token(self, token: str, chain: List[str], **fields: Any) -> JsonObject:
        """`DelegateReq`: from an agent token (by id), a narrower delegation and a token for `subject`."""
        return self._request("POST", "/fabric/tokens/delegate", {
            "token": token, "chain": [{"delegation_id": d} for d in chain], **fields})

    def authorize(self, agent: str, tool: str, action: str, resource: str, session: str, tenant: str,
                  **fields: Any) -> JsonObject:
        """`AuthorizeRequest`: a decision for `agent` (under `chain`, when given)."""
        return self._request("POST", "/fabric/authorize", {
            "agent": agent, "tool": tool, "action": action, "resource": resource, "session": session,
            "tenant": tenant, **fields})

    def evaluate_with_token(self, token: str, tool: str, action: str, resource: str, **fields: Any) -> JsonObject:
        """`EvalReq`: a decision under an agent token named by id."""
        return self._request("POST", "/fabric/tokens/evaluate", {
            "token": token, "tool": tool, "action": action, "resource": resource, **fields})

    def assess_token(self, token: str, action: str, resource: Optional[str] = None) -> JsonObject:
        """`AssessReq`: what the token covers and how risky the action is; nothing recorded."""
        body: JsonObject = {"token": token, "action": action}
        if resource is not None:
            body["resource"] = resource
        return self._request("POST", "/fabric/tokens/assess", body)

    def request_action_token(self, agent_id: str, tenant: str, grant_id: str, intent: JsonObject, tool: str,
                             action: str, resource: str, **fields: Any) -> JsonObject:
        """`TokenReq`: a decision and, when allowed, a single-use token bound to exactly this call."""
        return self._request("POST", "/fabric/tokens", {
            "agent_id": agent_id, "tenant": tenant, "grant_id": grant_id, "intent": intent, "tool": tool,
            "action": action, "resource": resource, **fields})

    def execute_action_token(self, token: str, caller_agent_id: str, caller_tenant: str, tool: str, action: str,
                             resource: str, **fields: Any) -> JsonObject:
        """`ExecReq`: redeems an action token once; run the tool only when `run` is true."""
        return self._request("POST", "/fabric/tokens/execute", {
            "token": token, "caller_agent_id": caller_agent_id, "caller_tenant": caller_tenant, "tool": tool,
            "action": action, "resource": resource, **fields})

    def add_edge(self, source: str, target: str, relation: str, evidence_ref: str, allowed_actions: List[str],
                 expires_at: Optional[float] = None) -> JsonObject:
        """`EdgeReq`: `source` may act for `target`."""
        return self._request("POST", "/fabric/edges", {
            "source": source, "target": target, "relation": relation, "evidence_ref": evidence_ref,
            "allowed_actions": allowed_actions, "expires_at": expires_at})

    def check_capability(self, identity_id: str, capability: str) -> JsonObject:
        return self._request("POST", "/fabric/capabilities/check", {"identity_id": identity_id, "capability": capability})

    def check_impersonation(self, actual_identity: str, claiming_identity: str) -> JsonObject:
        return self._request("POST", "/fabric/impersonation/check", {
            "actual_identity": actual_identity, "claiming_identity": claiming_identity})

    def evaluate_composition(self, active: List[JsonObject]) -> JsonObject:
        return self._request("POST", "/fabric/composition/evaluate", {"active": active})
    # -- budgets, agent controls, dry runs and evaluation (issue 19) ------------------------------

    def create_budget(self, name: str, limit_cents: int, **fields: Any) -> JsonObject:
        """Creates a budget (`CreateBudgetRequest`); money is integer cents."""
        return self._request("POST", "/fabric/budgets", {"name": name, "limit_cents": limit_cents, **fields})

    def list_budgets(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/budgets")["budgets"]

    def get_budget(self, budget_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/budgets/{_q(budget_id)}")

    def update_budget(self, budget_id: str, **fields: Any) -> JsonObject:
        return self._request("PATCH", f"/fabric/budgets/{_q(budget_id)}", fields)

    def delete_budget(self, budget_id: str) -> None:
        self._request("DELETE", f"/fabric/budgets/{_q(budget_id)}")

    def reserve(self, budget_id: str, amount_cents: int, ttl_seconds: Optional[int] = None,
                agent_id: Optional[str] = None, decision_id: Optional[str] = None) -> JsonObject:
        """Holds an amount against the budget and its parents; `ApiRequestError` (409) past a hard limit."""
        body: JsonObject = {"amount_cents": amount_cents}
        for name, value in (("ttl_seconds", ttl_seconds), ("agent_id", agent_id), ("decision_id", decision_id)):
            if value is not None:
                body[name] = value
        return self._request("POST", f"/fabric/budgets/{_q(budget_id)}/reservations", body)

    def commit_reservation(self, budget_id: str, reservation_id: str, actual_cost_cents: Optional[int] = None) -> JsonObject:
        return self._request("POST", f"/fabric/budgets/{_q(budget_id)}/reservations/{_q(reservation_id)}/commit",
                             {"actual_cost_cents": actual_cost_cents})

    def release_reservation(self, budget_id: str, reservation_id: str) -> JsonObject:
        return self._request("POST", f"/fabric/budgets/{_q(budget_id)}/reservations/{_q(reservation_id)}/release")

    def set_agent_controls(self, agent_id: str, max_actions_per_hour: Optional[int] = None,
                           max_concurrent_actions: Optional[int] = None) -> JsonObject:
        """Sets both controls (None: no limit)."""
        return self._request("PUT", f"/fabric/agents/{_q(agent_id)}/controls",
                             {"max_actions_per_hour": max_actions_per_hour, "max_concurrent_actions": max_concurrent_actions})

    def get_agent_controls(self, agent_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/agents/{_q(agent_id)}/controls")

    def dry_run(self, limit: Optional[int] = None, fabric_enforce: Optional[bool] = None,
                enforce_stages: Optional[List[str]] = None) -> JsonObject:
        """Replays recent decisions under the current or a proposed enforcement; records nothing."""
        body = {k: v for k, v in (("limit", limit), ("fabric_enforce", fabric_enforce), ("enforce_stages", enforce_stages))
                if v is not None}
        return self._request("POST", "/fabric/dry-run", body)

    def assess(self, action: str, resource: str) -> JsonObject:
        return self._request("POST", "/fabric/assess", {"action": action, "resource": resource})

    def evaluate_action(self, action: str, **fields: Any) -> JsonObject:
        """The verdict the chain would give (`EvaluateActionRequest`), not recorded."""
        return self._request("POST", "/fabric/actions/evaluate", {"action": action, **fields})

    def decide_action(self, action: str, **fields: Any) -> JsonObject:
        """As `evaluate_action`, for a named `agent_id` or `identity_id` (`DecideActionRequest`), not recorded."""
        return self._request("POST", "/fabric/actions/decide", {"action": action, **fields})

    def execute_action(self, action: str, **fields: Any) -> JsonObject:
        """A recorded decision for the action (`ExecuteRequest`); 403 when the identity lacks `required_capability`."""
        return self._request("POST", "/fabric/actions/execute", {"action": action, **fields})

    # -- guards ----------------------------------------------------------------------------------

    def guard(self, path: str, **options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator: see `actiongate.guard`; this client decides."""
        from .guard import guard

        return guard(path, client=self, **options)

    def guarding(self, path: str, payload: Optional[JsonObject] = None, agent_id: Optional[str] = None,
                 wait_for_approval: Optional[float] = None) -> Any:
        """Context manager: decides on entry and raises before the body runs unless allowed."""
        from .guard import Guarding

        return Guarding(self, path, payload or {}, agent_id, wait_for_approval)


def _q(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def _detail_text(body: Any) -> str:
    if isinstance(body, dict) and "detail" in body:
        detail = body["detail"]
        return detail if isinstance(detail, str) else json.dumps(detail)
    return str(body)[:200] if body else "server error"
