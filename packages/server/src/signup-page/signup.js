// Signup page: posts the form to POST /signup, then shows the customer key once with the next steps.
// Everything the server returns is written with textContent, never as HTML.
'use strict';

document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('signup-form');
  const error = document.getElementById('error');
  const submit = document.getElementById('submit');
  const text = (id, value) => {
    document.getElementById(id).textContent = value;
  };

  function describe(body, status) {
    if (body && typeof body.detail === 'string') return body.detail;
    if (body && Array.isArray(body.detail)) return body.detail.map((item) => `${item.loc.slice(1).join('.')}: ${item.msg}`).join('; ');
    return `signup failed (HTTP ${status})`;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    const name = form.elements.name.value.trim();
    const email = form.elements.email.value.trim();
    try {
      const response = await fetch('/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(email ? { name, email } : { name }),
      });
      const body = await response.json().catch(() => null);
      if (response.status !== 201 || !body || typeof body.api_key !== 'string') throw new Error(describe(body, response.status));
      show(body);
    } catch (failure) {
      error.textContent = failure instanceof Error ? failure.message : String(failure);
      error.hidden = false;
      submit.disabled = false;
    }
  });

  function show(created) {
    const base = window.location.origin;
    text('api-key', created.api_key);
    text('tenant-id', created.tenant_id);
    text('key-id', created.key_id);
    text(
      'step-curl',
      [
        `curl -s ${base}/fabric/decisions \\`,
        `  -H 'X-API-Key: ${created.api_key}' \\`,
        `  -H 'content-type: application/json' \\`,
        `  -d '{"path": "/tools/send_email", "agent_id": "my-agent", "payload": {"to": "ops@example.com"}}'`,
      ].join('\n'),
    );
    text(
      'step-sdk',
      [
        `import { ActionGate } from '@actiongate/sdk';`,
        ``,
        `const gate = new ActionGate({ baseUrl: '${base}', apiKey: process.env.ACTIONGATE_API_KEY, agentId: 'my-agent' });`,
        `// Decides first; runs sendEmail only when allowed, else throws ActionBlocked / ApprovalRequired / GovernanceUnavailable.`,
        `const guardedSend = gate.guard('/tools/send_email', sendEmail);`,
        `await guardedSend({ to: 'ops@example.com', subject: 'Weekly report' });`,
      ].join('\n'),
    );
    form.hidden = true;
    document.getElementById('result').hidden = false;
  }

  document.getElementById('copy').addEventListener('click', async () => {
    const button = document.getElementById('copy');
    try {
      await navigator.clipboard.writeText(document.getElementById('api-key').textContent);
      button.textContent = 'Copied';
    } catch {
      // Clipboard access can be refused (no HTTPS, no permission): select the key for a manual copy.
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('api-key'));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      button.textContent = 'Press Ctrl+C';
    }
  });
});
