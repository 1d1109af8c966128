"""Issue 20: the Python identity helpers against the real server: proof of possession, an agent
token as the client's credential (held to its scopes), an action token redeemed once, delegation
from a token, and the edge and capability checks."""
from __future__ import annotations

import base64
import unittest

from live_server import LiveServer, unique

from actiongate import ApiRequestError, Client, may_run

server: LiveServer


def setUpModule() -> None:  # noqa: N802 - unittest's name
    global server
    server = LiveServer()


def tearDownModule() -> None:  # noqa: N802
    server.stop()


class IdentityTests(unittest.TestCase):
    def setUp(self) -> None:
        self.admin = Client(server.url, server.admin_key)
        self.tenant = self.admin._request("GET", "/fabric/me")["tenant_id"]
        self.admin.create_tool_rule(unique("reports-ok"), "allow", "/tools/reports/")

    def test_token_as_credential_held_to_its_scopes(self) -> None:
        created = self.admin.create_identity("agent", unique("py-agent"), capabilities=["/tools/reports/"])
        identity = created["identity"]
        minted = self.admin.mint_agent_token(identity["identity_id"], ["/tools/reports/"], ttl_seconds=300)
        agent = self.admin.with_agent_token(minted["token"])
        self.assertTrue(may_run(agent.decide("/tools/reports/read", {"id": 1})))
        outside = agent.decide("/tools/shell", {"command": "ls"})
        self.assertFalse(may_run(outside))
        self.assertTrue(outside["stages"][0]["data"]["out_of_scope"])
        with self.assertRaises(ApiRequestError) as refused:
            agent.list_agent_keys()
        self.assertEqual(refused.exception.status, 403)
        self.assertTrue(agent.assess_token(minted["token_id"], "read", "/tools/reports/q3")["in_scope"])
        self.admin.revoke_identity(identity["identity_id"], "done")
        with self.assertRaises(ApiRequestError) as gone:
            agent.decide("/tools/reports/read", {})
        self.assertEqual(gone.exception.status, 401)

    def test_proof_of_possession(self) -> None:
        try:
            from cryptography.hazmat.primitives.serialization import load_der_private_key
        except ImportError:
            self.skipTest("the `cryptography` package signs Ed25519 here; the library itself does not need it")
        created = self.admin.create_identity("agent", unique("py-pop"))
        key = load_der_private_key(base64.urlsafe_b64decode(created["private_key"] + "=="), password=None)
        identity = created["identity"]
        proved = self.admin.prove(identity["identity_id"], identity["public_key"], key.sign)  # type: ignore[union-attr]
        self.assertTrue(proved["verified"], proved["detail"])
        wrong = self.admin.prove(identity["identity_id"], identity["public_key"], lambda data: key.sign(data + b"x"))  # type: ignore[union-attr]
        self.assertFalse(wrong["verified"])

    def test_action_token_delegation_and_checks(self) -> None:
        created = self.admin.create_identity("agent", unique("py-exec"), capabilities=["/tools/reports/"])
        agent_id = created["identity"]["identity_id"]
        grant = self.admin.create_delegation(agent_id, ["/tools/reports/"], ttl_seconds=300)
        call = {"tool": "/tools/reports/export", "action": "export", "resource": "q3"}
        asked = self.admin.request_action_token(agent_id, self.tenant, grant["delegation_id"], {"why": "board"},
                                                arguments={"format": "csv"}, **call)
        self.assertIsNotNone(asked["token"], asked["decision"]["detail"])
        ran = self.admin.execute_action_token(asked["token"], agent_id, self.tenant, arguments={"format": "csv"}, **call)
        self.assertTrue(ran["run"])
        with self.assertRaises(ApiRequestError):
            self.admin.execute_action_token(asked["token"], agent_id, self.tenant, arguments={"format": "csv"}, **call)

        short = unique("py")[:12]
        self.admin._request("POST", "/fabric/a2a/agents", {"agent_id": short, "capabilities": ["/tools/reports/read"]})
        token = self.admin.mint_agent_token(agent_id, ["/tools/reports/"], chain=[grant["delegation_id"]])
        passed = self.admin.delegate_from_token(token["token_id"], [grant["delegation_id"]], subject=short,
                                                resource="/tools/reports/read", ttl=60)
        self.assertEqual(passed["delegation"]["capabilities"], ["/tools/reports/read"])
        self.assertTrue(self.admin.check_capability(short, "/tools/reports/read")["allowed"])
        edge = self.admin.add_edge(short, agent_id, "acts_for", "TICKET-9", ["read"])
        self.assertTrue(edge["edge_id"].startswith("edg_"))
        self.assertTrue(self.admin.check_impersonation(short, agent_id)["allowed"])
        self.assertFalse(self.admin.check_impersonation(agent_id, short)["allowed"])
        composed = self.admin.evaluate_composition([{"id": "a", "capabilities": ["/tools/reports/read"]},
                                                    {"id": "b", "capabilities": ["/tools/send_email"]}])
        self.assertTrue(composed["flagged"])


if __name__ == "__main__":
    unittest.main()
