"""The Python library against the real server: guards never run the body unless allowed, a held
call runs once after approval, and retried decisions are idempotent."""
from __future__ import annotations

import asyncio
import http.server
import threading
import time
import unittest
import urllib.request
from typing import List

from live_server import LiveServer, free_port, unique

from actiongate import (
    ActionBlocked,
    ApiRequestError,
    ApprovalRequired,
    Client,
    GovernanceUnavailable,
    __version__,
    guard,
    may_run,
)

server: LiveServer


def setUpModule() -> None:  # noqa: N802 - unittest's name
    global server
    server = LiveServer()


def tearDownModule() -> None:  # noqa: N802
    server.stop()


# How long a guard waits for the test's "human", and the test for the held call: generous for a loaded
# machine; a guard returns as soon as the human answers, so it costs nothing when all is well.
HUMAN_WAIT = 30


class Base(unittest.TestCase):
    def setUp(self) -> None:
        self.admin = Client(server.url, server.admin_key)
        self.approver = Client(server.url, self.admin.create_api_key(unique("approver"), "approver")["api_key"])

    def wait_pending(self, agent_id: str) -> str:
        # Bounded by time, not tries: the guard's first decision takes seconds on a loaded machine.
        deadline = time.monotonic() + HUMAN_WAIT
        while time.monotonic() < deadline:
            pending = self.approver.list_approvals(status="pending", agent_id=agent_id)
            if pending:
                return pending[0]["approval_id"]
            time.sleep(0.02)
        self.fail(f"no pending approval for {agent_id}")


class ClientTest(Base):
    def test_version(self) -> None:
        self.assertEqual(__version__, "0.3.0")

    def test_decide_approve_resend_runs_once(self) -> None:
        agent = unique("py-agent")
        payload = {"to": "cfo@example.com", "subject": "Q3"}
        held = self.admin.decide("/tools/send_email", payload, agent_id=agent)
        self.assertEqual(held["verdict"], "REQUIRE_APPROVAL")
        self.assertFalse(may_run(held))
        approval = self.approver.approve(held["approval_id"], note="fine")
        self.assertEqual(approval["status"], "approved")
        allowed = self.admin.decide("/tools/send_email", {"subject": "Q3", "to": "cfo@example.com"}, agent_id=agent)
        self.assertTrue(may_run(allowed))
        again = self.admin.decide("/tools/send_email", payload, agent_id=agent)
        self.assertEqual(again["verdict"], "REQUIRE_APPROVAL")
        record = self.admin.get_decision(allowed["decision_id"])
        self.assertEqual(record["payload"], payload)
        self.assertEqual(self.admin.decision_signature(allowed["decision_id"])["algorithm"], "Ed25519")
        listed = self.admin.list_decisions(agent_id=agent)["decisions"]
        self.assertEqual([d["verdict"] for d in listed], ["REQUIRE_APPROVAL", "ALLOWED", "REQUIRE_APPROVAL"])

    def test_rules_keys_agents(self) -> None:
        rule = self.admin.create_tool_rule(unique("no-drops"), "deny", "/tools/drop_table")
        self.assertEqual(self.admin.update_tool_rule(rule["id"], description="never")["version"], 2)
        self.assertIn(rule["id"], [r["id"] for r in self.admin.list_tool_rules()])
        self.admin.delete_tool_rule(rule["id"])
        key = self.admin.create_agent_key(unique("bot"))
        self.assertTrue(key["agent_key"].startswith("agt_"))
        as_agent = Client(server.url, key["agent_key"])
        self.assertEqual(as_agent.decide("/tools/read_file", {"file": "a"})["agent_id"], key["agent_id"])
        self.assertEqual(self.admin.suspend_agent(key["agent_id"], "checking")["override"], "suspended")
        self.assertIsNone(self.admin.reinstate_agent(key["agent_id"], "ok")["override"])
        self.assertTrue(self.admin.revoke_agent_key(key["agent_key_id"])["revoked_at"])
        with self.assertRaises(ApiRequestError) as caught:
            as_agent.decide("/tools/read_file")
        self.assertEqual(caught.exception.status, 401)
        with self.assertRaises(ApiRequestError) as invalid:
            self.admin.decide("no-slash", agent_id="x")
        self.assertEqual(invalid.exception.status, 422)
        self.assertIsInstance(invalid.exception.detail, list)


class GuardTest(Base):
    def test_held_raises_before_the_body(self) -> None:
        ran: List[str] = []

        @guard("/tools/send_email", agent_id=unique("py-held"), client=self.admin)
        def send_email(to: str, subject: str = "hello") -> str:
            ran.append(to)
            return "sent"

        with self.assertRaises(ApprovalRequired) as caught:
            send_email("a@example.com")
        self.assertTrue(caught.exception.approval_id.startswith("apr_"))
        self.assertEqual(caught.exception.decision["verdict"], "REQUIRE_APPROVAL")
        approval = self.approver.get_approval(caught.exception.approval_id)
        self.assertEqual(approval["payload"], {"to": "a@example.com", "subject": "hello"}, "arguments by parameter name")
        self.assertEqual(ran, [])

        # approved by a human: the identical call runs once, then is held again
        self.approver.approve(caught.exception.approval_id)
        self.assertEqual(send_email("a@example.com"), "sent")
        self.assertEqual(ran, ["a@example.com"])
        with self.assertRaises(ApprovalRequired):
            send_email("a@example.com")
        self.assertEqual(ran, ["a@example.com"])

    def test_blocked_raises_before_the_body(self) -> None:
        rule = self.admin.create_tool_rule(unique("deny-wire"), "deny", "/tools/wire_money")
        ran: List[int] = []

        @guard("/tools/wire_money", agent_id=unique("py-blocked"), client=self.admin)
        def wire(amount: int) -> None:
            ran.append(amount)

        try:
            with self.assertRaises(ActionBlocked) as caught:
                wire(5)
            self.assertEqual(caught.exception.decision["verdict"], "BLOCKED")
            self.assertEqual(ran, [])
        finally:
            self.admin.delete_tool_rule(rule["id"])

    def test_unreachable_raises_before_the_body(self) -> None:
        ran: List[int] = []
        closed = Client(f"http://127.0.0.1:{free_port()}", "fk_x", timeout=2.0, retries=1)

        @guard("/tools/read_file", agent_id="x", client=closed)
        def read() -> None:
            ran.append(1)

        with self.assertRaises(GovernanceUnavailable):
            read()
        with self.assertRaises(GovernanceUnavailable):
            with closed.guarding("/tools/read_file", {"file": "a"}, agent_id="x"):
                ran.append(2)
        bad_key = Client(server.url, "fk_unknown")
        with self.assertRaises(GovernanceUnavailable) as caught:
            bad_key.guard("/tools/read_file", agent_id="x")(read)()
        self.assertEqual(caught.exception.status, 401)
        self.assertEqual(ran, [])

    def test_context_manager_and_async(self) -> None:
        ran: List[str] = []
        agent = unique("py-ctx")
        with self.assertRaises(ApprovalRequired):
            with self.admin.guarding("/tools/send_sms", {"to": "+1"}, agent_id=agent):
                ran.append("ctx")

        @guard("/tools/send_sms", agent_id=agent, client=self.admin)
        async def send_sms(to: str) -> str:
            ran.append("async")
            return "ok"

        with self.assertRaises(ApprovalRequired) as caught:
            asyncio.run(send_sms("+1"))
        self.approver.approve(caught.exception.approval_id)
        self.assertEqual(asyncio.run(send_sms("+1")), "ok")
        self.assertEqual(ran, ["async"])

    def test_wait_for_approval_runs_once(self) -> None:
        ran: List[float] = []
        agent = unique("py-wait")

        @guard("/tools/transfer_funds", agent_id=agent, client=self.admin, wait_for_approval=HUMAN_WAIT, poll_interval=0.05,
               report_outcome=True)
        def pay(amount: float, to: str) -> str:
            ran.append(amount)
            return "paid"

        result: List[object] = []
        worker = threading.Thread(target=lambda: result.append(pay(120, "acct-9")))
        worker.start()
        approval_id = self.wait_pending(agent)
        self.assertEqual(ran, [], "nothing runs while held")
        self.approver.approve(approval_id, note="expected")
        worker.join(HUMAN_WAIT + 30)
        self.assertEqual(result, ["paid"])
        self.assertEqual(ran, [120])
        approval = self.approver.get_approval(approval_id)
        self.assertEqual(approval["status"], "consumed")
        record = self.admin.get_decision(approval["consumed_by_decision_id"])
        self.assertEqual(record["outcome"]["status"], "completed")

    def test_wait_for_approval_denied(self) -> None:
        agent = unique("py-deny")

        @guard("/tools/transfer_funds", agent_id=agent, client=self.admin, wait_for_approval=HUMAN_WAIT, poll_interval=0.05)
        def pay(amount: float) -> None:
            self.fail("must not run")

        errors: List[BaseException] = []

        def call() -> None:
            try:
                pay(1)
            except BaseException as error:  # noqa: BLE001
                errors.append(error)

        worker = threading.Thread(target=call)
        worker.start()
        self.approver.deny(self.wait_pending(agent), note="no")
        worker.join(HUMAN_WAIT + 30)
        self.assertEqual(len(errors), 1)
        self.assertIsInstance(errors[0], ActionBlocked)


class LossyProxy(http.server.ThreadingHTTPServer):
    """Forwards to the server, then loses the first `lose` answers (as 502s) on the way back."""

    def __init__(self, target: str, lose: int) -> None:
        self.target = target
        self.lose = lose
        self.seen: List[dict] = []
        super().__init__(("127.0.0.1", 0), ProxyHandler)


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    server: LossyProxy

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        headers = {k: v for k, v in self.headers.items() if k.lower() in ("x-api-key", "content-type", "idempotency-key")}
        request = urllib.request.Request(self.server.target + self.path, data=body, headers=headers, method="POST")
        with urllib.request.urlopen(request) as response:
            status, text = response.status, response.read()
        self.server.seen.append({"idempotency_key": self.headers.get("idempotency-key"), "body": text})
        if len(self.server.seen) <= self.server.lose:
            status, text = 502, b'{"detail": "bad gateway"}'
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)


class RetryTest(Base):
    def test_retried_decision_consumes_the_approval_once(self) -> None:
        agent = unique("py-retry")
        payload = {"amount": 250, "to": "acct-7"}
        held = self.admin.decide("/tools/transfer_funds", payload, agent_id=agent)
        self.approver.approve(held["approval_id"])

        proxy = LossyProxy(server.url, lose=2)
        thread = threading.Thread(target=proxy.serve_forever, daemon=True)
        thread.start()
        try:
            through = Client(f"http://127.0.0.1:{proxy.server_address[1]}", server.admin_key, retries=2, timeout=10)
            decision = through.decide("/tools/transfer_funds", payload, agent_id=agent)
        finally:
            proxy.shutdown()
            proxy.server_close()
        self.assertEqual(decision["verdict"], "ALLOWED")
        self.assertEqual(len(proxy.seen), 3)
        self.assertEqual(len({s["idempotency_key"] for s in proxy.seen}), 1, "the same Idempotency-Key on every attempt")
        approval = self.approver.get_approval(held["approval_id"])
        self.assertEqual(approval["status"], "consumed")
        self.assertEqual(approval["consumed_by_decision_id"], decision["decision_id"])
        verdicts = [d["verdict"] for d in self.admin.list_decisions(agent_id=agent)["decisions"]]
        self.assertEqual(verdicts, ["ALLOWED", "REQUIRE_APPROVAL"], "decided once despite three attempts")

    def test_retries_are_bounded_and_skip_4xx(self) -> None:
        attempts: List[int] = []

        class Failing(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                attempts.append(1)
                status = 503 if self.path.startswith("/fabric/decisions") else 404
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

        stub = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Failing)
        threading.Thread(target=stub.serve_forever, daemon=True).start()
        try:
            client = Client(f"http://127.0.0.1:{stub.server_address[1]}", "fk_x", retries=3, timeout=10)
            with self.assertRaises(GovernanceUnavailable) as caught:
                client.decide("/tools/x", agent_id="a")
            self.assertEqual(caught.exception.status, 503)
            self.assertEqual(len(attempts), 4)
            attempts.clear()
            with self.assertRaises(ApiRequestError):
                client.approve("apr_x")
            self.assertEqual(len(attempts), 1)
        finally:
            stub.shutdown()
            stub.server_close()


if __name__ == "__main__":
    unittest.main()
