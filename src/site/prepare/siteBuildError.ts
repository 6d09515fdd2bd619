// What stops a build: the folder's own problems, as lines the user can act on (not a crash of kb-portal).
/** Problems that must stop the build (errors, or warnings under strict); each line names file and line. */
export class SiteBuildError extends Error {
  constructor(readonly lines: string[]) {
    super(`The knowledge folder has problems that stop the build:\n${lines.join('\n')}`);
    this.name = 'SiteBuildError';
  }
}
