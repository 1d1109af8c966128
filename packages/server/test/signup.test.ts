// The signup page: HTTP checks (closed by default, headers, no inline script, no CDN), and the
// whole flow in a real browser (Chromium from the console's test/support/browser.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../console/test/support/browser.ts';
import { startServer, type TestServer } from './support/test-server.ts';

let open: TestServer;
let closed: TestServer;
before(async () => {
  [open, closed] = await Promise.all([startServer({ ACTIONGATE_SIGNUP: 'open' }), startServer()]);
});
after(async () => {
  await Promise.all([open?.close(), closed?.close()]);
});

const get = (server: TestServer, path: string) => fetch(server.url + path);

test('without ACTIONGATE_SIGNUP=open the page, its assets and the JSON signup are 404', async () => {
  for (const path of ['/signup', '/signup/signup.js', '/signup/signup.css']) {
    const response = await get(closed, path);
    assert.equal(response.status, 404, path);
    assert.match((await response.json()).detail, /signup is not enabled/);
  }
  const json = await closed.call('POST', '/signup', { key: null, body: { name: 'acme' } });
  assert.equal(json.status, 404);
});

test('GET /signup is a small HTML page with no inline script and nothing from another origin', async () => {
  const response = await get(open, '/signup');
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  const html = await response.text();
  assert.ok(html.length < 10_000);
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(script[1], /src="\/signup\/signup\.js"/, 'every script is a file of this origin');
    assert.equal(script[2].trim(), '', 'no inline script');
  }
  assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//, 'nothing loaded from another origin');
  assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handlers');
  for (const [path, type] of [
    ['/signup/signup.js', /^text\/javascript/],
    ['/signup/signup.css', /^text\/css/],
  ] as const) {
    const asset = await get(open, path);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-type') ?? '', type);
  }
});

// Bounded (a hung browser must fail), with room for starting a browser on a loaded machine.
test('the signup page in a browser: creates a tenant, shows its key once with copy and the next steps', { timeout: 300_000 }, async () => {
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`${open.url}/signup`);

    // A validation error from the server is shown, not swallowed.
    await page.fill('#name', ' ');
    await page.evaluate(() => document.getElementById('name')!.removeAttribute('required'));
    await page.click('#submit');
    await page.waitForSelector('#error:not([hidden])');
    assert.match((await page.textContent('#error')) ?? '', /name/);

    await page.fill('#name', 'Acme robotics');
    await page.fill('#email', 'ops@acme.example');
    await page.click('#submit');
    await page.waitForSelector('#result:not([hidden])');
    const key = (await page.textContent('#api-key'))!;
    assert.match(key, /^fk_/);
    assert.equal(await page.isHidden('#signup-form'), true);
    assert.match((await page.textContent('#tenant-id'))!, /^tn_/);

    // The key works, and belongs to a new tenant (not the default one).
    const rules = await open.call('GET', '/fabric/tool-rules', { key });
    assert.equal(rules.status, 200);
    assert.deepEqual(rules.body.rules, []);

    await page.click('#copy');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    assert.equal(await page.textContent('#copy'), 'Copied');

    const curl = (await page.textContent('#step-curl'))!;
    assert.ok(curl.includes(`${open.url}/fabric/decisions`) && curl.includes(`X-API-Key: ${key}`));
    assert.match((await page.textContent('#step-sdk'))!, /new ActionGate\(/);
    assert.equal(await page.getAttribute('#step-console', 'href'), '/dashboard');

    // Shown once: a reload shows the empty form again, not the key.
    await page.reload();
    assert.equal(await page.isHidden('#result'), true);
    assert.equal(await page.textContent('#api-key'), '');
    assert.deepEqual(
      problems.filter((p) => !/status of 422/.test(p)),
      [],
      'no console errors (a CSP violation would be one)',
    );
  } finally {
    await browser?.close();
  }
});
