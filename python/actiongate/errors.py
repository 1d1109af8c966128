"""What the library raises. The three guard errors mean "do not run the tool"; each is raised
before the guarded body starts."""
from __future__ import annotations

import json
from typing import Any, Dict, Optional


class ActionGateError(Exception):
    """Base class of every error the library raises."""


class ApiRequestError(ActionGateError):
    """The service refused the request with a 4xx (bad key, validation, not found, conflict)."""

    def __init__(self, status: int, detail: Any, code: Optional[str] = None, body: Any = None) -> None:
        self.status = status
        self.detail = detail
        self.code = code
        self.body = body
        text = detail if isinstance(detail, str) else json.dumps(detail)
        super().__init__(f"HTTP {status}: {text}")


class GovernanceUnavailable(ActionGateError):
    """No decision: unreachable, timed out, a 5xx, or (in a guard) any non-200 answer."""

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        self.status = status
        super().__init__(message)


class ActionBlocked(ActionGateError):
    """The call was decided and must not run (BLOCKED, denied by a human, or any verdict not allowed)."""

    def __init__(self, decision: Dict[str, Any], approval: Optional[Dict[str, Any]] = None) -> None:
        self.decision = decision
        self.approval = approval
        if approval is not None:
            note = f": {approval.get('note')}" if approval.get("note") else ""
            message = f"`{decision.get('path')}` was denied by a human (approval {approval.get('approval_id')}){note}"
        else:
            message = f"`{decision.get('path')}` is {decision.get('verdict')}: {decision.get('detail')}"
        super().__init__(message)


class ApprovalRequired(ActionGateError):
    """The call is held for a human; approve `approval_id`, then send the identical call again."""

    def __init__(
        self,
        approval_id: str,
        decision: Dict[str, Any],
        approval: Optional[Dict[str, Any]] = None,
        reason: Optional[str] = None,
    ) -> None:
        self.approval_id = approval_id
        self.decision = decision
        self.approval = approval
        super().__init__(reason or f"`{decision.get('path')}` needs approval {approval_id}: {decision.get('detail')}")
