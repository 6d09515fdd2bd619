// The highlighter the notes' code is coloured with: Shiki, the languages it knows and the theme of CSS variables.
import { createCssVariablesTheme, createHighlighterCoreSync, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import c from 'shiki/langs/c.mjs';
import cpp from 'shiki/langs/cpp.mjs';
import csharp from 'shiki/langs/csharp.mjs';
import css from 'shiki/langs/css.mjs';
import diff from 'shiki/langs/diff.mjs';
import docker from 'shiki/langs/docker.mjs';
import go from 'shiki/langs/go.mjs';
import graphql from 'shiki/langs/graphql.mjs';
import html from 'shiki/langs/html.mjs';
import ini from 'shiki/langs/ini.mjs';
import java from 'shiki/langs/java.mjs';
import javascript from 'shiki/langs/javascript.mjs';
import json from 'shiki/langs/json.mjs';
import jsx from 'shiki/langs/jsx.mjs';
import kotlin from 'shiki/langs/kotlin.mjs';
import python from 'shiki/langs/python.mjs';
import ruby from 'shiki/langs/ruby.mjs';
import rust from 'shiki/langs/rust.mjs';
import shellscript from 'shiki/langs/shellscript.mjs';
import sql from 'shiki/langs/sql.mjs';
import swift from 'shiki/langs/swift.mjs';
import toml from 'shiki/langs/toml.mjs';
import tsx from 'shiki/langs/tsx.mjs';
import typescript from 'shiki/langs/typescript.mjs';
import xml from 'shiki/langs/xml.mjs';
import yaml from 'shiki/langs/yaml.mjs';

/** The languages highlighted (with their aliases: ts, js, sh, bash, py, yml, …); other code stays plain. */
export const LANGS = [
  c,
  cpp,
  csharp,
  css,
  diff,
  docker,
  go,
  graphql,
  html,
  ini,
  java,
  javascript,
  json,
  jsx,
  kotlin,
  python,
  ruby,
  rust,
  shellscript,
  sql,
  swift,
  toml,
  tsx,
  typescript,
  xml,
  yaml,
];

// Colours are CSS variables (--shiki-token-*), set for both themes in src/styles/markdown.css.
export const THEME = createCssVariablesTheme({ name: 'css-variables', variablePrefix: '--shiki-', fontStyle: true });

/** Shiki with its JavaScript regex engine (no WebAssembly), synchronous, each pattern's regex made by `regexConstructor` (regexTable.ts). */
export function createShiki(regexConstructor: (pattern: string) => RegExp): HighlighterCore {
  return createHighlighterCoreSync({ themes: [THEME], langs: LANGS, engine: createJavaScriptRegexEngine({ regexConstructor }) });
}

/** The grammars highlighted, embedded ones included: what a regex table was made from (regexTableOf.ts). */
export const grammarNames = (): string[] => LANGS.flat().map((g) => g.name);
