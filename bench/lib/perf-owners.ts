// Who owns the code a `perf` sample of the server ran (http-perf-owners.ts, lone-decision-timeline.ts):
// the first owner whose pattern matches a frame of the sample's stack, in the order below.

/** Owners in priority order (a sample goes to the first that matches any of its frames). */
/**
 * The engine's `decide()`: a `decide` frame called from the service's `compute` (the service's own
 * `decide` is another function of that name). Told by the caller, not by a line range of the bundle,
 * which moved as the bundle grew (the engine ended near line 33,000 once; 139,000 by the thirteenth session).
 */
const engineDecide = (stack: string[]): boolean =>
  stack.some((frame, i) => /JS:\S*decide file:/.test(frame) && /JS:\S*compute file:/.test(stack[i + 1] ?? ''));

/** Fastify's handler chain, which runs inside the body parser's callback. */
const HANDLER = /JS:\S*(preValidationCallback|preHandlerCallback|validationCompleted) /;

export const OWNERS: Array<[string, RegExp | ((stack: string[]) => boolean)]> = [
  [
    'V8 compiler (background and lazy)',
    /OptimizingCompileDispatcher|PipelineCompilationJob|Maglev|CompileLazy|Compiler::Compile|BaselineBatchCompile/,
  ],
  [
    'garbage collector',
    /Heap::CollectGarbage|Scavenge|MarkCompact|ConcurrentMarking|Sweeper|IncrementalMarking|ArrayBufferSweeper|MinorGC/,
  ],
  ['WAL fdatasync (thread pool)', /fdatasync/],
  // node's one-shot sign, or libsodium's (ed25519-signer.ts; its addon has no frame pointers, so
  // its samples are told by their leaf: the field, group and scalar arithmetic, its SHA-512).
  ['Ed25519 signature', /signOneShot|crypto_sign_|sodium|ed25519Sign|^(fe|ge|sc)25519_|crypto_hash_sha512|SHA512_Transform/],
  ['signed text', /decisionSignedPayload/],
  ['engine decide()', engineDecide],
  ['access line (pino, sonic-boom, its pipe writes)', /sonic-boom|\/pino\/|onResponse|unix_stream_sendmsg/],
  ['store: group commit (statements, packing, journal, COMMIT)', /JS:\S*flush file/],
  [
    'store: after the sync (identity check, events, checkpoint)',
    /JS:\S*(answer|checkIdentity|releaseThrough|checkpoint|checkpointAfterAnswers) file/,
  ],
  ['answer: socket write (kernel)', /do_writev/],
  ['answer: Fastify send, node http', /Reply\.send|onSendEnd|_http_outgoing|_http_server/],
  // Only the parse itself: Fastify runs validation, the handler and the service's work before the
  // enqueue inside the parser's callback, so a `defaultJsonParser` frame sits under all of them
  // (eighteenth session: this owner held 3.1% of the samples, most of it the handler's).
  [
    'request: body JSON parse',
    (stack) => stack.some((frame) => /JsonParse|secure-json-parse/.test(frame)) && !stack.some((frame) => HANDLER.test(frame)),
  ],
  ['request: route, service, hooks, auth, metrics', /(main|baseline-\w+)\.mjs/],
  ['request: node http parser, Fastify routing', /llhttp|Parser::|parserOn|fastify\/|find-my-way/],
  ['socket read (kernel)', /ksys_read|sock_read|tcp_recvmsg/],
  ['event loop, wake-ups, promises', /uv_run|epoll|RunMicrotasks|processTicksAndRejections|futex|eventfd/],
];

export const ownerOf = (stack: string[]): string =>
  OWNERS.find(([, pattern]) => (pattern instanceof RegExp ? stack.some((frame) => pattern.test(frame)) : pattern(stack)))?.[0] ??
  'other (malloc and frames perf could not walk)';
