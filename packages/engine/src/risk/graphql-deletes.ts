// Whole resources deleted by a GraphQL mutation sent through any tool (`mutation {
// projectDelete(id: "…") }` on Railway, `deleteRepository` on a code host, `environmentDelete`):
// the operation's name says what goes, as a DELETE URL would. Deleting one item (a comment, a
// variable, a domain record) is not a whole resource.

import type { Findings } from './findings.ts';
import type { PayloadFields } from './payload-fields.ts';

const MUTATION = /^\s*(?:#[^\n]*\n\s*)*mutation\b/;
/** `projectDelete(`, `deleteRepository(`, `environmentDestroy(`: a whole resource named with a delete verb before or after. */
const WHOLE_DELETE =
  /\b(?:(?:project|service|environment|database|cluster|volume|app|application|repository|repo|bucket|namespace|workspace|organization|stack|instance|server|site)s?(?:Delete|Destroy|Remove)|(?:delete|destroy|remove)(?:Project|Service|Environment|Database|Cluster|Volume|App|Application|Repository|Repo|Bucket|Namespace|Workspace|Organization|Stack|Instance|Server|Site)s?)\s*\(/;

/** Adds a critical finding when a GraphQL mutation in the payload deletes a whole resource (called once a mutation is seen). */
export function assessGraphqlDeletes(fields: PayloadFields, findings: Findings): void {
  for (const field of fields.strings) {
    if (
      (field.key !== 'query' && field.key !== 'mutation' && field.key !== 'body') ||
      field.text.length > 65536 ||
      !MUTATION.test(field.text)
    )
      continue;
    const match = WHOLE_DELETE.exec(field.text);
    if (match !== null) {
      findings.add('critical', `infrastructure: GraphQL mutation \`${match[0].replace(/\s*\($/, '')}\` deletes a whole resource`);
      return;
    }
  }
}
