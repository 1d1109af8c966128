// A path that names a money-moving resource and a verb that starts it (`wise/transfers/create`,
// `quickbooks/billpayment/create`) moves money, though its last segment is only `create`: the amount
// it carries is then read as a transfer.

import { pathSegmentWords } from './tool-name.ts';

const MONEY_RESOURCES = /^(transfers?|payouts?|payments?|billpayments?|wires?|disbursements?|remittances?|refunds?)$/;
const START_VERBS = new Set(['create', 'send', 'submit', 'execute', 'initiate', 'approve', 'fund', 'make', 'new', 'post']);

export function pathMovesMoney(path: string): boolean {
  const segments = pathSegmentWords(path);
  if (segments.length < 2) return false;
  const last = segments[segments.length - 1];
  return (
    last.some((word) => START_VERBS.has(word)) &&
    segments
      .slice(-2)
      .flat()
      .some((word) => MONEY_RESOURCES.test(word))
  );
}
