import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { kbConfigSchema, describeConfigError, type KbConfig, type KbConfigInput } from '../core/config/kbConfigSchema.js';
import { parseAriaConfig } from '../core/aria/parseAriaConfig.js';
import { ConfigError } from './configError.js';
import { errorCode, exists, nodeFs, type KbFs } from './fs/kbFs.js';

export const CONFIG_FILE = 'kb.config.yaml';
export const ARIA_CONFIG_FILE = 'aria-knowledge.local.md';

export { ConfigError };

/**
 * Read `kb.config.yaml` (and an aria config, whose keys the yaml file overrides) from the knowledge folder,
 * through `fs` (the folder reader's, so the index snapshot knows both files were looked at).
 */
export function loadKbConfig(kbDir: string, fs: KbFs = nodeFs): KbConfig {
  let input: KbConfigInput = {};
  const ariaPath = join(kbDir, ARIA_CONFIG_FILE);
  if (exists(fs, ariaPath)) input = parseAriaConfig(readConfigText(fs, ariaPath, ARIA_CONFIG_FILE));
  const yamlPath = join(kbDir, CONFIG_FILE);
  if (exists(fs, yamlPath)) {
    let raw: unknown;
    try {
      raw = parseYaml(readConfigText(fs, yamlPath, CONFIG_FILE)) ?? {};
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
function readConfigText(fs: KbFs, path: string, name: string): string {
  try {
    return fs.readFile(path).toString('utf8');
  } catch (err) {
    throw new ConfigError([`${name}: cannot be read (${errorCode(err)}); fix or remove it.`]);
  }
}
