// libsodium signs decisions (issue 15) only because Ed25519 is deterministic: every signature must be
// the bytes node's crypto.sign gives for the same key and text, or records would stop matching what
// verifiers and the stored history expect. Checked on many texts and every form a key arrives in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import { createEd25519Signer, ed25519Signer, signText, verifyText, type SodiumSigning } from '../src/index.ts';

/** A seeded generator, so a failure names a text that can be made again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
}

/** Texts as signed payloads are, and the odd ones: empty, unicode, lone surrogates, around the scratch size. */
function texts(count: number): string[] {
  const next = random(7);
  const pieces = ['{"agent_id":"ag_', 'é', '漢', '😀', '\ud800', '\udfff', '"', '\\', '\u2028', ' ', 'x', '\u0000'];
  const out = ['', 'a', 'x'.repeat(2047), 'x'.repeat(2048), 'x'.repeat(2049), '😀'.repeat(1024), '漢'.repeat(2048), '漢'.repeat(2049)];
  for (let i = 0; i < count; i++) {
    const length = Math.floor(next() ** 3 * 5000);
    let text = '';
    while (text.length < length) text += pieces[Math.floor(next() * pieces.length)];
    out.push(text);
  }
  return out;
}

/** One key in every form the server and tools load: generated, PKCS#8 PEM and DER from disk, a JWK. */
function keyForms(): { form: string; privateKey: KeyObject; publicKey: KeyObject }[] {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  const jwk = privateKey.export({ format: 'jwk' });
  return [
    { form: 'generated', privateKey, publicKey },
    { form: 'pkcs8 pem', privateKey: createPrivateKey(pem), publicKey },
    { form: 'pkcs8 der', privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }), publicKey },
    { form: 'jwk', privateKey: createPrivateKey({ key: jwk, format: 'jwk' }), publicKey: createPublicKey({ key: jwk, format: 'jwk' }) },
  ];
}

test('libsodium loads here and signs', () => {
  assert.deepEqual(ed25519Signer().state(), { signer: 'libsodium', reason: null });
});

test('every signature is byte for byte the one node signs, for every key form and text', () => {
  const signer = ed25519Signer();
  const all = texts(1500);
  for (let k = 0; k < 3; k++) {
    for (const { form, privateKey, publicKey } of keyForms()) {
      for (const text of all) {
        const node = sign(null, Buffer.from(text), privateKey);
        const mine = signer.sign(text, privateKey);
        assert.ok(mine.equals(node), `${form}: ${JSON.stringify(text.slice(0, 80))} (${text.length} units)`);
        assert.ok(verify(null, Buffer.from(text), publicKey, mine));
      }
    }
  }
  assert.equal(signer.state().signer, 'libsodium');
});

test('signText is the base64url of node’s signature and verifies as before', () => {
  for (const { privateKey, publicKey } of keyForms()) {
    for (const text of texts(50)) {
      const signature = signText(text, privateKey);
      assert.equal(signature, sign(null, Buffer.from(text), privateKey).toString('base64url'));
      assert.ok(verifyText(text, signature, publicKey));
      assert.ok(!verifyText(text + ' ', signature, publicKey));
    }
  }
});

test('without libsodium, node signs the same bytes and the reason is said', () => {
  const signer = createEd25519Signer(null, 'sodium-native did not load: test');
  const { privateKey } = keyForms()[1];
  for (const text of texts(50)) assert.ok(signer.sign(text, privateKey).equals(sign(null, Buffer.from(text), privateKey)));
  assert.deepEqual(signer.state(), { signer: 'node', reason: 'sodium-native did not load: test' });
});

test('a libsodium that signs the probe differently is not used for that key', () => {
  const real = createRequire(import.meta.url)('sodium-native') as SodiumSigning;
  let calls = 0;
  const broken: SodiumSigning = {
    ...real,
    crypto_sign_seed_keypair: real.crypto_sign_seed_keypair,
    sodium_malloc: real.sodium_malloc,
    crypto_sign_detached(signature, message, secretKey) {
      calls++;
      real.crypto_sign_detached(signature, message, secretKey);
      signature[0] ^= 1;
    },
  };
  const signer = createEd25519Signer(broken);
  const { privateKey } = keyForms()[0];
  for (const text of texts(20)) assert.ok(signer.sign(text, privateKey).equals(sign(null, Buffer.from(text), privateKey)));
  assert.equal(calls, 1, 'only the probe went to the broken library');
  assert.equal(signer.state().signer, 'node');
  assert.match(signer.state().reason ?? '', /probe/);
});

test('a key that is not an Ed25519 private key is left to node, which refuses or signs it as before', () => {
  const { publicKey } = generateKeyPairSync('ed25519');
  assert.throws(() => ed25519Signer().sign('x', publicKey));
  const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  assert.ok(verify(null, Buffer.from('x'), p256.publicKey, ed25519Signer().sign('x', p256.privateKey)));
});
