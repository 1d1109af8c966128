"""ActionGate for Python: ask before an agent's tool call runs, and guard tools so they never run
unless the service allows the call. Standard library only."""
from .client import Client, approval_id_of, may_run
from .errors import ActionBlocked, ActionGateError, ApiRequestError, ApprovalRequired, GovernanceUnavailable
from .guard import Guarding, check, guard

__version__ = "0.3.0"

__all__ = [
    "ActionBlocked",
    "ActionGateError",
    "ApiRequestError",
    "ApprovalRequired",
    "Client",
    "GovernanceUnavailable",
    "Guarding",
    "approval_id_of",
    "check",
    "guard",
    "may_run",
    "__version__",
]
