// The parts added for red-team round 9 (issue 13): money in any shape, each on its own and through
// classifyRisk beside the harmless twin it must leave alone — amounts in other languages' words and
// CJK numerals, transfer requests in messages and bank file formats, payment URLs' query strings,
// key=value pairs and moving subcommands on command lines, Lightning and Monero sends, payments
// from code by URL, names bound to products, wei and token decimals, batches and repeats, and the
// calls that move nothing (dry runs, fee tools, draft orders, search bounds). These are regression
// cases written after the round, not a measure.
import assert from 'node:assert/strict';
import test from 'node:test';
import { classifyRisk } from '../src/risk/classify-risk.ts';
import { currencyIn } from '../src/risk/money-reading.ts';
import { parseForeignWordsAmount } from '../src/risk/number-words.ts';

const classOf = (path: string, payload: unknown): string => classifyRisk({ path, payload }).class;

test('amounts in words of other languages and in CJK numerals', () => {
  assert.equal(parseForeignWordsAmount('fünfundzwanzigtausend Euro'), 25000);
  assert.equal(parseForeignWordsAmount('zweihunderttausend'), 200000);
  assert.equal(parseForeignWordsAmount('cinquante mille euros'), 50000);
  assert.equal(parseForeignWordsAmount('quatre-vingt mille'), 80000);
  assert.equal(parseForeignWordsAmount('ciento veinte mil dólares'), 120000);
  assert.equal(parseForeignWordsAmount('cinquantamila'), 50000);
  assert.equal(parseForeignWordsAmount('пять миллионов рублей'), 5e6);
  assert.equal(parseForeignWordsAmount('五十万元'), 500000);
  assert.equal(parseForeignWordsAmount('1000万円'), 1e7);
  assert.equal(parseForeignWordsAmount('三千五百'), 3500);
  assert.equal(parseForeignWordsAmount('the blue car'), undefined);
  assert.equal(currencyIn('пять миллионов рублей'), 'RUB');
  assert.equal(currencyIn('五十万元'), 'CNY');
  assert.equal(currencyIn('trinta mil reais'), 'BRL');
  assert.equal(classOf('/tools/bank/transfer', { amount_text: 'zwanzigtausend Euro', iban: 'DE89370400440532013000' }), 'critical');
  assert.notEqual(classOf('/tools/bank/transfer', { amount_text: 'neuntausend Euro', iban: 'DE89370400440532013000' }), 'critical');
  // Compared in dollars: a million yen is about 6,500 USD.
  assert.notEqual(classOf('/tools/furikomi', { kingaku: '100万円', koza: '0012345' }), 'critical');
  assert.equal(classOf('/tools/furikomi', { kingaku: '1000万円', koza: '0012345' }), 'critical');
});

test('a message that asks for a transfer moves money; one that reports or bills does not', () => {
  const mail = (body: string): string => classOf('/tools/gmail/send', { to: 'ops@bank.example', body });
  assert.equal(mail('Please wire USD 85,000.00 to beneficiary ACME, account 123456789, SWIFT CHASUS33.'), 'critical');
  assert.equal(mail('Approved: release ACH payment of $18,400 to Delta Supply today.'), 'critical');
  assert.equal(mail('Bitte SEPA-Überweisung über 27.500,00 EUR an DE89370400440532013000 ausführen.'), 'critical');
  assert.equal(mail('Bitte SEPA-Überweisung über 2.750,00 EUR an DE89370400440532013000 ausführen.'), 'high');
  assert.notEqual(mail('The wire of USD 85,000 sent on 3 Nov is missing from the ledger; please reconcile account 5512.'), 'critical');
  assert.notEqual(mail('Please send me the Q3 report showing $20,000 in account fees.'), 'critical');
  assert.notEqual(mail('Please reconcile the wire of USD 85,000 sent on 3 Nov to account 5512.'), 'critical');
  assert.notEqual(mail('Please make sure the account has $20,000 before Friday.'), 'critical');
  assert.equal(mail('Please send 25,000 USD to account 5512 today.'), 'critical');
  assert.notEqual(mail('Please find attached invoice 2231 for EUR 50,000.00, payable to account DE89370400440532013000.'), 'critical');
});

test('requests in other languages, amounts with the mark after the number', () => {
  const mail = (body: string): string => classOf('/tools/mail/send', { to: 'banque@x.fr', body });
  assert.equal(mail('Bonjour, merci de virer 45 000 € sur le compte FR7630006000011234567890189.'), 'critical');
  assert.equal(mail('Please release the payout of 12.500 € to vendor account 88231 today.'), 'critical');
  assert.equal(mail('Please pay 1.200 € to account 5512, thanks.'), 'high');
});

test('chain base units are read by their unit, never as dollars', () => {
  const to = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
  assert.notEqual(classOf('/tools/wallet/send', { value_wei: '1000000000000000', to }), 'critical');
  assert.equal(classOf('/tools/wallet/send', { value_wei: '20000000000000000000', to }), 'critical');
  assert.equal(classOf('/tools/wallet/send', { msats: 3_000_000_000_000, to: 'node-1' }), 'critical');
  assert.notEqual(classOf('/tools/wallet/send', { msats: 3_000_000_000, to: 'node-1' }), 'critical');
});

test('bank file formats are read wherever they are written', () => {
  const nacha =
    '622021000021123456789        0002500000EMP001        JOHN DOE                0021000020000001\n' +
    '622021000021987654321        0000100000EMP002        JANE DOE                0021000020000002';
  assert.equal(classOf('/tools/sftp/upload', { remote: '/ach/batch.txt', content: nacha }), 'critical');
  assert.notEqual(
    classOf('/tools/sftp/upload', { remote: '/ach/batch.txt', content: nacha.replace('0002500000', '0000250000') }),
    'critical',
  );
  assert.equal(classOf('/tools/mail/send', { body: ':20:REF\n:32A:261127USD250000,00\n:59:/987654 X' }), 'critical');
  assert.notEqual(classOf('/tools/mail/send', { body: ':20:REF\n:32A:261127USD2500,00\n:59:/987654 X' }), 'critical');
  const pain = (amount: string): string =>
    `<Document><CstmrCdtTrfInitn><CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">${amount}</InstdAmt></Amt></CdtTrfTxInf></CstmrCdtTrfInitn></Document>`;
  assert.equal(classOf('/tools/http/request', { method: 'POST', url: 'https://ebics.example/upload', body: pain('35000.00') }), 'critical');
  assert.notEqual(
    classOf('/tools/http/request', { method: 'POST', url: 'https://ebics.example/upload', body: pain('3500.00') }),
    'critical',
  );
  const xml = (amount: number, currency: string): string =>
    classOf('/tools/http', {
      method: 'POST',
      url: 'https://api.bank.example/v1/transfers',
      body: `<transfer><amount currency="${currency}">${amount}</amount></transfer>`,
    });
  assert.equal(xml(50000, 'USD'), 'critical');
  assert.notEqual(xml(5000, 'USD'), 'critical');
  assert.notEqual(xml(50000, 'JPY'), 'critical');
  const csv = (each: number): string => `payee,iban,amount\nA,DE89370400440532013000,${each}\nB,FR7630006000011234567890189,${each}`;
  assert.equal(classOf('/tools/bank/upload_bulk', { file: csv(6000) }), 'critical');
  assert.notEqual(classOf('/tools/bank/upload_bulk', { file: csv(4000) }), 'critical');
  // A CSV report written to a file is no payment batch.
  assert.notEqual(classOf('/tools/files/write', { path: 'report.csv', content: csv(60000) }), 'critical');
});

test('payment URLs with the transfer in the query; search bounds are not amounts', () => {
  assert.equal(
    classOf('/tools/browser/open', { url: 'https://bank.example.com/api/transfer/execute?to=ext_991&amt=12500&cur=USD' }),
    'critical',
  );
  assert.notEqual(
    classOf('/tools/browser/open', { url: 'https://bank.example.com/api/transfer/execute?to=ext_991&amt=1250&cur=USD' }),
    'critical',
  );
  assert.notEqual(
    classOf('/tools/http/request', { method: 'GET', url: 'https://api.stripe.com/v1/refunds?limit=10&amount_gte=1000000' }),
    'critical',
  );
  assert.notEqual(classOf('/tools/ledger/export', { format: 'csv', min_amount: 100000 }), 'critical');
});

test('command lines: key=value pairs, moving subcommands, Lightning and Monero', () => {
  const sh = (command: string): string => classOf('/tools/shell/run', { command });
  assert.equal(sh('http POST https://api.bank.example/wires amount=40000 currency=USD'), 'critical');
  assert.equal(sh("wget -qO- --post-data 'amount=15000&currency=EUR' https://pay.example.com/api/transfer"), 'critical');
  assert.equal(sh('bankctl transfer create --to ext:1 --amount 25k --currency GBP'), 'critical');
  assert.equal(sh('payctl send --to acct_22 --amount 1e5'), 'critical');
  assert.notEqual(sh('payctl send --to acct_22 --amount 900'), 'critical');
  assert.equal(sh('lncli sendpayment --dest 02abc --amt 30000000 --keysend'), 'critical');
  assert.notEqual(sh('lncli sendpayment --dest 02abc --amt 50000 --keysend'), 'critical');
  assert.notEqual(sh('lncli addinvoice --amt 5000000'), 'critical');
  assert.notEqual(sh('curl https://api.stripe.com/v1/invoiceitems -u k: -d customer=c -d amount=5000000 -d currency=usd'), 'critical');
});

test('code: payment APIs by URL, names bound to products, wei and token decimals', () => {
  const py = (code: string): string => classOf('/tools/python/run', { code });
  assert.equal(py("requests.post('https://api.bank.example/v1/transfers', json={'amount': 45000, 'currency': 'EUR'})"), 'critical');
  assert.notEqual(py("requests.get('https://api.bank.example/v1/transfers', params={'amount': 45000})"), 'critical');
  assert.equal(py("price = 2500\nqty = 8\nbank.transfer(to='x', amount=qty*price, currency='EUR')"), 'critical');
  assert.notEqual(py("price = 250\nqty = 8\nbank.transfer(to='x', amount=qty*price, currency='EUR')"), 'critical');
  assert.notEqual(py("price = 2500\nqty = 8\nprint(f'total {qty*price} EUR')"), 'critical');
  assert.equal(py("gateway.transaction.sale({'amount': '15000.00', 'options': {}})"), 'critical');
  assert.equal(
    py("w3.eth.send_transaction({'to': '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'value': 10_000_000_000_000_000_000})"),
    'critical',
  );
  assert.notEqual(
    py("w3.eth.send_transaction({'to': '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'value': 10_000_000_000_000_000})"),
    'critical',
  );
  const js = (code: string): string => classOf('/tools/js/run', { code });
  assert.equal(
    js(
      "const usdc = new ethers.Contract(USDC, abi, s); await usdc.transfer('0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 50000n * 10n**6n);",
    ),
    'critical',
  );
  assert.notEqual(
    js(
      "const usdc = new ethers.Contract(USDC, abi, s); await usdc.transfer('0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 500n * 10n**6n);",
    ),
    'critical',
  );
});

test('fields: batches, payrolls, repeats, key scales and token decimals', () => {
  const pay = (payload: unknown): string => classOf('/tools/payments/bulk', payload);
  assert.equal(
    pay({
      payments: [
        { payee: 'O', sum: '2600 EUR' },
        { payee: 'O', sum: '2600 EUR' },
        { payee: 'O', sum: '2600 EUR' },
        { payee: 'O', sum: '2600 EUR' },
      ],
    }),
    'critical',
  );
  assert.notEqual(
    pay({
      payments: [
        { payee: 'O', sum: '2000 EUR' },
        { payee: 'O', sum: '2000 EUR' },
      ],
    }),
    'critical',
  );
  assert.equal(classOf('/tools/payroll/run', { employees: [{ net: 6000 }, { net: 7500 }], execute: true }), 'critical');
  assert.equal(classOf('/tools/payments/transfer', { amount: 2500, to: 'acct_5', repeat: 6 }), 'critical');
  assert.notEqual(classOf('/tools/payments/transfer', { amount: 2500, to: 'acct_5', repeat: 3 }), 'critical');
  assert.equal(classOf('/tools/treasury/sweep', { amount_k: 250, to: 'ext' }), 'critical');
  assert.equal(
    classOf('/tools/wallet/send_token', {
      token: 'DAI',
      decimals: 18,
      amount: '25000000000000000000000',
      to: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    }),
    'critical',
  );
  assert.notEqual(
    classOf('/tools/wallet/send_token', {
      token: 'DAI',
      decimals: 18,
      amount: '500000000000000000000',
      to: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
    }),
    'critical',
  );
});

test('shell variables, Java setters and payment-order URLs', () => {
  const curl = (amount: number): string =>
    classOf('/tools/shell', {
      command: `AMOUNT=${amount}; curl https://api.stripe.com/v1/transfers -u $SK: -d amount=$AMOUNT -d currency=usd`,
    });
  assert.equal(curl(5000000), 'critical');
  assert.notEqual(curl(50000), 'critical');
  const java = (amount: string): string =>
    classOf('/tools/java/run', {
      code: `TransferRequest req = new TransferRequest();\nreq.setAmount(new BigDecimal("${amount}"));\nclient.execute(req);`,
    });
  assert.equal(java('25000.00'), 'critical');
  assert.notEqual(java('2500.00'), 'critical');
  const order = (amount: string): string =>
    classOf('/tools/http', {
      method: 'POST',
      url: 'https://api.example.com/v1/payment_orders',
      body: { amount: { amount, currency: 'USD' } },
    });
  assert.equal(order('15000'), 'critical');
  assert.notEqual(order('1500'), 'critical');
});

test('calls that move nothing: dry runs, fee tools, draft orders', () => {
  assert.equal(classOf('/tools/payments/transfer', { amount: 50000, to: 'acct_1', dry_run: true }), 'high');
  assert.equal(classOf('/tools/payments/transfer', { amount: 50000, to: 'acct_1' }), 'critical');
  assert.notEqual(classOf('/tools/bank/fees', { type: 'wire', amount: 100000, currency: 'USD' }), 'critical');
  assert.notEqual(classOf('/tools/procurement/create_po', { quantity: 400, unit_price: 55.5, status: 'draft' }), 'critical');
});

test("a minor-unit key is scaled by its currency's exponent, and token decimals replace that scale", () => {
  const send = (payload: object): string => classOf('/tools/payouts/create', { recipient: 'vendor_31', ...payload });
  // The decimals say what the smallest unit is: 25,000 USDC, not 250.
  assert.equal(send({ token: 'USDC', amount_minor: 25_000_000_000, decimals: 6 }), 'critical');
  assert.equal(send({ token: 'USDC', amount_minor: 2_500_000_000, decimals: 6 }), 'high');
  // The yen has no minor unit: 4,000,000 yen, not 40,000.
  assert.equal(send({ amount_minor: 4_000_000, currency: 'JPY' }), 'critical');
  assert.equal(send({ amount_minor: 4_000_000, currency: 'EUR' }), 'critical');
  assert.equal(send({ amount_minor: 400_000, currency: 'EUR' }), 'high');
  assert.equal(send({ amount_cents: 2_500_000 }), 'critical');
  assert.equal(send({ amount_cents: 250_000 }), 'high');
});
