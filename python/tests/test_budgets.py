"""Budgets, reservations, agent controls and evaluation from Python against the real server
(issue 19): an allowed call reserves its amount, its outcome commits the actual cost; a call past
the hard limit is held with the budget named; evaluation records nothing."""
from __future__ import annotations

import unittest
import uuid

from live_server import LiveServer

from actiongate import ApiRequestError, Client

server: LiveServer


def setUpModule() -> None:  # noqa: N802
    global server
    server = LiveServer()


def tearDownModule() -> None:  # noqa: N802
    server.stop()


class BudgetTests(unittest.TestCase):
    def setUp(self) -> None:
        self.admin = Client(server.url, server.admin_key)

    def test_reserve_commit_and_decisions(self) -> None:
        tool = f"py_buy_{uuid.uuid4().hex[:6]}"
        budget = self.admin.create_budget("py supplies", 1000, scope="tool", scope_id=tool)
        self.assertEqual(budget["period"], "monthly")
        held = self.admin.reserve(budget["id"], 600, ttl_seconds=60)
        with self.assertRaises(ApiRequestError) as refused:
            self.admin.reserve(budget["id"], 500)
        self.assertEqual(refused.exception.status, 409)
        committed = self.admin.commit_reservation(budget["id"], held["reservation_id"], actual_cost_cents=250)
        self.assertEqual(committed["committed_cents"], 250)
        self.assertEqual(self.admin.get_budget(budget["id"])["spent_cents"], 250)

        key = self.admin.create_agent_key(f"py-buyer-{uuid.uuid4().hex[:6]}")
        self.admin.create_tool_rule(f"allow {tool}", "allow", f"/tools/{tool}")
        agent = Client(server.url, key["agent_key"])
        allowed = agent.decide(f"/tools/{tool}", {"amount": 5})
        self.assertEqual(allowed["verdict"], "ALLOWED")
        self.assertEqual(self.admin.get_budget(budget["id"])["reserved_cents"], 500)
        agent.report_outcome(allowed["decision_id"], "completed", actual_cost_cents=450)
        self.assertEqual(self.admin.get_budget(budget["id"])["spent_cents"], 700)
        over = agent.decide(f"/tools/{tool}", {"amount": 5})
        self.assertEqual(over["verdict"], "REQUIRE_APPROVAL")
        self.assertIn(budget["id"], over["stages"][2]["detail"])

    def test_controls_and_evaluation_record_nothing(self) -> None:
        agent_id = f"py-ctl-{uuid.uuid4().hex[:6]}"
        self.admin.decide("/tools/search", {"q": "x"}, agent_id=agent_id)
        controls = self.admin.set_agent_controls(agent_id, max_actions_per_hour=5)
        self.assertEqual(controls["max_actions_per_hour"], 5)
        self.assertIsNone(controls["max_concurrent_actions"])
        before = len(self.admin.list_decisions(limit=500)["decisions"])
        self.assertEqual(self.admin.assess("shell", "rm -rf /")["risk_class"], "critical")
        evaluated = self.admin.evaluate_action("read", resource="report.pdf")
        decided = self.admin.decide_action("read", resource="report.pdf", agent_id=agent_id)
        self.assertFalse(evaluated["recorded"])
        self.assertIn(decided["verdict"], ("ALLOWED", "REQUIRE_APPROVAL", "BLOCKED"))
        self.assertEqual(self.admin.dry_run(limit=10, fabric_enforce=False)["recorded"], False)
        self.assertEqual(len(self.admin.list_decisions(limit=500)["decisions"]), before)


if __name__ == "__main__":
    unittest.main()
