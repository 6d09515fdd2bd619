// The flags `kb build` and `kb dev` take for the site, derived from the site options' one schema
// (src/site/options/kbPortalOptions.ts SITE_OPTION_FLAGS): their parseArgs options, their help lines, and the options
// they give, with the KB_* variables under them (flags win), parsed once by the schema. No option reaches the build
// through the environment: the build runs in this process, with these typed options.
import { resolve } from 'node:path';
import { kbPortalOptionsSchema, SITE_OPTION_FLAGS, type KbPortalOptions, type KbPortalOptionsInput } from '../site/options/kbPortalOptions.js';
import { kbPortalOptionsFromEnvironment } from '../node/kbEnvironment.js';
import { usageError, type Io } from './io.js';

type SiteCommand = 'build' | 'dev';
type FlagKey = keyof typeof SITE_OPTION_FLAGS;

const entries = (command: SiteCommand) =>
  (Object.entries(SITE_OPTION_FLAGS) as [FlagKey, (typeof SITE_OPTION_FLAGS)[FlagKey]][]).filter(
    ([, f]) => !('commands' in f) || (f.commands as readonly string[]).includes(command),
  );

/** The site flags of a command, as parseArgs options. */
export function siteFlags(command: SiteCommand): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(entries(command).map(([, f]) => [f.flag, { type: 'value' in f ? 'string' : 'boolean' }]));
}

/** The site flags' lines of a command's help. */
export function siteFlagsHelp(command: SiteCommand): string {
  return entries(command)
    .map(([, f]) => `  ${`--${f.flag}${'value' in f ? ` ${f.value}` : ''}`.padEnd(18)}${f.help}`)
    .join('\n');
}

/**
 * The site's options from a command's parsed flags over the KB_* variables of its environment, with what the command
 * sets itself (`extra`: the output to reuse, the cache folder in the working directory); a bad value is a usage error
 * naming it.
 */
export function siteOptions(command: SiteCommand, values: Record<string, unknown>, io: Io, extra: KbPortalOptionsInput = {}): KbPortalOptions {
  let fromEnv: KbPortalOptionsInput;
  try {
    fromEnv = kbPortalOptionsFromEnvironment(io.env);
  } catch (err) {
    throw usageError(command, (err as Error).message);
  }
  const fromFlags: Record<string, unknown> = {};
  for (const [key, f] of entries(command)) if (values[f.flag] !== undefined) fromFlags[key] = values[f.flag];
  const input = { ...fromEnv, ...fromFlags, ...extra };
  input.cacheDir = resolve(io.cwd, input.cacheDir ?? '.kb-build/cache');
  const parsed = kbPortalOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = issue.path[0] as FlagKey | undefined;
  const named = key && key in SITE_OPTION_FLAGS ? `--${SITE_OPTION_FLAGS[key].flag}` : (key ?? 'options');
  throw usageError(command, `${named}: ${issue.message}`);
}
