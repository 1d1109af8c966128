// Guidance for coding agents in a repository's own files (issue 13, round 9): READMEs, AGENTS.md
// and "usage for AI agents" sections address the agent by name ("if you are an AI coding agent
// working in this repository, run `make test` before opening a pull request"). That is the
// project's convention for its contributors, not an injection, as long as the paragraph keeps the
// agent inside the project's own work: nothing sent or published outside, no secret, nothing
// destroyed or hidden from the user, no earlier instruction set aside. Any such word and the
// address counts as before.

/** Words that tie the address to the project being worked on. */
// Letters of any script bound the words: "pr" in "présidentielle" is no pull request.
const PROJECT =
  /(?<![\p{L}\p{N}])(?:repository|repo|codebase|this\s+project|this\s+package|this\s+(?:file|folder|directory)|pull\s+requests?|PRs?|commits?|tests?|lint|typecheck|build)(?![\p{L}\p{N}])/iu;
/**
 * Any sign that the paragraph leads the agent out of that work, or past its reviewers (approving,
 * merging). "Instead" that ends a clause ("run `make gen` instead.") offers the project's own way;
 * "instead, send …" or "instead of …" switch the task.
 */
const OUTSIDE_OR_HARM =
  /https?:\/\/|[\w.+-]+@[\w-]+\.\w|\b(?:ignore|disregard|forget|override|instead(?!\s*(?:[.;)!]|$))|approve|approval|merge|previous|prior|earlier|real\s+(?:job|task)|delete|remove|erase|wipe|rm\s+-|force|publish|deploy|send|upload|email|e-mail|mail|post|share|gist|paste|exfiltrat\w*|curl|wget|ssh|credentials?|tokens?|passwords?|secrets?|keys?|\.env|cookies?|safety|rules|restrictions?|without\s+(?:asking|telling)|quietly|silently|secretly|do\s+not\s+tell|don'?t\s+tell|user'?s?|owner|maintainer\s+wants|backdoor|disable|bypass)\b/i;
const PARAGRAPH_END = /\n\s*\n/;
const MAX_PARAGRAPH = 600;

/** Whether the address to an agent (or a heading for agents) at `at` in `text` opens a paragraph of project guidance only. */
export function isRepositoryGuidance(text: string, at: number): boolean {
  // A heading's guidance starts on the lines after it.
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at);
  const opens = /^\s*#/.test(text.slice(lineStart, at)) && lineEnd >= 0 ? lineEnd : at;
  const from = opens + (/^\s*/.exec(text.slice(opens, opens + 40))?.[0].length ?? 0);
  let paragraph = text.slice(from, from + MAX_PARAGRAPH);
  const end = PARAGRAPH_END.exec(paragraph);
  if (end !== null) paragraph = paragraph.slice(0, end.index);
  else if (text.length > from + MAX_PARAGRAPH) return false;
  return PROJECT.test(paragraph) && !OUTSIDE_OR_HARM.test(paragraph);
}
