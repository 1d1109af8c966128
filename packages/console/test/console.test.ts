// The console in a real browser (Chromium from test/support/browser.ts, through playwright-core) against the real
// server: sign in, a held call appears live, approve it in the queue, the resend runs, a rule made
// in the console blocks, the kill switch halts and resumes, a degraded agent is reinstated, and
// another tenant sees none of it.
// Screenshots go to $ACTIONGATE_SCREENSHOTS, or a temporary directory that the output names.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type TestServer } from '../../server/test/support/test-server.ts';
import { launchBrowser } from './support/browser.ts';

const shots = process.env.ACTIONGATE_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'actiongate-screens-'));

let server: TestServer;
let browser: Browser;
let agentKey: string;
let approverKey: string;
let otherTenantKey: string;
let page: Page;
let admin: BrowserContext;
const problems: string[] = [];

async function signedIn(key: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  const p = await context.newPage();
  p.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource|ERR_FAILED/.test(message.text())) problems.push(message.text());
  });
  p.on('pageerror', (error) => problems.push(String(error)));
  await p.goto(`${server.url}/dashboard`);
  await p.fill('#api-key', key);
  await p.press('#api-key', 'Enter');
  await p.waitForSelector('.who .tenant');
  return { context, page: p };
}

const decide = (body: unknown, key = agentKey) => server.call('POST', '/fabric/decisions', { key, body });
const shot = (p: Page, name: string) => p.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

before(async () => {
  mkdirSync(shots, { recursive: true });
  // Build the console from the current sources, so the test never checks stale assets.
  execFileSync(process.execPath, [join(dirname(fileURLToPath(import.meta.url)), '../build.mjs')], { stdio: 'inherit' });
  server = await startServer({ ACTIONGATE_SIGNUP: 'open' });
  agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'mailer' } })).body.agent_key;
  approverKey = (await server.call('POST', '/fabric/api-keys', { body: { name: 'alice', role: 'approver' } })).body.api_key;
  otherTenantKey = (await server.call('POST', '/signup', { key: null, body: { name: 'other-co' } })).body.api_key;
  browser = await launchBrowser();
  ({ context: admin, page } = await signedIn(server.adminKey));
});

after(async () => {
  await browser?.close();
  await server?.close();
  console.log(`# screenshots in ${shots}`);
});

/**
 * How long a live update (a stream event, or the 1.5 s poll) may take to show: generous, since a browser
 * on a loaded 2-core machine renders late, and a missing update still fails.
 */
const LIVE_MS = 30_000;

// Bounded (a hung browser must fail), with room for a loaded machine: the whole walk takes about a
// minute on a quiet one.
test('the console in a browser', { timeout: 600_000 }, async (t) => {
  await t.test('serves the page with a tight CSP, and signs in with a key kept in sessionStorage only', async () => {
    const res = await fetch(`${server.url}/dashboard`);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('actiongate.api-key')), server.adminKey);
    assert.deepEqual(await admin.cookies(), []);
    assert.ok(!page.url().includes(server.adminKey));
    await page.waitForSelector('.live[data-live="sse"]');
  });

  let held: any;
  await t.test('a held decision sent over HTTP appears live in the list, with a verified signature', async () => {
    held = (await decide({ path: '/tools/send_email', payload: { to: 'cfo@example.com', subject: 'Q3 numbers', body: 'x'.repeat(400) } }))
      .body;
    assert.equal(held.verdict, 'REQUIRE_APPROVAL');
    const row = page.locator(`#decision-list [data-decision-id="${held.decision_id}"]`);
    await row.waitFor({ timeout: LIVE_MS });
    assert.match(await row.innerText(), /Needs approval/);
    await decide({ path: '/tools/search', payload: { q: 'weather' } });
    await page.locator('#decision-list .decision-row').nth(1).waitFor();
    await shot(page, 'decisions');

    await row.click();
    await page.waitForSelector('#signature[data-verified="true"]');
    assert.match(await page.locator('#signature').innerText(), /Signature verified/);
    // Signed payload v2: the page says what the signature covers, arguments included.
    assert.equal(await page.locator('#signature-covers').getAttribute('data-version'), '2');
    assert.match(await page.locator('#signature-covers').innerText(), /agent, key, tool path, arguments/);
    assert.equal(await page.locator('.stages .stage').count(), 4);
    assert.match(await page.locator('#approval-box').innerText(), /pending/);
    await shot(page, 'decision-detail');
  });

  await t.test('a changed signature is marked not verified', async () => {
    const { context, page: p } = await signedIn(server.adminKey);
    await p.route('**/signature', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.signature = body.signature.startsWith('A') ? 'B' + body.signature.slice(1) : 'A' + body.signature.slice(1);
      await route.fulfill({ response, json: body });
    });
    await p.goto(`${server.url}/dashboard#/decisions/${held.decision_id}`);
    await p.waitForSelector('#signature[data-verified="false"]');
    assert.match(await p.locator('#signature').innerText(), /NOT verified/);
    await context.close();
  });

  await t.test('approving in the queue removes the item for every open console; the resend over HTTP runs', async () => {
    const { context: other, page: watcher } = await signedIn(approverKey);
    // A request the approver key made itself: it may not decide it, and is told why.
    const own = (await decide({ path: '/tools/transfer', agent_id: 'treasurer', payload: { amount: 50, to: 'acme' } }, approverKey)).body;
    await watcher.goto(`${server.url}/dashboard#/approvals`);
    const ownCard = watcher.locator(`[data-approval-id="${own.approval_id}"]`);
    await ownCard.waitFor();
    assert.match(await ownCard.innerText(), /a key can never approve its own request/);
    assert.equal(await ownCard.locator('button').count(), 0);
    const watched = watcher.locator(`[data-approval-id="${held.approval_id}"]`);
    await watched.waitFor();

    await page.goto(`${server.url}/dashboard#/approvals`);
    const card = page.locator(`[data-approval-id="${held.approval_id}"]`);
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /mailer/);
    assert.match(text, /cfo@example\.com/);
    assert.match(text, /left/);
    assert.match(text, /400 characters, show all/);
    // Why it was held: the deciding stage's reason, not the risk classifier's reasons.
    assert.match(
      await card.locator('.why-held').innerText(),
      /The trust stage held it: trust state new, risk medium: held, record too short/,
    );
    assert.doesNotMatch(await card.locator('.why-held').innerText(), /verb|->/);
    await shot(page, 'approvals');
    await card.locator('textarea').fill('checked the recipient');
    // Keyboard only: from the note, Tab reaches Approve and Enter presses it.
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /Approve/);
    await page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached', timeout: LIVE_MS });
    await watched.waitFor({ state: 'detached', timeout: LIVE_MS });
    await other.close();

    const approval = (await server.call('GET', `/fabric/approvals/${held.approval_id}`)).body;
    assert.equal(approval.status, 'approved');
    assert.equal(approval.note, 'checked the recipient');
    const resent = await decide({
      path: '/tools/send_email',
      payload: { to: 'cfo@example.com', subject: 'Q3 numbers', body: 'x'.repeat(400) },
    });
    assert.equal(resent.body.verdict, 'ALLOWED');
    assert.equal(resent.body.blocked, false);

    // The list no longer says "Needs approval" for a held call whose approval was used.
    await page.goto(`${server.url}/dashboard#/decisions`);
    const heldRow = page.locator(`#decision-list [data-decision-id="${held.decision_id}"]`);
    await heldRow.waitFor();
    assert.match(await heldRow.innerText(), /Approved, ran once/);
    assert.doesNotMatch(await heldRow.innerText(), /Needs approval/);
    // The approval box names the approver by key name.
    await heldRow.click();
    await page.waitForSelector('#approval-box');
    assert.match(await page.locator('#approval-box').innerText(), /Approved by admin/);
  });

  await t.test('a rule created in the console blocks the next call; editing shows the new version', async () => {
    await page.goto(`${server.url}/dashboard#/rules`);
    const form = page.locator('#new-rule form');
    await form.locator('input[name="name"]').fill('no-repo-deletes');
    await form.locator('select[name="effect"]').selectOption('deny');
    await form.locator('input[name="match_path"]').fill('/tools/delete_repo');
    await form.getByRole('button', { name: 'Create rule' }).click();
    const rule = page.locator('#rule-list .rule', { hasText: 'no-repo-deletes' });
    await rule.waitFor();
    assert.match(await rule.innerText(), /v1/);
    const blocked = await decide({ path: '/tools/delete_repo', payload: { repo: 'core' } });
    assert.equal(blocked.body.verdict, 'BLOCKED');
    assert.match(blocked.body.stages[2].detail, /no-repo-deletes/);

    await rule.getByRole('button', { name: 'Edit' }).click();
    await rule.locator('input[name="description"]').fill('deleting a repository needs a human outside the agent');
    await rule.getByRole('button', { name: 'Save as v2' }).click();
    await page.locator('#rule-list .rule', { hasText: 'v2' }).waitFor();
    await shot(page, 'tool-rules');
  });

  await t.test('halt blocks every call and shows a banner on every view; resume restores', async () => {
    const { context: other, page: watcher } = await signedIn(approverKey);
    await page.goto(`${server.url}/dashboard#/halt`);
    await page.click('#issue-token');
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#halt-token')?.value ?? '').startsWith('hlt_'));
    await page.fill('#halt-reason', 'agent loop sending mail');
    await page.fill('#halt-operator', 'ops-alice');
    await page.click('#halt');
    await page.waitForSelector('.halted-banner:not([hidden])');
    await watcher.waitForSelector('.halted-banner:not([hidden])', { timeout: LIVE_MS });
    assert.match(await watcher.locator('.halted-banner').innerText(), /agent loop sending mail/);
    await other.close();
    await shot(page, 'kill-switch-halted');

    const during = await decide({ path: '/tools/search', payload: { q: 'during halt' } });
    assert.equal(during.body.verdict, 'BLOCKED');
    assert.equal(during.body.stages[0].verdict, 'deny');
    for (const view of ['decisions', 'approvals', 'agents', 'rules', 'traces']) {
      await page.goto(`${server.url}/dashboard#/${view}`);
      await page.waitForSelector('.halted-banner:not([hidden])');
    }
    await page.goto(`${server.url}/dashboard#/halt`);
    await page.click('#resume');
    await page.waitForSelector('.halted-banner', { state: 'hidden' });
    const afterResume = await decide({ path: '/tools/search', payload: { q: 'after halt' } });
    assert.equal(afterResume.body.stages[0].verdict, 'allow');
  });

  await t.test('a degraded agent can be reinstated from its card, back to its earned state', async () => {
    const call = await decide({ path: '/tools/search', agent_id: 'flaky', payload: { q: 'denied' } }, server.adminKey);
    const denied = await server.call('POST', `/fabric/approvals/${call.body.stages[3].data.approval_id}/deny`, {
      key: approverKey,
      body: { note: 'no' },
    });
    assert.equal(denied.status, 200);
    assert.equal((await server.call('GET', '/fabric/agents/flaky')).body.state, 'degraded');
    await page.goto(`${server.url}/dashboard#/agents`);
    const flaky = page.locator('[data-agent="flaky"]');
    await flaky.waitFor();
    await flaky.locator('details.agent-actions summary').click();
    await flaky.locator('input[type="text"]').fill('denied by mistake');
    await shot(page, 'agents-reinstate');
    await flaky.getByRole('button', { name: 'Reinstate' }).click();
    await page.waitForFunction(() => !/degraded/.test(document.querySelector('[data-agent="flaky"] .agent-head')?.textContent ?? ''));
    const agent = (await server.call('GET', '/fabric/agents/flaky')).body;
    assert.equal(agent.state, 'new');
    assert.equal(agent.counters.forgiven_blocked, 1);
    assert.match(await flaky.innerText(), /1 forgiven on reinstatement/);
  });

  await t.test('agents and traces views show the record and the timeline', async () => {
    await decide({ path: '/tools/search', payload: { q: 'traced' }, trace_id: 'tr-demo' });
    await server.call('POST', '/fabric/traces/tr-demo/events', { key: agentKey, body: { name: 'plan.step', attributes: { step: 1 } } });
    await page.goto(`${server.url}/dashboard#/agents`);
    const mailer = page.locator('[data-agent="mailer"]');
    await mailer.waitFor();
    assert.match(await mailer.innerText(), /approved/);
    await shot(page, 'agents');
    await page.goto(`${server.url}/dashboard#/traces/tr-demo`);
    await page.waitForSelector('#timeline .tl-item >> nth=1');
    assert.match(await page.locator('#timeline').innerText(), /plan\.step/);
    await shot(page, 'trace');
  });

  await t.test('credentials view: names, hosts, versions and last use, never the secret; live on rotation and containment', async () => {
    const secret = 'sk_live_console_secret_4242';
    const added = await server.call('POST', '/fabric/credentials', {
      body: {
        name: 'billing-api',
        secret,
        allowed_hosts: ['api.billing.example'],
        allowed_methods: ['GET', 'POST'],
        description: 'invoices',
      },
    });
    assert.equal(added.status, 201);
    await page.goto(`${server.url}/dashboard#/credentials`);
    const card = page.locator('[data-credential="billing-api"]');
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /billing-api/);
    assert.match(text, /api\.billing\.example/);
    assert.match(text, /GET, POST/);
    assert.match(text, /v1/);
    assert.match(text, /never/, 'not used yet');
    assert.match(await page.locator('#enforcement-state').innerText(), /No egress rules/);

    // Rotated elsewhere (CLI or API): the card shows v2 without a reload.
    await server.call('POST', '/fabric/credentials', {
      body: { name: 'billing-api', secret: `${secret}-2`, allowed_hosts: ['api.billing.example'] },
    });
    await card.locator('.version', { hasText: 'v2' }).waitFor();
    // Contained from the API: the banner appears live; released: it goes.
    const tenant = (await server.call('GET', '/fabric/posture')).body.tenant;
    assert.equal((await server.call('POST', '/fabric/contain', { body: { tenant } })).status, 200);
    await page.locator('#enforcement-state', { hasText: 'brokered calls are stopped' }).waitFor();
    await shot(page, 'credentials-contained');
    assert.equal((await server.call('POST', '/fabric/contain', { body: { tenant, action: 'release' } })).status, 200);
    await page.locator('#enforcement-state', { hasText: 'No egress rules' }).waitFor();
    await shot(page, 'credentials');
    const html = await page.content();
    assert.ok(!html.includes(secret), 'the secret never reaches the browser');
  });

  await t.test('live updates fall back to polling when the stream is blocked', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const p = await context.newPage();
    await p.route('**/fabric/events?mode=sse*', (route) => route.abort());
    await p.goto(`${server.url}/dashboard`);
    await p.fill('#api-key', server.adminKey);
    await p.press('#api-key', 'Enter');
    await p.waitForSelector('.live[data-live="polling"]');
    const fresh = (await decide({ path: '/tools/write_file', payload: { path: '/tmp/x' } })).body;
    await p.locator(`[data-decision-id="${fresh.decision_id}"]`).waitFor({ timeout: LIVE_MS });
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone`);
    await shot(p, 'decisions-phone-dark');
    await p.goto(`${server.url}/dashboard#/approvals`);
    await p.locator('.approval').first().waitFor();
    await shot(p, 'approvals-phone-dark');
    await context.close();
  });

  await t.test('budgets view: a budget made in the console shows reserved and spent cents in its bar; alerts arrive live', async () => {
    await page.goto(`${server.url}/dashboard#/budgets`);
    await page.getByText('No budgets yet.').waitFor();
    const hostile = 'ops <img src=x onerror="window.__pwned=1"> spend';
    await page.fill('#budget-name', hostile);
    await page.fill('#budget-limit', '12.5');
    await page.click('#budget-form button[type="submit"]');
    assert.match(await page.locator('#budget-form .form-error').innerText(), /whole number of cents/);
    await page.fill('#budget-limit', '100000');
    await page.click('#budget-form button[type="submit"]');
    const card = page.locator('#budget-list .budget');
    await card.waitFor();
    assert.equal(await card.locator('h2').innerText(), hostile);
    assert.equal(await page.locator('#budget-list img').count(), 0);
    const [budget] = (await server.call('GET', '/fabric/budgets')).body.budgets;
    assert.deepEqual(
      [budget.name, budget.limit_cents, budget.scope, budget.period, budget.hard_limit],
      [hostile, 100000, 'tenant', 'monthly', true],
    );
    assert.match(await card.innerText(), /hard: a call passing it is held for approval/);

    // A reservation of 600.00 passes the 50% alert threshold: the alert and the bar arrive live.
    const held = await server.call('POST', `/fabric/budgets/${budget.id}/reservations`, { key: agentKey, body: { amount_cents: 60000 } });
    assert.equal(held.status, 201);
    await page.waitForSelector('#budget-alerts .budget-alert.alert-alert');
    assert.match(await page.locator('#budget-alerts').innerText(), /Alert threshold reached \(600\.00 USD of 1,000\.00 USD\)/);
    await page.waitForFunction(() => /600\.00 USD reserved/.test(document.querySelector('#budget-list .budget')?.textContent ?? ''));
    assert.equal(await card.locator('[data-alert-level]').getAttribute('data-alert-level'), 'alert');
    assert.equal(await card.locator('.spend-bar').getAttribute('aria-valuenow'), '60000');

    // Commit books the actual cost (850.00): spent, nothing reserved, the soft-limit alert (80%).
    const committed = await server.call('POST', `/fabric/budgets/${budget.id}/reservations/${held.body.reservation_id}/commit`, {
      key: agentKey,
      body: { actual_cost_cents: 85000 },
    });
    assert.equal(committed.status, 200);
    await page.waitForSelector('#budget-alerts .budget-alert.alert-soft_limit');
    // The bar follows on the next decision's event (a commit writes no event of its own) or a reload.
    await page.reload();
    await card.waitFor();
    assert.match(await card.innerText(), /850\.00 USD spent · 0\.00 USD reserved · limit 1,000\.00 USD · 85% used/);
    assert.equal(await card.locator('[data-alert-level]').getAttribute('data-alert-level'), 'soft_limit');
    assert.equal(await card.locator('.spend-bar').getAttribute('aria-valuenow'), '85000');
    assert.equal(await page.evaluate(() => (window as any).__pwned), undefined);
    await shot(page, 'budgets');
  });

  await t.test("agent controls on the agent's card: edited in place, enforced, and cleared", async () => {
    await page.goto(`${server.url}/dashboard#/agents`);
    const box = page.locator('[data-controls-for="mailer"]');
    await box.locator('.per-hour').waitFor();
    assert.match(await box.locator('.per-hour').innerText(), /\(no limit\)/);
    await box.locator('summary').click();
    await box.locator('input[id^="per-hour-"]').fill('1');
    await box.locator('input[id^="concurrent-"]').fill('0');
    await box.locator('button[type="submit"]').click();
    assert.match(await box.locator('.form-error').innerText(), /Max concurrent actions is a whole number of at least 1/);
    await box.locator('input[id^="concurrent-"]').fill('');
    await box.locator('button[type="submit"]').click();
    await page.waitForFunction(() => /of 1$/.test(document.querySelector('[data-controls-for="mailer"] .per-hour')?.textContent ?? ''));
    const controls = await server.call('GET', '/fabric/agents/mailer/controls');
    assert.deepEqual([controls.body.max_actions_per_hour, controls.body.max_concurrent_actions], [1, null]);
    await shot(page, 'agent-controls');
    const limited = (await decide({ path: '/tools/search', payload: { q: 'one too many' } })).body;
    assert.equal(limited.verdict, 'REQUIRE_APPROVAL');
    assert.match(JSON.stringify(limited.stages), /max_actions_per_hour is 1/);

    await page.reload();
    await box.locator('summary').click();
    await box.locator('input[id^="per-hour-"]').fill('');
    await box.locator('button[type="submit"]').click();
    await page.waitForFunction(() => /no limit/.test(document.querySelector('[data-controls-for="mailer"] .per-hour')?.textContent ?? ''));
    assert.equal((await server.call('GET', '/fabric/agents/mailer/controls')).body.max_actions_per_hour, null);
  });

  await t.test('an approval shows its required and given approvers and each vote’s signature, verified in the browser', async () => {
    const carol = (await server.call('POST', '/fabric/api-keys', { body: { name: 'carol', role: 'approver' } })).body.api_key;
    const opened = await server.call('POST', '/fabric/approvals', {
      body: { requester_id: 'release-bot', action: 'deploy_production', resource: 'svc/payments', min_distinct_approvers: 2 },
    });
    assert.equal(opened.status, 201);
    const id = opened.body.approval_id;
    // Carol signs her approval with a registered Ed25519 key.
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
    const apk = (await server.call('POST', '/fabric/approver-keys', { key: carol, body: { name: 'carol-yubikey', public_key: raw } })).body;
    const texts = (await server.call('GET', `/fabric/approvals/${id}/votes`, { key: carol })).body.signing_text;
    const signed = await server.call('POST', `/fabric/approvals/${id}/signatures`, {
      key: carol,
      body: { approver_key_id: apk.approver_key_id, signature_b64: sign(null, Buffer.from(texts.approved), privateKey).toString('base64') },
    });
    assert.equal(signed.status, 200);
    assert.equal(signed.body.status, 'pending');

    const { context, page: p } = await signedIn(approverKey);
    await p.goto(`${server.url}/dashboard#/approvals`);
    const votes = p.locator(`[data-votes-for="${id}"]`);
    await votes.locator('.approvers-summary').waitFor();
    assert.match(await votes.locator('.approvers-summary').innerText(), /1 of 2 approvers given · 1 more needed/);
    await votes.locator('.signature[data-verified="true"]').waitFor();
    assert.match(await votes.innerText(), new RegExp(`Ed25519 signature verified with approver key ${apk.approver_key_id}`));
    await shot(p, 'approval-votes');

    // A vote whose signature was altered on the way is marked not verified.
    const { context: c2, page: tampered } = await signedIn(approverKey);
    await tampered.route(`**/approvals/${id}/votes`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.votes[0].signed_text = body.votes[0].signed_text.replace('deploy_production', 'deploy_staging');
      await route.fulfill({ response, json: body });
    });
    await tampered.goto(`${server.url}/dashboard#/approvals`);
    await tampered.locator(`[data-votes-for="${id}"] .signature[data-verified="false"]`).waitFor();
    await c2.close();

    // Alice is the second, distinct approver: the approval is decided and leaves the queue.
    await p.locator(`[data-approval-id="${id}"] button.approve`).click();
    await p.locator(`[data-approval-id="${id}"]`).waitFor({ state: 'detached' });
    const after = (await server.call('GET', `/fabric/approvals/${id}/votes`)).body;
    assert.equal(after.status, 'approved');
    assert.equal(after.approvers.length, 2);
    await context.close();
  });

  await t.test('policies view lists governance and trajectory policies, escaped', async () => {
    await page.goto(`${server.url}/dashboard#/policies`);
    await page.getByText('No governance policies yet.').waitFor();
    await page.getByText('No trajectory policies yet.').waitFor();
    const gp = await server.call('POST', '/fabric/governance/policies', {
      body: {
        name: 'two-person prod <script>deploys</script>',
        priority: 10,
        constraints: [
          {
            effect: 'require_approval',
            min_distinct_approvers: 2,
            reason: 'prod needs two',
            conditions: [{ field: 'action', op: 'eq', value: 'deploy' }],
          },
        ],
      },
    });
    assert.equal(gp.status, 201, JSON.stringify(gp.body));
    const tp = await server.call('POST', '/fabric/trajectory-policies', {
      body: {
        name: 'secret then mail',
        rules: [
          {
            steps: [{ action: '/tools/read_secret' }, { action: '/tools/send_email' }],
            effect: 'require_approval',
            reason: 'exfiltration',
          },
        ],
      },
    });
    assert.equal(tp.status, 201, JSON.stringify(tp.body));
    await page.reload();
    const g = page.locator(`#governance-policies [data-policy-id="${gp.body.policy_id}"]`);
    await g.waitFor();
    assert.equal(await g.locator('h2').innerText(), 'two-person prod <script>deploys</script>');
    assert.match(await g.innerText(), /v1\.0/);
    assert.match(await g.innerText(), /require_approval \(2 approvers\) when 1 condition hold — prod needs two/);
    const tr = page.locator(`#trajectory-policies [data-policy-id="${tp.body.policy_id}"]`);
    assert.match(await tr.innerText(), /\/tools\/read_secret → \/tools\/send_email ⇒ require_approval · within 3600 s — exfiltration/);
    await shot(page, 'policies');
  });

  await t.test('plans view: steps in order, authorize a plan another key committed, steps marked used as they run', async () => {
    await page.goto(`${server.url}/dashboard#/plans`);
    await page.getByText('No plans yet.').waitFor();
    const tenant = (await server.call('GET', '/fabric/me')).body.tenant_id;
    const agentKey = (await server.call('POST', '/fabric/agent-keys', { body: { name: 'console-planner' } })).body.agent_key;
    const committed = await server.call('POST', '/fabric/plans', {
      key: agentKey,
      body: {
        agent_id: 'console-planner',
        tenant,
        goal: 'export <b>report</b> then mail it',
        steps: [
          { index: 1, action: 'send_email', target: 'ops@ourco.com' },
          { index: 0, action: 'read_file', target: '/srv/report.csv' },
        ],
        max_cumulative_risk_budget: 1,
        authorized_authority_ceiling: 'WRITE',
      },
    });
    assert.equal(committed.status, 201, JSON.stringify(committed.body));
    await page.reload();
    const card = page.locator(`#plan-list [data-plan-id="${committed.body.plan_id}"]`);
    await card.waitFor();
    assert.equal(await card.locator('h2').innerText(), 'export <b>report</b> then mail it');
    assert.match(await card.innerText(), /pending authorization/);
    assert.deepEqual(await card.locator('.plan-step').evaluateAll((items) => items.map((li) => li.getAttribute('data-step-index'))), [
      '0',
      '1',
    ]);
    await card.locator('button.authorize').click();
    await card.locator('.badge-ok', { hasText: 'authorized' }).waitFor();
    assert.equal(await card.locator('.plan-step.next').getAttribute('data-step-index'), '0');
    const ran = await server.call('POST', '/fabric/decisions', {
      key: agentKey,
      body: { path: '/tools/read_file', payload: { path: '/srv/report.csv' } },
    });
    assert.equal(ran.body.verdict, 'ALLOWED', JSON.stringify(ran.body.stages));
    // The decision event reloads the view: step 0 used, step 1 next.
    await card.locator('.plan-step.used[data-step-index="0"]').waitFor();
    assert.equal(await card.locator('.plan-step.next').getAttribute('data-step-index'), '1');
    assert.match(await card.locator('.steps-used').innerText(), /1 of 2/);
    await shot(page, 'plans');
  });

  await t.test("a second tenant's key never sees the first tenant's data", async () => {
    const { context, page: p } = await signedIn(otherTenantKey);
    const seen: string[] = [];
    await decide({ path: '/tools/send_email', payload: { to: 'leak-check@example.com' } });
    const emptyViews = {
      decisions: 'No decisions yet',
      approvals: 'Nothing waits for a decision',
      agents: 'No agents yet',
      rules: 'No tool rules yet',
      traces: 'No traces yet',
      credentials: 'No credentials yet',
      budgets: 'No budgets yet',
      policies: 'No trajectory policies yet',
      plans: 'No plans yet',
    };
    for (const [view, empty] of Object.entries(emptyViews)) {
      await p.goto(`${server.url}/dashboard#/${view}`);
      await p.getByText(empty).waitFor();
      seen.push(await p.locator('main').innerText());
    }
    await p.goto(`${server.url}/dashboard#/decisions`);
    await p.waitForSelector('.live[data-live="sse"]');
    await decide({ path: '/tools/send_email', payload: { to: 'second-leak-check@example.com' } });
    await p.waitForTimeout(500);
    seen.push(await p.content());
    const all = seen.join('\n');
    for (const secret of [
      'mailer',
      'treasurer',
      'no-repo-deletes',
      'tr-demo',
      'leak-check@example.com',
      'billing-api',
      held.decision_id,
      'ops <img',
      'two-person prod',
      'secret then mail',
      'deploy_production',
      'console-planner',
    ]) {
      assert.ok(!all.includes(secret), `the other tenant saw ${secret}`);
    }
    assert.equal(await p.locator('#decision-list .decision-row').count(), 0);
    await context.close();
  });

  await t.test('sign out forgets the key', async () => {
    await page.click('#sign-out');
    await page.waitForSelector('#api-key');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('actiongate.api-key')), null);
    await page.reload();
    await page.waitForSelector('#api-key');
  });

  await t.test('no script errors and no CSP violations', () => {
    assert.deepEqual(problems, []);
  });
});
