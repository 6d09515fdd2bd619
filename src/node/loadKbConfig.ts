import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { kbConfigSchema, describeConfigError, type KbConfig, type KbConfigInput } from '../core/config/kbConfigSchema.js';
import { parseAriaConfig } from '../core/aria/parseAriaConfig.js';
import { errorCode, nodeFs } from './fs/kbFs.js';

export const CONFIG_FILE = 'kb.config.yaml';
export const ARIA_CONFIG_FILE = 'aria-knowledge.local.md';

/** Thrown for a config that cannot be used; its lines name the file and key. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** Read `kb.config.yaml` (and an aria config, whose keys the yaml file overrides) from the knowledge folder. */
export function loadKbConfig(kbDir: string): KbConfig {
  let input: KbConfigInput = {};
  const ariaPath = join(kbDir, ARIA_CONFIG_FILE);
  if (existsSync(ariaPath)) input = parseAriaConfig(readConfigText(ariaPath, ARIA_CONFIG_FILE));
  const yamlPath = join(kbDir, CONFIG_FILE);
  if (existsSync(yamlPath)) {
    let raw: unknown;
    try {
      raw = parseYaml(readConfigText(yamlPath, CONFIG_FILE)) ?? {};
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
  if (!parsed.success) throw new ConfigError(describeConfigError(CONFIG_FILE, parsed.error));
  return parsed.data;
}

/** A config file's text, read non-blocking (a named pipe in its place is an error, not a hang). */
function readConfigText(path: string, name: string): string {
  try {
    return nodeFs.readFile(path).toString('utf8');
  } catch (err) {
    throw new ConfigError([`${name}: cannot be read (${errorCode(err)}); fix or remove it.`]);
  }
}
