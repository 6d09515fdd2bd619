import { join } from 'node:path';
import { LineCounter, parse as parseYaml, parseDocument } from 'yaml';
import { kbConfigSchema, describeConfigError, type KbConfig, type KbConfigInput } from '../core/config/kbConfigSchema.js';
import { parseAriaConfig } from '../core/aria/parseAriaConfig.js';
import { ConfigError } from './configError.js';
import { errorCode, exists, nodeFs, type KbFs } from './fs/kbFs.js';

export const CONFIG_FILE = 'kb.config.yaml';
export const ARIA_CONFIG_FILE = 'aria-knowledge.local.md';

export { ConfigError };

/**
 * Read `kb.config.yaml` (and an aria config, whose keys the yaml file overrides) from the knowledge folder,
 * through `fs` (the folder reader's, so the index snapshot knows both files were looked at). `memo`: a live preview's (KbConfigMemo).
 */
export function loadKbConfig(kbDir: string, fs: KbFs = nodeFs, memo?: KbConfigMemo): KbConfig {
  const ariaPath = join(kbDir, ARIA_CONFIG_FILE);
  const ariaText = exists(fs, ariaPath) ? readConfigText(fs, ariaPath, ARIA_CONFIG_FILE) : undefined;
  const yamlPath = join(kbDir, CONFIG_FILE);
  const yamlText = exists(fs, yamlPath) ? readConfigText(fs, yamlPath, CONFIG_FILE) : undefined;
  if (!memo) return configOf(ariaText, yamlText);
  const key = JSON.stringify([ariaText ?? null, yamlText ?? null]);
  if (memo.key !== key) {
    memo.key = undefined;
    memo.config = configOf(ariaText, yamlText);
    memo.key = key;
  }
  return structuredClone(memo.config!);
}

/**
 * A live preview's last configuration and the text of the files it was made from (loadKbConfig): the same text is not
 * parsed again. A copy is handed out each time, so what a reading does with it never reaches the next.
 */
export interface KbConfigMemo {
  key?: string | undefined;
  config?: KbConfig | undefined;
}

/** The configuration the two files' texts (either absent) make, or a ConfigError naming the file and line. */
function configOf(ariaText: string | undefined, yamlText: string | undefined): KbConfig {
  let input: KbConfigInput = {};
  if (ariaText !== undefined) input = parseAriaConfig(ariaText);
  if (yamlText !== undefined) {
    let raw: unknown;
    try {
      raw = parseYaml(yamlText) ?? {};
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      const e = err as { message: string; linePos?: { line: number }[] };
      const line = e.linePos?.[0]?.line;
      throw new ConfigError([`${CONFIG_FILE}${line ? `:${line}` : ''}: not valid YAML: ${e.message.split('\n')[0]}`]);
    }
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError([`${CONFIG_FILE}: must be a mapping of keys (title, projects, aliases, …)`]);
    const fromYaml = raw as KbConfigInput;
    input = { ...input, ...fromYaml, projects: { ...(input.projects ?? {}), ...(fromYaml.projects ?? {}) } };
  }
  const parsed = kbConfigSchema.safeParse(input);
  if (!parsed.success) throw new ConfigError(describeConfigError(CONFIG_FILE, parsed.error, yamlText === undefined ? undefined : lineOfKey(yamlText)));
  return parsed.data;
}

/**
 * The line of kb.config.yaml a key path is written on (`['site', 'locale']`), for error messages; for a key that
 * is missing, the line of the mapping that lacks it.
 */
function lineOfKey(text: string): (path: readonly (string | number)[]) => number | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  return (path) => {
    for (let n = path.length; n > 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
}

/** A config file's text, read non-blocking (a named pipe in its place is an error, not a hang). */
function readConfigText(fs: KbFs, path: string, name: string): string {
  try {
    return fs.readFile(path).toString('utf8');
  } catch (err) {
    throw new ConfigError([`${name}: cannot be read (${errorCode(err)}); fix or remove it.`]);
  }
}
