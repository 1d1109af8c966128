// Public API of the server package, for tests, the CLI and embedding.
export { buildApp, type BuildOptions } from './app.ts';
export { configFromEnv, type Config } from './config.ts';
export { SigningKeyRing, publicJwk } from './signing-keys.ts';
export { SqliteStore } from './store/sqlite/sqlite-store.ts';
export { openStore } from './store/open-store.ts';
export type { Store } from './store/store.ts';
export { bootstrap, createTenantWithAdmin } from './tenants.ts';
