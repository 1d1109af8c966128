"""The vault and brokered calls from Python against the real server and a real upstream on
127.0.0.1: the secret reaches the upstream, never the caller; held calls send nothing."""
from __future__ import annotations

import http.server
import json
import threading
import unittest
import uuid
from typing import Any, Dict, List

from live_server import LiveServer

from actiongate import ApiRequestError, Client

SECRET = "py-secret-value-5555"
server: LiveServer
received: List[Dict[str, Any]] = []


class Echo(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer()

    def do_POST(self) -> None:  # noqa: N802
        self._answer()

    def _answer(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        record = {"method": self.command, "path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
        received.append(record)
        data = json.dumps(record).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


upstream = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)


def setUpModule() -> None:  # noqa: N802
    global server
    server = LiveServer()
    threading.Thread(target=upstream.serve_forever, daemon=True).start()


def tearDownModule() -> None:  # noqa: N802
    upstream.shutdown()
    server.stop()


class CredentialTests(unittest.TestCase):
    def setUp(self) -> None:
        self.admin = Client(server.url, server.admin_key)
        self.origin = f"http://127.0.0.1:{upstream.server_address[1]}"

    def test_vault_and_brokered_call(self) -> None:
        name = f"py-{uuid.uuid4().hex[:6]}"
        stored = self.admin.put_credential(name, SECRET, ["127.0.0.1"], allowed_methods=["GET", "POST"])
        self.assertEqual(stored["version"], 1)
        self.assertNotIn(SECRET, json.dumps(stored))
        self.assertEqual(self.admin.put_credential(name, SECRET, ["127.0.0.1"])["version"], 2)
        self.assertIn(name, [c["name"] for c in self.admin.list_credentials()])

        agent = f"py-agent-{uuid.uuid4().hex[:6]}"
        before = len(received)
        held = self.admin.call(name, f"{self.origin}/py", method="POST", json_body={"n": 1}, agent_id=agent)
        self.assertFalse(held["sent"])
        self.assertEqual(held["decision"]["verdict"], "REQUIRE_APPROVAL")
        self.assertEqual(len(received), before)

        approver = Client(server.url, self.admin.create_api_key(f"py-approver-{uuid.uuid4().hex[:6]}", "approver")["api_key"])
        approver.approve(held["decision"]["approval_id"])
        sent = self.admin.call(name, f"{self.origin}/py", method="POST", json_body={"n": 1}, agent_id=agent)
        self.assertTrue(sent["sent"])
        self.assertEqual(sent["upstream"]["status"], 200)
        self.assertEqual(len(received), before + 1)
        self.assertEqual(received[-1]["headers"]["authorization"], f"Bearer {SECRET}")
        self.assertNotIn(SECRET, json.dumps(sent))
        self.assertEqual(sent["decision"]["outcome"]["status"], "completed")

        with self.assertRaises(ApiRequestError) as refused:
            self.admin.call(name, "http://169.254.169.254/latest/", agent_id=agent)
        self.assertEqual(refused.exception.status, 403)
        self.admin.delete_credential(name)

    def test_egress_posture_contain(self) -> None:
        rule = self.admin.create_egress_rule("api.example.com", ports=[443], schemes=["https"])
        self.assertIn(rule["id"], [r["id"] for r in self.admin.list_egress_rules()])
        self.admin.delete_egress_rule(rule["id"])
        posture = self.admin.update_posture(denied_tools=["/tools/py_danger"])
        self.assertEqual(posture["denied_tools"], ["/tools/py_danger"])
        blocked = self.admin.decide("/tools/py_danger", {}, agent_id="py-posture")
        self.assertEqual(blocked["verdict"], "BLOCKED")
        self.admin.update_posture()
        tenant = posture["tenant"]
        self.assertTrue(self.admin.contain(tenant)["contained"])
        held = self.admin.decide("/tools/search", {"q": "x"}, agent_id="py-posture-2")
        self.assertEqual(held["stages"][0]["verdict"], "require_approval")
        self.assertFalse(self.admin.release(tenant)["contained"])


if __name__ == "__main__":
    unittest.main()
