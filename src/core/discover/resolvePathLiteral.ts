/**
 * A path literal of a task or an argument: turn a path as a person wrote it (`~/x`, `../x`, `C:\x`, `x`) into an absolute,
 * `/`-separated path with `.` and `..` resolved. String logic only, so the island can run it too;
 * the node side passes the real home and working directories.
 */
export function resolvePathLiteral(raw: string, env: { home: string; cwd: string }): string {
  let path = raw.trim().replace(/\\/g, '/');
  if (path === '~' || path.startsWith('~/')) path = `${env.home.replace(/\\/g, '/')}${path.slice(1)}`;
  else if (!isAbsolute(path)) path = `${env.cwd.replace(/\\/g, '/')}/${path}`;
  return normalise(path);
}

/** `/x`, or a drive letter: `C:/x`, `C:`. */
export function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:(\/|$)/.test(path);
}

function normalise(path: string): string {
  // ^([A-Za-z]:)? — an optional drive letter, kept as the root of a Windows path
  const drive = /^([A-Za-z]:)/.exec(path)?.[1] ?? '';
  const parts: string[] = [];
  for (const part of path.slice(drive.length).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `${drive}/${parts.join('/')}`;
}
