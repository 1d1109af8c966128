// Commands for document and key-value stores handed to any tool (`/tools/mongo {command:
// "db.getSiblingDB('prod').dropDatabase()"}`, `/tools/cache {command: "FLUSHALL"}`): the store's
// own language, which neither the shell nor the SQL analysis reads. Dropping a database or a
// collection, emptying a collection with an empty filter, flushing every key, and a graph query
// deleting every node are critical.

import type { Findings } from './findings.ts';
import { hasAnyKey, type PayloadFields } from './payload-fields.ts';
import { payloadObjects } from './payload-objects.ts';

/** Keys whose text a store runs. */
const RUN_KEYS = new Set([
  'command',
  'cmd',
  'query',
  'sql',
  'eval',
  'script',
  'code',
  'expression',
  'statement',
  'js',
  'operation',
  'commands',
]);
/** `db.dropDatabase()`, or the same as a database command (`db.runCommand({dropDatabase: 1})`). */
const MONGO_DROP_DATABASE = /\.\s*dropDatabase\s*\(|\b(?:runCommand|command)\s*\(\s*\{\s*["']?dropDatabase["']?\s*:/;
/** `db.users.drop()`, `db.getCollection('users').drop()`, `db['users'].drop()`. */
const MONGO_DROP_COLLECTION =
  /\b(?:runCommand|command)\s*\(\s*\{\s*["']?drop["']?\s*:|\bdb\s*(?:\.\s*\w+|\[\s*['"][^'"]+['"]\s*\]|\.\s*getCollection\s*\(\s*['"][^'"]+['"]\s*\))\s*\.\s*drop\s*\(\s*\)/;
/** `deleteMany({})`, `remove({})`: an empty filter matches every document. */
const MONGO_EMPTY_DELETE = /\.\s*(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*[,)]/;
/** Cypher that deletes every node: `MATCH (n) DETACH DELETE n`, no label and no condition. */
const CYPHER_DELETE_ALL = /^\s*MATCH\s*\(\s*(\w+)\s*\)\s*(?:DETACH\s+)?DELETE\s+\1\b/i;
/** A Mongo account given a role over every database or the cluster (`root`, `userAdminAnyDatabase`, `clusterAdmin`): the store's superuser. */
const MONGO_ADMIN_GRANT =
  /\b(?:grantRolesToUser|createUser|updateUser|grantRolesToRole)\s*\([\s\S]{0,400}?["'](?:root|userAdminAnyDatabase|clusterAdmin|dbAdminAnyDatabase|__system|restore)["']/;
const REDIS_FLUSH = /^\s*(?:FLUSHALL|FLUSHDB)(?:\s+(?:ASYNC|SYNC))?\s*;?\s*$/i;

/** Keys that hold a Mongo database command given as an object (`{command: {dropDatabase: 1}}`). */
const COMMAND_OBJECT_KEYS = new Set(['command', 'cmd', 'spec', 'document', 'body', 'run_command', 'db_command', 'operation']);

/** A database command given as an object: `{dropDatabase: 1}` drops the database, `{drop: "users"}` a collection. */
function assessCommandObject(fields: PayloadFields, payload: unknown, findings: Findings): void {
  if (fields.keys.has('drop_database')) {
    const flag = fields.scalars.find((scalar) => scalar.key === 'drop_database' && COMMAND_OBJECT_KEYS.has(scalar.parentKey));
    if ((flag !== undefined && Number(flag.value) !== 0) || commandFlagTrue(payload))
      findings.add('critical', 'datastore: a dropDatabase command deletes a whole database');
  }
  if (fields.keys.has('drop')) {
    const drop = fields.strings.find((field) => field.key === 'drop' && !field.inArray && COMMAND_OBJECT_KEYS.has(field.parentKey));
    if (drop !== undefined && drop.text.trim() !== '')
      findings.add('critical', `datastore: a drop command deletes the collection \`${drop.text.trim().slice(0, 60)}\``);
  }
}

/** Mongo's superuser roles, by name. */
const MONGO_ADMIN_ROLES = new Set(['root', 'useradminanydatabase', 'clusteradmin', 'dbadminanydatabase', '__system', 'restore']);
/** Database commands that give an account roles. */
const MONGO_ROLE_COMMANDS = ['grantRolesToUser', 'createUser', 'updateUser', 'grantRolesToRole'];

/** `{grantRolesToUser: "u", roles: [{role: "root", db: "admin"}]}`: the same grant as a command object. */
function mongoAdminGrantObject(payload: unknown): string | undefined {
  for (const record of payloadObjects(payload)) {
    if (!MONGO_ROLE_COMMANDS.some((command) => command in record) || !Array.isArray(record.roles)) continue;
    for (const role of record.roles.slice(0, 32)) {
      const name =
        typeof role === 'string' ? role : role !== null && typeof role === 'object' ? (role as { role?: unknown }).role : undefined;
      if (typeof name === 'string' && MONGO_ADMIN_ROLES.has(name.toLowerCase())) return name;
    }
  }
  return undefined;
}

/** `{command: {dropDatabase: true}}`: the flag as a boolean (the field reader keeps numbers and strings only). */
function commandFlagTrue(payload: unknown): boolean {
  if (payload === null || typeof payload !== 'object') return false;
  for (const [key, inner] of Object.entries(payload as Record<string, unknown>)) {
    if (!COMMAND_OBJECT_KEYS.has(key.toLowerCase()) || inner === null || typeof inner !== 'object') continue;
    if ((inner as Record<string, unknown>).dropDatabase === true) return true;
  }
  return false;
}

/** A delete-many operation named by the tool or an API path (`/tools/mongodb/delete_many`, `…/action/deleteMany`). */
const DELETE_MANY_TOOL = /delete_?many|deletemany|remove_?all|bulk_?delete/i;
const DELETE_MANY_URL = /\/action\/deleteMany\b|\/deleteMany\b/;
const FILTER_KEYS = new Set(['filter', 'query', 'q', 'selector', 'where']);

/** Whether the payload (or an object inside it) gives a filter that is an empty object: it matches every document. */
function emptyFilter(value: unknown, depth: number): boolean {
  if (depth > 3 || value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>).slice(0, 32)) {
    if (
      FILTER_KEYS.has(key.toLowerCase()) &&
      inner !== null &&
      typeof inner === 'object' &&
      !Array.isArray(inner) &&
      Object.keys(inner).length === 0
    )
      return true;
    if (emptyFilter(inner, depth + 1)) return true;
  }
  return false;
}

/** A delete-many tool or API call given an empty filter deletes every document of the collection. */
export function assessEmptyFilterDelete(toolName: string, fields: PayloadFields, payload: unknown, findings: Findings): void {
  const named =
    DELETE_MANY_TOOL.test(toolName) || fields.strings.some((field) => field.text.length < 2048 && DELETE_MANY_URL.test(field.text));
  if (named && emptyFilter(payload, 0))
    findings.add('critical', 'datastore: a delete-many with an empty filter deletes every document of a collection');
}

/** Adds critical findings for store commands that wipe a database, a collection or every key. */
export function assessDatastoreCommands(fields: PayloadFields, search: boolean, findings: Findings, payload?: unknown): void {
  if (search || !hasAnyKey(fields, RUN_KEYS)) return;
  if (fields.keys.has('drop_database') || fields.keys.has('drop')) assessCommandObject(fields, payload, findings);
  const adminRole = fields.keys.has('roles') ? mongoAdminGrantObject(payload) : undefined;
  if (adminRole !== undefined)
    findings.add('critical', `datastore: gives an account the role \`${adminRole}\` over every database (the superuser of the store)`);
  for (const field of fields.strings) {
    if (!RUN_KEYS.has(field.key) || field.text.length > 65536) continue;
    const text = field.text;
    if (REDIS_FLUSH.test(text)) findings.add('critical', `datastore: \`${text.trim()}\` deletes every key of the store`);
    if (!text.includes('(')) continue;
    if (CYPHER_DELETE_ALL.test(text)) findings.add('critical', 'datastore: a graph query deletes every node (MATCH (n) DELETE n)');
    if (MONGO_DROP_DATABASE.test(text)) findings.add('critical', 'datastore: dropDatabase() deletes a whole database');
    else if (MONGO_DROP_COLLECTION.test(text)) findings.add('critical', 'datastore: drop() deletes a whole collection');
    else if (MONGO_EMPTY_DELETE.test(text)) findings.add('critical', 'datastore: an empty filter deletes every document of a collection');
    if (MONGO_ADMIN_GRANT.test(text))
      findings.add('critical', 'datastore: gives an account a role over every database (the superuser of the store)');
  }
}
