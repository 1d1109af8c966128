"""Governance from Python against the real server (issue 21): authorities with amount limits,
two-person approvals (the same key twice refused), signed approvals, governance policies and their
evaluation, trajectory policies, trajectories and passports (revoked ones refused), plans used up
in order, and `ActionVerifyRequest`."""
from __future__ import annotations

import unittest

from live_server import LiveServer, unique

from actiongate import ApiRequestError, Client

server: LiveServer


def setUpModule() -> None:  # noqa: N802
    global server
    server = LiveServer()


def tearDownModule() -> None:  # noqa: N802
    server.stop()


class GovernanceTests(unittest.TestCase):
    def setUp(self) -> None:
        self.admin = Client(server.url, server.admin_key)

    def approver(self, name: str) -> Client:
        return Client(server.url, self.admin.create_api_key(name, "approver")["api_key"])

    def test_authorities_and_two_person_approval(self) -> None:
        first_name, second_name = unique("py-first"), unique("py-second")
        first, second = self.approver(first_name), self.approver(second_name)
        for name in (first_name, second_name):
            self.admin.create_authority(name, "approver", max_approval_amount_cents=100_000)
        self.assertTrue(any(a["identity_id"] == first_name for a in self.admin.list_authorities()))
        opened = self.admin.request_approval("py-release-bot", "deploy_production", resource="svc/api",
                                             justification="hotfix", min_distinct_approvers=2, ttl_seconds=600)
        approval_id = opened["approval_id"]
        one = first.decide_approval(approval_id, True, "looks right")
        self.assertEqual((one["status"], one["remaining"]), ("pending", 1))
        with self.assertRaises(ApiRequestError) as twice:
            first.decide_approval(approval_id, True)
        self.assertEqual(twice.exception.status, 409)
        two = second.decide_approval(approval_id, True)
        self.assertEqual(two["status"], "approved")
        self.assertEqual(len(self.admin.approval_votes(approval_id)["approvers"]), 2)

        # Above the authority's amount: refused with the reason.
        held = self.admin.decide("/tools/transfer_funds", {"to": "acct-9", "amount": 5000}, agent_id=unique("py-payer"))
        with self.assertRaises(ApiRequestError) as too_much:
            first.approve(held["stages"][3]["data"]["approval_id"])
        self.assertEqual(too_much.exception.status, 403)
        self.assertIn("approves up to 100000 cents", str(too_much.exception))

    def test_signed_approval(self) -> None:
        try:
            from cryptography.hazmat.primitives import serialization
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        except ImportError:
            self.skipTest("the `cryptography` package signs Ed25519 here; the library itself does not need it")
        name = unique("py-signer")
        signer = self.approver(name)
        self.admin.create_authority(name, "approver")
        private = Ed25519PrivateKey.generate()
        pem = private.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        key = signer.register_approver_key(name, pem.decode())
        self.assertTrue(any(k["approver_key_id"] == key["approver_key_id"] for k in signer.list_approver_keys()))
        approval_id = self.admin.request_approval(unique("py-bot"), "payments.send", resource="acct-1")["approval_id"]
        with self.assertRaises(ApiRequestError) as forged:
            signer.sign_approval(approval_id, key["approver_key_id"], lambda data: private.sign(data + b" "))
        self.assertEqual(forged.exception.status, 422)
        signed = signer.sign_approval(approval_id, key["approver_key_id"], private.sign)
        self.assertEqual(signed["status"], "approved")
        self.assertTrue(signed["votes"][0]["signature_b64"])

    def test_policies_and_evaluation(self) -> None:
        policy = self.admin.create_governance_policy(
            unique("py wires"),
            constraints=[{"effect": "deny", "conditions": [{"field": "amount", "op": "gte", "value": 1_000_000}]}],
            priority=10,
        )
        self.assertEqual(policy["version"], "1.0")
        self.assertTrue(any(p["policy_id"] == policy["policy_id"] for p in self.admin.list_governance_policies()))
        verdict = self.admin.evaluate_governance("/tools/wire", scope={"amount": 2_000_000})
        self.assertEqual(verdict["verdict"], "deny", verdict)
        updated = self.admin.update_governance_policy(policy["policy_id"], status="disabled")
        self.assertEqual(updated["status"], "disabled")
        self.assertEqual(self.admin.get_governance_policy(policy["policy_id"])["status"], "disabled")
        rule = self.admin.create_trajectory_policy(unique("py exfil"), [
            {"steps": [{"action": "/tools/secrets/*"}, {"action": "/tools/send_email"}], "effect": "require_approval"},
        ])
        self.assertTrue(any(p["policy_id"] == rule["policy_id"] for p in self.admin.list_trajectory_policies()))

    def test_trajectory_and_passport(self) -> None:
        identity = self.admin.create_identity("agent", unique("py-traveller"))["identity"]
        trajectory = self.admin.create_trajectory(identity["identity_id"], unique("py-traveller"))
        self.assertEqual(self.admin.get_trajectory(trajectory["trajectory_id"])["identity_id"], identity["identity_id"])
        passport = self.admin.issue_passport(trajectory["trajectory_id"], validity_hours=1)
        self.assertEqual(len(passport["token"].split(".")), 3)
        listed = self.admin.list_passports(trajectory_id=trajectory["trajectory_id"])
        self.assertEqual([p["passport_id"] for p in listed], [passport["passport_id"]])
        self.assertEqual(self.admin.get_passport(passport["passport_id"])["status"], "valid")
        self.assertTrue(self.admin.verify_passport(passport["token"])["valid"])
        self.admin.revoke_passport(passport["passport_id"], "rotated")
        refused = self.admin.verify_passport(passport["token"])
        self.assertFalse(refused["valid"])
        self.assertIn("rotated", refused["reason"])

    def test_plans(self) -> None:
        agent = unique("py-planner")
        tenant = self.admin.me()["tenant_id"]
        steps = [{"index": 0, "action": "read_file", "target": "/srv/a.txt"},
                 {"index": 1, "action": "send_email", "target": "ops@ourco.com"}]
        with self.assertRaises(ApiRequestError) as refused:
            self.admin.commit_plan(agent, tenant, "too much", steps, 0.2, "WRITE")
        self.assertEqual(refused.exception.status, 422)
        plan = self.admin.commit_plan(agent, tenant, "read then mail", steps, 1, "WRITE")
        self.assertEqual(plan["status"], "pending_authorization")
        with self.assertRaises(ApiRequestError) as own:
            self.admin.authorize_plan(plan["plan_id"])
        self.assertEqual(own.exception.status, 403)
        self.assertEqual(self.approver(unique("py-plan-ok")).authorize_plan(plan["plan_id"], authorized_by="ops")["status"], "authorized")
        self.assertEqual(self.admin.decide("/tools/send_email", {"to": "ops@ourco.com"}, agent_id=agent)["verdict"], "REQUIRE_APPROVAL")
        self.assertEqual(self.admin.decide("/tools/read_file", {"path": "/srv/a.txt"}, agent_id=agent)["verdict"], "ALLOWED")
        self.assertEqual(self.admin.get_plan(plan["plan_id"])["next_step_index"], 1)
        self.assertEqual(self.admin.decide("/tools/send_email", {"to": "ops@ourco.com"}, agent_id=agent)["verdict"], "ALLOWED")
        done = self.admin.get_plan(plan["plan_id"])
        self.assertEqual((done["status"], done["steps_used"]), ("completed", 2))
        self.assertEqual([p["plan_id"] for p in self.admin.list_plans(agent_id=agent)], [plan["plan_id"]])
        verified = self.admin.verify_actions([{"index": 0, "action": "transfer", "value": 20000}],
                                             [{"id": "cap", "type": "threshold", "action": "transfer", "threshold": 10000}])
        self.assertEqual((verified["valid"], verified["violation_count"]), (False, 1))


if __name__ == "__main__":
    unittest.main()
