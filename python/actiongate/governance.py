"""Governance methods of the client (issue 21), the Python twin of the TypeScript SDK's
`governance` helpers: approver authorities, requested, multi-party and signed approvals, governance
and trajectory policies, trajectories and passports, committed plans and `ActionVerifyRequest`.

Standard library only: a signed approval takes the caller's `sign(data) -> signature` function
(Ed25519, e.g. from the `cryptography` package or a hardware key), so the private key never
reaches this library."""
from __future__ import annotations

import base64
import urllib.parse
from typing import Any, Callable, Dict, List, Optional

JsonObject = Dict[str, Any]


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def _given(**fields: Any) -> JsonObject:
    """The fields that were given (None means "not sent")."""
    return {name: value for name, value in fields.items() if value is not None}


class GovernanceMethods:
    """Mixed into `Client`; every method is one request through `Client._request`."""

    _request: Callable[..., Any]

    # -- authorities ------------------------------------------------------------------------------

    def create_authority(self, identity_id: str, role: str, **fields: Any) -> JsonObject:
        """`AuthorityCreate`: which key (id or name) may approve, delegate or override, up to
        `max_approval_amount_cents`, within `scope`, until `expires_at`."""
        return self._request("POST", "/fabric/authorities", {"identity_id": identity_id, "role": role, **fields})

    def list_authorities(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/authorities")["authorities"]

    def delete_authority(self, authority_id: str) -> None:
        self._request("DELETE", f"/fabric/authorities/{_quote(authority_id)}")

    # -- approvals beyond the queue ---------------------------------------------------------------

    def request_approval(self, requester_id: str, action: str, **fields: Any) -> JsonObject:
        """`ApprovalRequestCreate`: an approval not tied to a decision (`resource`, `justification`,
        `ttl_seconds` 60..86400, `min_distinct_approvers`, linked budget or policy, `trace_id`)."""
        return self._request("POST", "/fabric/approvals", {"requester_id": requester_id, "action": action, **fields})

    def approval_votes(self, approval_id: str) -> JsonObject:
        """Required and given approvers, the votes with their signatures, and the texts to sign."""
        return self._request("GET", f"/fabric/approvals/{_quote(approval_id)}/votes")

    def decide_approval(self, approval_id: str, approved: bool, reason: str = "") -> JsonObject:
        """`ApprovalDecision`: this key's vote; a multi-party approval stays pending until enough
        distinct keys approved (the same key twice is a 409)."""
        return self._request("POST", f"/fabric/approvals/{_quote(approval_id)}/decision", {"approved": approved, "reason": reason})

    def register_approver_key(self, name: str, public_key: str) -> JsonObject:
        """Registers an Ed25519 public key (PEM) this API key signs approvals with."""
        return self._request("POST", "/fabric/approver-keys", {"name": name, "public_key": public_key})

    def list_approver_keys(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/approver-keys")["approver_keys"]

    def sign_approval(self, approval_id: str, approver_key_id: str, sign: Callable[[bytes], bytes],
                      approved: bool = True, reason: str = "") -> JsonObject:
        """A signed vote (`Approval`): signs the approval's canonical text with `sign` and sends the
        signature, which anyone can later check offline against the registered key."""
        texts = self.approval_votes(approval_id)["signing_text"]
        text = texts["approved" if approved else "denied"]
        signature = base64.b64encode(sign(text.encode("utf-8"))).decode("ascii")
        body = {"approver_key_id": approver_key_id, "signature_b64": signature, "approved": approved, "reason": reason}
        return self._request("POST", f"/fabric/approvals/{_quote(approval_id)}/signatures", body)

    # -- governance policies ----------------------------------------------------------------------

    def create_governance_policy(self, name: str, **fields: Any) -> JsonObject:
        """`GovernancePolicyCreate`: scope, constraints and exceptions as data, priority, parent and linked policies."""
        return self._request("POST", "/fabric/governance/policies", {"name": name, **fields})

    def list_governance_policies(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/governance/policies")["policies"]

    def get_governance_policy(self, policy_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/governance/policies/{_quote(policy_id)}")

    def update_governance_policy(self, policy_id: str, **fields: Any) -> JsonObject:
        """`GovernancePolicyUpdate`: a change of rules bumps the version."""
        return self._request("PATCH", f"/fabric/governance/policies/{_quote(policy_id)}", fields)

    def evaluate_governance(self, action: str, **fields: Any) -> JsonObject:
        """`GovernanceEvaluateRequest`: the verdict and the policies that decided; nothing recorded."""
        return self._request("POST", "/fabric/governance/evaluate", {"action": action, **fields})

    def evaluate_controls(self, **fields: Any) -> JsonObject:
        """`ControlEvaluateRequest`; nothing recorded."""
        return self._request("POST", "/fabric/controls/evaluate", fields)

    # -- trajectories and passports ---------------------------------------------------------------

    def create_trajectory_policy(self, name: str, rules: List[JsonObject], description: str = "") -> JsonObject:
        """`TrajectoryPolicyCreate`: ordered patterns over an agent's recent calls."""
        return self._request("POST", "/fabric/trajectory-policies", {"name": name, "description": description, "rules": rules})

    def list_trajectory_policies(self) -> List[JsonObject]:
        return self._request("GET", "/fabric/trajectory-policies")["policies"]

    def me(self) -> JsonObject:
        """This key: its id, role and tenant (`tenant_id`, which `commit_plan` names)."""
        return self._request("GET", "/fabric/me")

    def create_trajectory(self, identity_id: str, agent_id: str) -> JsonObject:
        """`CreateTrajectoryRequest`: the agent's decisions from now on make up the trajectory."""
        return self._request("POST", "/fabric/trajectories", {"identity_id": identity_id, "agent_id": agent_id})

    def get_trajectory(self, trajectory_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/trajectories/{_quote(trajectory_id)}")

    def issue_passport(self, trajectory_id: str, validity_hours: Optional[int] = None) -> JsonObject:
        """`IssuePassportRequest`: a signed summary of a clean trajectory (409 with the reason otherwise)."""
        body = _given(trajectory_id=trajectory_id, validity_hours=validity_hours)
        return self._request("POST", f"/fabric/trajectories/{_quote(trajectory_id)}/passport", body)

    def list_passports(self, trajectory_id: Optional[str] = None, agent_id: Optional[str] = None,
                       limit: Optional[int] = None) -> List[JsonObject]:
        query = _given(trajectory_id=trajectory_id, agent_id=agent_id, limit=limit)
        return self._request("GET", "/fabric/passports", query=query)["passports"]

    def get_passport(self, passport_id: str) -> JsonObject:
        return self._request("GET", f"/fabric/passports/{_quote(passport_id)}")

    def revoke_passport(self, passport_id: str, reason: str) -> JsonObject:
        """Online verification refuses a revoked passport from then on."""
        return self._request("POST", f"/fabric/passports/{_quote(passport_id)}/revoke", {"reason": reason})

    def verify_passport(self, token: str) -> JsonObject:
        """`{valid, reason, passport}`: the offline checks plus issued by this tenant and not revoked."""
        return self._request("POST", "/fabric/passports/verify", {"token": token})

    # -- plans ------------------------------------------------------------------------------------

    def commit_plan(self, agent_id: str, tenant: str, goal: str, steps: List[JsonObject],
                    max_cumulative_risk_budget: float, authorized_authority_ceiling: str) -> JsonObject:
        """`CommitPlanRequest`: each step is risk-scored; over the budget or above the ceiling the
        plan is refused (422, naming the step)."""
        body = {
            "agent_id": agent_id,
            "tenant": tenant,
            "goal": goal,
            "steps": steps,
            "max_cumulative_risk_budget": max_cumulative_risk_budget,
            "authorized_authority_ceiling": authorized_authority_ceiling,
        }
        return self._request("POST", "/fabric/plans", body)

    def authorize_plan(self, plan_id: str, authorized_by: Optional[str] = None, comments: Optional[str] = None) -> JsonObject:
        """`AuthorizePlanRequest`, by a key other than the committing one; then the agent's calls
        must be the plan's steps, in index order, each once."""
        return self._request("POST", f"/fabric/plans/{_quote(plan_id)}/authorize",
                             _given(authorized_by=authorized_by, comments=comments))

    def get_plan(self, plan_id: str) -> JsonObject:
        """The plan with `status`, `steps_used` and `next_step_index`."""
        return self._request("GET", f"/fabric/plans/{_quote(plan_id)}")

    def list_plans(self, status: Optional[str] = None, agent_id: Optional[str] = None,
                   limit: Optional[int] = None) -> List[JsonObject]:
        return self._request("GET", "/fabric/plans", query=_given(status=status, agent_id=agent_id, limit=limit))["plans"]

    def verify_actions(self, plan: List[JsonObject], rules: List[JsonObject], agent_id: Optional[str] = None) -> JsonObject:
        """`ActionVerifyRequest`: a computer-use plan against `ActionRule`s, violations per step; nothing recorded."""
        return self._request("POST", "/fabric/plans/verify", _given(plan=plan, rules=rules, agent_id=agent_id))
