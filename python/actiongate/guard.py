"""Guards: decide first, run only when allowed. Every failure to get an allowing decision raises
before the tool body starts, so a guarded tool never runs by accident."""
from __future__ import annotations

import asyncio
import functools
import inspect
import json
import random
import time
from typing import Any, Callable, Dict, Optional, TypeVar, Union

from .client import Client, JsonObject, approval_id_of, may_run
from .errors import ActionBlocked, ApiRequestError, ApprovalRequired, GovernanceUnavailable

F = TypeVar("F", bound=Callable[..., Any])
PayloadOption = Union[JsonObject, Callable[..., JsonObject], None]


def _decide(client: Client, path: str, payload: JsonObject, agent_id: Optional[str]) -> JsonObject:
    """Decides, turning every failure to get a decision into `GovernanceUnavailable`."""
    try:
        decision = client.decide(path, payload, agent_id=agent_id)
    except GovernanceUnavailable:
        raise
    except ApiRequestError as error:
        raise GovernanceUnavailable(f"no decision for `{path}`: {error}", error.status) from error
    except Exception as error:  # noqa: BLE001 - anything else also means do not run
        raise GovernanceUnavailable(f"no decision for `{path}`: {error}") from error
    if not isinstance(decision, dict) or not isinstance(decision.get("verdict"), str) or not isinstance(decision.get("blocked"), bool):
        raise GovernanceUnavailable("the decision answer has no verdict; not running")
    return decision


def _refusal(decision: JsonObject) -> Exception:
    approval_id = approval_id_of(decision)
    if decision.get("verdict") == "REQUIRE_APPROVAL" and approval_id:
        return ApprovalRequired(approval_id, decision)
    return ActionBlocked(decision)


def _wait_for_human(client: Client, approval_id: str, decision: JsonObject, timeout: float, interval: float) -> None:
    """Polls the approval until a human decides it; returns when approved, raises otherwise."""
    deadline = time.monotonic() + timeout
    last: Optional[JsonObject] = None
    while True:
        try:
            last = client.get_approval(approval_id)
        except ApiRequestError as error:
            raise GovernanceUnavailable(f"cannot read approval {approval_id}: {error}", error.status) from error
        except GovernanceUnavailable:
            pass  # a network blip: keep waiting until the deadline
        status = (last or {}).get("status")
        if status == "approved":
            return
        if status == "denied":
            raise ActionBlocked(decision, last)
        if last is not None and status != "pending":
            raise ApprovalRequired(approval_id, decision, last, f"approval {approval_id} is {status}; send the call again for a new one")
        left = deadline - time.monotonic()
        if left <= 0:
            raise ApprovalRequired(approval_id, decision, last, f"approval {approval_id} was not decided within {timeout} s")
        time.sleep(min(left, interval * (0.75 + random.random() * 0.5)))


def check(client: Client, path: str, payload: JsonObject, agent_id: Optional[str] = None,
          wait_for_approval: Optional[float] = None, poll_interval: float = 1.0) -> JsonObject:
    """Decides one call and answers the allowing decision, or raises `ActionBlocked`,
    `ApprovalRequired` or `GovernanceUnavailable`. With `wait_for_approval` (seconds), waits for a
    human and then sends the identical call again, which consumes the approval."""
    decision = _decide(client, path, payload, agent_id)
    if may_run(decision):
        return decision
    approval_id = approval_id_of(decision)
    if not wait_for_approval or decision.get("verdict") != "REQUIRE_APPROVAL" or not approval_id:
        raise _refusal(decision)
    _wait_for_human(client, approval_id, decision, wait_for_approval, max(0.05, poll_interval))
    decision = _decide(client, path, payload, agent_id)
    if not may_run(decision):
        raise _refusal(decision)
    return decision


def _payload_of(fn: Callable[..., Any], option: PayloadOption, args: tuple, kwargs: Dict[str, Any]) -> JsonObject:
    """The payload of one call: the option, or the call's arguments by parameter name."""
    if callable(option):
        payload = option(*args, **kwargs)
    elif option is not None:
        payload = option
    else:
        bound = inspect.signature(fn).bind(*args, **kwargs)
        bound.apply_defaults()
        payload = dict(bound.arguments)
    # Only JSON goes on the wire; anything else is sent as its repr so the decision sees it.
    return json.loads(json.dumps(payload, default=repr))


def guard(
    path: str,
    agent_id: Optional[str] = None,
    client: Optional[Client] = None,
    payload: PayloadOption = None,
    wait_for_approval: Optional[float] = None,
    poll_interval: float = 1.0,
    report_outcome: bool = False,
) -> Callable[[F], F]:
    """Decorator for a tool function (sync or async): each call is decided first, with the call's
    arguments (by parameter name) as the payload, and the body runs only when allowed.

    Raises `ActionBlocked`, `ApprovalRequired` (with `approval_id`) or `GovernanceUnavailable`
    before the body runs. Without `client`, one is made from ACTIONGATE_URL / ACTIONGATE_API_KEY.
    """

    def decorate(fn: F) -> F:
        def decided(args: tuple, kwargs: Dict[str, Any]) -> tuple:
            gate = client or Client()
            try:
                body = _payload_of(fn, payload, args, kwargs)
            except Exception as error:  # noqa: BLE001 - no payload, no decision, no run
                raise GovernanceUnavailable(f"could not build the payload for `{path}`: {error}") from error
            return gate, check(gate, path, body, agent_id, wait_for_approval, poll_interval)

        def report(gate: Client, decision: JsonObject, status: str, detail: Optional[str] = None) -> None:
            if not report_outcome:
                return
            try:
                gate.report_outcome(decision["decision_id"], status, detail)
            except Exception:  # noqa: BLE001 - the tool already ran; a lost report changes nothing
                pass

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
                gate, decision = await asyncio.to_thread(decided, args, kwargs)
                try:
                    result = await fn(*args, **kwargs)
                except BaseException as error:
                    await asyncio.to_thread(report, gate, decision, "failed", str(error))
                    raise
                await asyncio.to_thread(report, gate, decision, "completed")
                return result

            return async_wrapper  # type: ignore[return-value]

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            gate, decision = decided(args, kwargs)
            try:
                result = fn(*args, **kwargs)
            except BaseException as error:
                report(gate, decision, "failed", str(error))
                raise
            report(gate, decision, "completed")
            return result

        return wrapper  # type: ignore[return-value]

    return decorate


class Guarding:
    """`with client.guarding(path, payload):` decides on entry; the body runs only when allowed.

    Also usable as `async with`. The allowing decision is available as the `as` target.
    """

    def __init__(self, client: Client, path: str, payload: JsonObject, agent_id: Optional[str],
                 wait_for_approval: Optional[float]) -> None:
        self.client = client
        self.path = path
        self.payload = payload
        self.agent_id = agent_id
        self.wait_for_approval = wait_for_approval
        self.decision: Optional[JsonObject] = None

    def __enter__(self) -> JsonObject:
        self.decision = check(self.client, self.path, self.payload, self.agent_id, self.wait_for_approval)
        return self.decision

    def __exit__(self, *exc: Any) -> bool:
        return False

    async def __aenter__(self) -> JsonObject:
        return await asyncio.to_thread(self.__enter__)

    async def __aexit__(self, *exc: Any) -> bool:
        return False
