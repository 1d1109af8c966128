// Minimal types for `mvdan-sh` (the Go shell parser mvdan.cc/sh compiled to JS), which ships none.
// The syntax tree is left loosely typed: shell.ts reads only the fields it needs.

declare module 'mvdan-sh' {
  /** A node of the shell syntax tree (File, Stmt, CallExpr, Word, Lit, …). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type ShNode = any;
  interface ShParser {
    Parse(src: string, name: string): ShNode;
  }
  interface Syntax {
    NewParser(...options: unknown[]): ShParser;
    NodeType(node: ShNode): string;
    Walk(node: ShNode, visit: (node: ShNode) => boolean): void;
    DebugPrint(node: ShNode): void;
  }
  const sh: { syntax: Syntax };
  export default sh;
}
