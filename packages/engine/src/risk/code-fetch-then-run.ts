// Code that fetches text from the network and runs it: `exec(urlopen(u).read())`,
// `src = requests.get(u).text; exec(src)`, `https.get(u, r => { r.on('data', c => d += c);
// r.on('end', () => eval(d)) })`, `new Function(await (await fetch(u)).text())()`,
// `spawnSync('sh', ['-c', data])`, Go's `exec.Command("sh", "-c", string(body))`,
// `Invoke-Expression $w.DownloadString(u)`, `fetch(u).then((r) => r.text()).then(eval)`, Perl's `eval get(u)`. It is `curl … | sh` written in a language: whoever
// serves the URL decides what runs. Names are followed through assignments (two steps); the
// fetched text only printed, parsed, saved or handed to a program that is no interpreter matches nothing.

/** Calls that return what a URL serves. */
const FETCH =
  /\burlopen\s*\(|\brequests\.(?:get|post|request)\s*\(|\bhttpx\.(?:get|post|request)\s*\(|\bfetch\s*\(|\bhttps?\.(?:get|request)\s*\(|\baxios(?:\.(?:get|request))?\s*\(|\.get\s*\(\s*['"`]https?:|\bgot\s*\(|Net::HTTP\.get|URI\.open\s*\(|\bURI\.parse\([^)\n]*\)\.read|\bhttp\.(?:Get|Post)\s*\(|\.Download(?:String|Data)\s*\(|\bInvoke-(?:WebRequest|RestMethod)\b|\b(?:iwr|irm)\s|file_get_contents\s*\(\s*['"]https?:|\b(?:get|getstore)\s*\(\s*['"](?:https?|ftp):|HTTP::Tiny->new->get\s*\(|LWP::UserAgent->new(?:\([^)]*\))?->get\s*\(/i;
/** Calls that run text as code (Perl's and Ruby's `eval $text`, `eval get(…)` need no parentheses). */
const EVAL_SINK =
  /\beval\s+(?=[\w$@"'])|\b(?:exec|eval|execfile|instance_eval|class_eval|module_eval|runInThisContext|runInNewContext|runInContext|compileFunction)\s*\(|\bnew\s+Function\s*\(|\bFunction\s*\(|\b(?:Invoke-Expression|iex)\b/g;
/** Calls that start a process. */
const PROCESS_SINK =
  /\b(?:os\.(?:system|popen|exec\w*|spawn\w*)|subprocess\.\w+|Popen|execSync|execFileSync|spawnSync|spawn|exec\.Command(?:Context)?|Kernel\.(?:system|exec|spawn)|system|shell_exec|popen|Start-Process)\s*\(/g;
/** An interpreter or shell named among a process call's arguments. */
const INTERPRETER =
  /['"`](?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh['"`]|['"`](?:python\d?(?:\.\d+)?|node|perl|ruby|php|pwsh|powershell|cmd(?:\.exe)?|bash\.exe)['"`]|['"`]-c['"`]|\bshell\s*[=:]\s*(?:True|true)\b/;
/** An assignment: the names it binds and what it assigns (`x = …`, `const {data} = …`, `r, _ := …`, `$s = …`). */
const ASSIGN = /^\s*(?:(?:const|let|var|my|local|our)\s+)?(\{[\w\s,$]+\}|\[[\w\s,$]+\]|[\w$]+(?:\s*,\s*[\w$]+)*)\s*(?::=|=(?!=))/;

/** Whether a word (a variable) occurs in a text. */
function mentions(text: string, name: string): boolean {
  if (name === '_' || name.length === 0) return false;
  const escaped = name.replace(/\$/g, '\\$');
  // Not inside a literal (`open(p, 'r')`) nor an attribute (`x.r`).
  return new RegExp(`(?:^|[^\\w$.'"\`])${escaped}(?![\\w$'"\`])`).test(text);
}

/** What a call is given: the text up to its balanced closing parenthesis (the rest of the statement for `iex $s`). */
function callArguments(text: string, start: number, parenthesised: boolean): string {
  const end = Math.min(text.length, start + 400);
  if (!parenthesised) return text.slice(start, end);
  let depth = 0;
  for (let i = start; i < end; i++) {
    const char = text[i];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return text.slice(start, i);
      depth--;
    }
  }
  return text.slice(start, end);
}

/** The statements of a piece of code: lines, and `;`-separated parts of a line. */
function statementsOf(code: string): string[] {
  return code.split(/\n|;(?![^(]*\))/).slice(0, 2000);
}

/** Why the code runs text it fetched, or undefined. */
export function runsFetchedText(code: string): string | undefined {
  if (code.length > 65536 || !FETCH.test(code)) return undefined;
  const statements = statementsOf(code);
  const tainted = new Set<string>();
  // Data streamed in (`r.on('data', c => d += c)`): what is appended to is the download.
  if (/\.on\(\s*['"]data['"]/.test(code)) for (const match of code.matchAll(/([\w$]+)\s*\+=/g)) tainted.add(match[1]);
  // Callback parameters of a fetch (`https.get(u, (r) => …)`, `function (res)`).
  for (const match of code.matchAll(
    /\b(?:https?\.get|https?\.request|request|get)\s*\([^()]*,\s*(?:async\s*)?(?:function\s*)?\(?\s*([\w$]+)\s*\)?\s*(?:=>|\{)/g,
  ))
    tainted.add(match[1]);
  // Promise chains (`fetch(u).then((r) => r.text()).then((t) => eval(t))`): each step's parameter is what the fetch gave.
  for (const match of code.matchAll(/\.then\(\s*(?:async\s*)?(?:function\s*)?\(?\s*([\w$]+)\s*\)?\s*(?:=>|\{)/g)) tainted.add(match[1]);
  for (let round = 0; round < 3; round++) {
    for (const statement of statements) {
      const assign = ASSIGN.exec(statement);
      if (assign === null) continue;
      const value = statement.slice(assign[0].length);
      if (!FETCH.test(value) && ![...tainted].some((name) => mentions(value, name))) continue;
      for (const name of assign[1].replace(/[{}[\]\s]/g, '').split(',')) if (name !== '' && name !== '_') tainted.add(name);
    }
  }
  const carries = (text: string): boolean => FETCH.test(text) || [...tainted].some((name) => mentions(text, name));
  for (const statement of statements) {
    // `iwr … | iex`, `Invoke-RestMethod … | Invoke-Expression`.
    if (FETCH.test(statement) && /\|\s*(?:iex|Invoke-Expression)\b/i.test(statement)) return 'pipes a download into Invoke-Expression';
    // `fetch(u).then((r) => r.text()).then(eval)`: the chain hands the fetched text to the evaluator itself.
    if (FETCH.test(statement) && /\.then\(\s*(?:eval|(?:new\s+)?Function|vm\.runInThisContext)\s*\)/.test(statement))
      return 'hands fetched text to an evaluator in a promise chain';
    for (const sink of statement.matchAll(EVAL_SINK)) {
      const argument = callArguments(statement, (sink.index ?? 0) + sink[0].length, sink[0].endsWith('('));
      if (carries(argument)) return `runs fetched text as code (\`${sink[0].replace(/\s*\($/, '')}\`)`;
    }
    for (const sink of statement.matchAll(PROCESS_SINK)) {
      const argument = callArguments(statement, (sink.index ?? 0) + sink[0].length, true);
      if (!carries(argument)) continue;
      // The fetched text is the command itself (`os.system(cmd)`, `execSync(cmd)`), or goes to a shell or interpreter.
      const first = /^\s*([\w$.]+(?:\([^()]*\))?)\s*(?:,|$)/.exec(argument)?.[1] ?? '';
      if (INTERPRETER.test(argument) || (first !== '' && carries(first) && !/^['"`]/.test(first)))
        return `hands fetched text to a shell or interpreter (\`${sink[0].replace(/\s*\($/, '')}\`)`;
    }
  }
  return undefined;
}

/** Whether the code fetches anything from the network. */
export function fetchesFromNetwork(code: string): boolean {
  return FETCH.test(code) || /\b(?:certutil|bitsadmin)\b/i.test(code);
}
