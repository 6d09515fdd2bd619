/** Thrown for a config that cannot be used; its lines name the file and key. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}
