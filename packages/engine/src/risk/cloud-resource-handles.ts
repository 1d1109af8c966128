// A cloud resource deleted through a name bound to its handle: `bucket = client.get_bucket('x')`
// then `bucket.delete(force=True)`, `const b = storage.bucket('x'); await b.delete()`,
// `c = svc.get_container_client('x'); c.delete_container()`, a Pulumi stack selected and then
// `stack.destroy()`. The handle's own `delete` removes the whole bucket, container, database,
// table or stack, as `delete_bucket` does. Handles used only to
// read, list, download or upload, and objects deleted one by one (`blob.delete()`), match nothing.

/** Calls that return a handle on a whole storage or database resource. */
const HANDLE =
  /^[ \t]*(?:(?:const|let|var|final|val)\s+)?([\w$]+)\s*:?=\s*(?:await\s+)?[^\n;=]*\.(?:bucket|get_bucket|lookup_bucket|create_bucket|Bucket|get_container_client|get_database_client|get_table_client|container|database|Table|table|get_share_client|get_file_system_client|select_stack|create_or_select_stack|selectStack|createOrSelectStack)\s*\(/gm;

/** Whether the code deletes a resource through a name bound to its handle. */
export function deletesThroughHandle(code: string): boolean {
  if (code.length > 65536 || !/delete|destroy/.test(code)) return false;
  for (const match of code.matchAll(HANDLE)) {
    const name = match[1].replace(/\$/g, '\\$');
    const after = code.slice((match.index ?? 0) + match[0].length);
    if (
      new RegExp(
        `(?:^|[^\\w$.])${name}\\.(?:delete|destroy|delete_container|delete_database|delete_table|delete_share|delete_file_system)\\s*\\(`,
      ).test(after)
    )
      return true;
  }
  return false;
}
