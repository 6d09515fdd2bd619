// The regex table the package build writes (regexTable.ts; scripts/compile.mjs): every pattern that every rule of the
// highlighted languages' grammars (and the grammars they embed) hands Shiki's engine, with and without the `\A` and
// `\G` anchors allowed, as the engine's converter makes it. The rules are reached through vscode-textmate's grammar
// (its rule list and each rule's scanner, the calls its tokenizer makes); should that change shape, the table holds
// fewer patterns, never other regexes: each entry is checked against a fresh conversion.
import { convertedOf, convertPattern, regexTableKey, sameRegex, SENTINEL, type ConvertedRegex, type RegexTable } from './regexTable.js';
import { createShiki, grammarNames } from './shikiHighlighter.js';

/** What a grammar rule offers its tokenizer (vscode-textmate's Rule): its scanner, for each use of the anchors. */
interface GrammarRule {
  compileAG?: (grammar: unknown, end: string | null, allowA: boolean, allowG: boolean) => unknown;
  compileWhileAG?: (grammar: unknown, end: string | null, allowA: boolean, allowG: boolean) => unknown;
}

/** The table of this converter and these grammars: each pattern they hand the engine, as it converts it. */
export function regexTableOf(): RegexTable {
  const made = new Map<string, RegExp | undefined>();
  const convert = (pattern: string): RegExp => {
    if (made.has(pattern)) return made.get(pattern) ?? convertPattern(pattern);
    try {
      const re = convertPattern(pattern);
      made.set(pattern, re);
      return re;
    } catch (err) {
      made.set(pattern, undefined); // converted (and failing) at run time, as before
      throw err;
    }
  };
  convert(SENTINEL);
  const highlighter = createShiki(convert);
  for (const lang of highlighter.getLoadedLanguages()) {
    const grammar = highlighter.getLanguage(lang) as unknown as { tokenizeLine: (line: string, state: null) => unknown; _ruleId2desc?: (GrammarRule | null)[] };
    grammar.tokenizeLine('', null); // makes the grammar's rules, the embedded grammars' included
    for (const rule of grammar._ruleId2desc ?? [])
      for (const allowA of [false, true])
        for (const allowG of [false, true])
          for (const scanner of [rule?.compileAG, rule?.compileWhileAG])
            try {
              scanner?.call(rule, grammar, null, allowA, allowG);
            } catch {
              // a rule with no scanner of that kind (a capture rule)
            }
  }
  const regexes: [string, ConvertedRegex][] = [];
  for (const pattern of [...made.keys()].sort()) {
    const re = made.get(pattern);
    if (!re) continue;
    const converted = convertedOf(re);
    const again =
      converted[2] === undefined
        ? new RegExp(converted[0], converted[1])
        : new (re.constructor as new (s: string, f: string, o: object) => RegExp)(...(converted as [string, string, object]));
    if (sameRegex(again, re)) regexes.push([pattern, converted]);
  }
  return { key: regexTableKey(), langs: grammarNames(), regexes };
}
