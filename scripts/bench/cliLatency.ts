// `kb query`, `kb search` and `kb context` on the generated folder, each call a fresh process as an agent
// runs it. Every call starts node + tsx and indexes the folder through the index cache (`.kb-build/cache/index-…`,
// filled by the first call): reading and hashing every file, parsing none that is unchanged; `kb context`
// also builds the pack data. This is the latency an agent sees.
import { measureProcess } from './measureProcess.ts';
import { summarise, type Latency } from './stats.ts';
import type { QuerySet } from './querySet.ts';

export interface CliResult {
  command: 'query' | 'search' | 'context';
  latency: Latency | null;
  /** First failure (exit code ≥ 2 or a crash), when the command is missing or broken. */
  error?: string | undefined;
}

export async function measureCli(kbDir: string, set: QuerySet, runs: number, today: string): Promise<CliResult[]> {
  const calls: Record<CliResult['command'], string[][]> = {
    query: set.queries.map((q) => [q]),
    search: set.searches,
    context: set.packs.map((p) => ['--task', p.task, ...(p.project ? ['--project', p.project] : [])]),
  };
  const out: CliResult[] = [];
  for (const [command, argLists] of Object.entries(calls) as Array<[CliResult['command'], string[][]]>) {
    const samples: number[] = [];
    let error: string | undefined;
    for (let r = 0; r < runs && !error; r++) {
      for (const args of argLists) {
        const dated = command === 'search' ? [] : ['--today', today]; // kb search has no date-dependent output
        const m = await measureProcess(process.execPath, ['bin/kb.js', command, ...args, '--kb', kbDir, '--json', ...dated]);
        // exit 1 means "problems found" (e.g. warnings in the folder), still an answer; 2+ is a usage error or a crash
        if (m.status === null || m.status >= 2 || (m.status === 1 && !m.stdout.trim())) {
          error = `kb ${command} ${args.join(' ')}: exit ${m.status}: ${m.stderr.trim().split('\n').slice(-1)[0] ?? ''}`;
          break;
        }
        samples.push(m.wallMs);
      }
    }
    out.push({ command, latency: error ? null : summarise(samples), ...(error ? { error } : {}) });
  }
  return out;
}
