// Secret files that code opens and reads (`open(os.path.expanduser('~/.ssh/id_rsa')).read()`,
// `fs.readFileSync(process.env.HOME + '/.aws/credentials')`, `Path.home() / '.ssh' / 'id_rsa'`,
// `joinpath('.aws', 'credentials')`): what the code prints reaches whoever reads the answer.
// A path is taken whole from one literal, or joined from the string literals of one call or
// `+`/`/` chain; a read call must be present, so code that only passes a key to `ssh -i` is not
// counted. Opening a database file (`sqlite3.connect(…/Cookies)`, `new Database(…/Login Data)`) reads it.
// Token tests, linear.

import { pathsInText } from './paths.ts';
import { secretFile } from './secret-files.ts';

const READ_CALL =
  /\bopen\s*\(|\.read(?:_text|_bytes|lines)?\s*\(|readFile(?:Sync)?\s*\(|\bfopen\s*\(|file_get_contents|File\.(?:read|open|readlines)|IO\.read|\bslurp\b|ReadAllText|ReadAllBytes|Get-Content|readLines|Files\.read|ioutil\.ReadFile|os\.ReadFile|\bcat\b|load_pem|load_key|\bloadtxt|read_csv|json\.load|yaml\.safe_load|configparser|\.read\(\)|\.connect\s*\(|\bDatabase\s*\(|\bsqlite3?_open/;
/** A string literal appended to an expression for the home folder. */
const HOME_JOIN =
  /(?:\bHOME\b|\bUSERPROFILE\b|homedir\(\)|Path\.home\(\)|Dir\.home|expanduser\(\s*["']~["']\s*\)|getenv\(\s*["']HOME["']\s*\))["'\])]{0,3}\s*(?:\+|,|\/|\.join\(|\+=)\s*["']([^"'\n]{2,200})["']/g;
/** String literals joined by `,`, `+` or `/` (a path built from parts). */
const LITERAL_CHAIN = /(?:["'][^"'\n]{1,200}["']\s*[,+/]\s*)+["'][^"'\n]{1,200}["']/g;

/** The secret files the code reads, at most four. */
export function codeSecretReads(text: string): { path: string; why: string }[] {
  if (!READ_CALL.test(text)) return [];
  const found: { path: string; why: string }[] = [];
  const consider = (path: string): void => {
    if (found.length >= 4 || found.some((item) => item.path === path)) return;
    const why = secretFile(path);
    if (why !== undefined) found.push({ path, why });
  };
  for (const path of pathsInText(text, 16)) consider(path.replace(/[*]+$/, ''));
  for (const match of text.matchAll(/["']([^"'\n]{2,300})["']/g)) {
    const literal = match[1];
    if (/[\\/]/.test(literal) || /^\.[\w-]+$|^id_\w+$/.test(literal))
      consider(literal.startsWith('.') && !literal.startsWith('./') ? `~/${literal}` : literal);
  }
  // `process.env.HOME + '/.docker/config.json'`, `os.homedir() + "/.npmrc"`: a literal joined to the home folder.
  for (const match of text.matchAll(HOME_JOIN)) consider(`~/${match[1].replace(/^[\\/]+/, '')}`);
  LITERAL_CHAIN.lastIndex = 0;
  for (const match of text.matchAll(LITERAL_CHAIN)) {
    const parts = [...match[0].matchAll(/["']([^"'\n]{1,200})["']/g)].map((part) => part[1].replace(/^[\\/]+|[\\/]+$/g, ''));
    const joined = parts.filter((part) => part !== '').join('/');
    consider(joined.startsWith('.') || joined.startsWith('id_') ? `~/${joined}` : joined);
  }
  return found;
}
